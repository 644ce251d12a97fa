// The 'logged out' dialog's state (spec 01 §4, §8): set when the session ends elsewhere, shown above every route
// (the guard already shows the login page behind it) until the user confirms. A notice that must survive a reload
// (401.1 signs out and reloads, spec 01 §8) is carried across it in this tab's session storage and shown once
// after it: the visitor whose session ended reads why, whichever of the socket and a call learned of it first.
import { createExternalStore } from '../external-store.ts';
import { getCurrentUser, lastEventCode } from './session.ts';

export type LoggedOutReason = 'switched-devices' | 'session-problem';

export interface LoggedOutNotice {
  reason: LoggedOutReason;
  eventCode: string;
}

/** Session storage key of the notice carried across a reload (this tab only). */
export const CARRIED_NOTICE_KEY = 'loggedOutNotice';

const noticeStore = createExternalStore<LoggedOutNotice | null>(null);

export function showLoggedOutNotice(next: LoggedOutNotice): void {
  noticeStore.set(next);
}

export function clearLoggedOutNotice(): void {
  noticeStore.set(null);
}

/** The notice shown now, if any. */
export function getLoggedOutNotice(): LoggedOutNotice | null {
  return noticeStore.get();
}

export function useLoggedOutNotice(): LoggedOutNotice | null {
  return noticeStore.useValue();
}

/** Shows the dialog with `reason` after this tab's next load (the caller reloads). */
export function carryLoggedOutNotice(reason: LoggedOutReason): void {
  try {
    window.sessionStorage.setItem(CARRIED_NOTICE_KEY, reason);
  } catch {
    // Session storage blocked: the reload shows the login page without the dialog.
  }
}

function isReason(value: string | null): value is LoggedOutReason {
  return value === 'session-problem' || value === 'switched-devices';
}

/**
 * At start-up, after the stored session was read: shows the notice carried across the reload, once (it is
 * forgotten as it is read), and only when the tab is signed out; anything else stored under the key is dropped.
 */
export function restoreLoggedOutNotice(): void {
  let carried: string | null;
  try {
    carried = window.sessionStorage.getItem(CARRIED_NOTICE_KEY);
    if (carried === null) return;
    window.sessionStorage.removeItem(CARRIED_NOTICE_KEY);
  } catch {
    return;
  }
  if (isReason(carried) && getCurrentUser() === null)
    showLoggedOutNotice({ reason: carried, eventCode: lastEventCode() });
}
