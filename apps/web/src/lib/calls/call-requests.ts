// How a chat's call buttons reach the calls feature without importing it (features do not import each other,
// apps/web/README.md): the calls feature, mounted by the signed-in shell, provides the tab's call starter here;
// a conversation view reads it and gives its audio and video buttons to it. Without a provider (calls not
// mounted, e.g. in a chat test) the buttons stay as chat shows actions it has no handler for.
import { createExternalStore } from '../external-store.ts';

/** The kind of call: audio only, or with video. */
export type CallKind = 'audio' | 'video';

/** A call the user asks for from a conversation (spec 02 §4.4 "the caller starts an audio or video call"). */
export interface CallRequest {
  /** The conversation's id; a `temp-` id when its first message is not stored yet (the start creates it). */
  conversationId: string;
  /** The other participants, who get the start message. */
  recipients: readonly number[];
  kind: CallKind;
  /** How the call window names the call (the conversation's name as its header shows it). */
  title: string;
}

export type CallStarter = (request: CallRequest) => void;

const starter = createExternalStore<CallStarter | null>(null);

/** Makes `start` the tab's call starter; answers the cleanup that removes it again. */
export function provideCallStarter(start: CallStarter): () => void {
  starter.set(start);
  return () => {
    if (starter.get() === start) starter.set(null);
  };
}

/** The tab's call starter, or null while no calls feature is mounted. */
export function useCallStarter(): CallStarter | null {
  return starter.useValue();
}
