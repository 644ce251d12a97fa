// Whether anything is unread, for the menu toggle's dot (spec 02 §2.2). Features that know about unread items
// (chat) report their count under their own name from their topic hook; the shell only reads the total.
import { createExternalStore } from '../external-store.ts';

const unreadStore = createExternalStore<Readonly<Record<string, number>>>({});

export function setUnreadCount(source: string, count: number): void {
  unreadStore.set({ ...unreadStore.get(), [source]: Math.max(0, count) });
}

/** The count one source reported (0 before its first report). */
export function getUnreadCount(source: string): number {
  return unreadStore.get()[source] ?? 0;
}

const totalOf = (counts: Readonly<Record<string, number>>): number =>
  Object.values(counts).reduce((sum, n) => sum + n, 0);

export function useUnreadTotal(): number {
  return unreadStore.useSelector(totalOf);
}
