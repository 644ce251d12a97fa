// Which conversation the tab shows, and whether its reader is at the bottom: a message that arrives there is read
// at once (no unread mark, no toast for a room chat being read).
import { createExternalStore } from '../../../lib/external-store.ts';

export interface ActiveView {
  conversationId: string;
  isAtBottom: boolean;
}

export const activeView = createExternalStore<ActiveView | null>(null);

/** True when the conversation is on screen with its newest message in view. */
export function isReadingLatest(conversationId: string): boolean {
  const view = activeView.get();
  return view?.conversationId === conversationId && view.isAtBottom;
}

/** True when the conversation is on screen at all. */
export function isShown(conversationId: string): boolean {
  return activeView.get()?.conversationId === conversationId;
}
