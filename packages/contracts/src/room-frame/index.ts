/** The room message protocol between the app's room page and the embedded room (spec 02 §4.12). */
export * from './protocol.ts';
export * from './channel.ts';
