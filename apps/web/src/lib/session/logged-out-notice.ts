// The 'logged out' dialog's state (spec 01 §4): set when the session ends elsewhere, shown above every route
// (the guard already shows the login page behind it) until the user confirms.
import { createExternalStore } from '../external-store.ts';

export type LoggedOutReason = 'switched-devices' | 'session-problem';

export interface LoggedOutNotice {
  reason: LoggedOutReason;
  eventCode: string;
}

const noticeStore = createExternalStore<LoggedOutNotice | null>(null);

export function showLoggedOutNotice(next: LoggedOutNotice): void {
  noticeStore.set(next);
}

export function clearLoggedOutNotice(): void {
  noticeStore.set(null);
}

export function useLoggedOutNotice(): LoggedOutNotice | null {
  return noticeStore.useValue();
}
