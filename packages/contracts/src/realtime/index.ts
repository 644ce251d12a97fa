/**
 * The realtime channel's contract: socket path and client options, topic names, payload schemas, the
 * acknowledgement and socket.io's four event maps.
 */
export * from './socket.ts';
export * from './topics.ts';
export * from './ack.ts';
export * from './events.ts';
export * from './chat.ts';
export * from './maps.ts';
export * from './timeline.ts';
export * from './chat-sync.ts';
export * from './outbox.ts';
export * from './event-schemas.ts';
