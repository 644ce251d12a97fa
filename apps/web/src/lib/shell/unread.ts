// Whether anything is unread, for the menu toggle's dot (spec 02 §2.2). Features that know about unread items
// (chat) report their count under their own name; the shell only reads the total.
import { useSyncExternalStore } from 'react';

const counts = new Map<string, number>();
const listeners = new Set<() => void>();
let total = 0;

export function setUnreadCount(source: string, count: number): void {
  counts.set(source, Math.max(0, count));
  total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => total;

export function useUnreadTotal(): number {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
