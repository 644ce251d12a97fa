// The 'logged out' dialog's state (spec 01 §4): set when the session ends elsewhere, shown above every route
// (the guard already shows the login page behind it) until the user confirms.
import { useSyncExternalStore } from 'react';

export type LoggedOutReason = 'switched-devices' | 'session-problem';

export interface LoggedOutNotice {
  reason: LoggedOutReason;
  eventCode: string;
}

let notice: LoggedOutNotice | null = null;
const listeners = new Set<() => void>();

export function showLoggedOutNotice(next: LoggedOutNotice): void {
  notice = next;
  for (const listener of listeners) listener();
}

export function clearLoggedOutNotice(): void {
  notice = null;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const snapshot = () => notice;

export function useLoggedOutNotice(): LoggedOutNotice | null {
  return useSyncExternalStore(subscribe, snapshot, snapshot);
}
