// The 'logged out' dialog's state (spec 01 §4, §8): set when the session ends elsewhere, shown above every route
// (the guard already shows the login page behind it) until the user confirms. A notice that must survive a reload
// (401.1 signs out and reloads, spec 01 §8) is carried across it in this tab's session storage and shown once
// after it: the visitor whose session ended reads why, whichever of the socket and a call learned of it first.
import { createExternalStore } from '../external-store.ts';
import { roundTripValue } from './redirect.ts';
import { getCurrentUser, lastEventCode } from './session.ts';

/** Why the session ended: a sign-in on another device, or any other end (the dialog's two texts). */
const LOGGED_OUT_REASONS = ['switched-devices', 'session-problem'] as const;
export type LoggedOutReason = (typeof LOGGED_OUT_REASONS)[number];

export interface LoggedOutNotice {
  reason: LoggedOutReason;
  eventCode: string;
}

/** Session storage key of the notice carried across a reload (this tab only). */
export const CARRIED_NOTICE_KEY = 'loggedOutNotice';

const noticeStore = createExternalStore<LoggedOutNotice | null>(null);
const carried = roundTripValue(CARRIED_NOTICE_KEY);

export function showLoggedOutNotice(next: LoggedOutNotice): void {
  noticeStore.set(next);
}

export function clearLoggedOutNotice(): void {
  noticeStore.set(null);
}

export function useLoggedOutNotice(): LoggedOutNotice | null {
  return noticeStore.useValue();
}

/** Shows the dialog with `reason` after this tab's next load (the caller reloads). */
export function carryLoggedOutNotice(reason: LoggedOutReason): void {
  // Session storage blocked: nothing is kept, and the reload shows the login page without the dialog.
  carried.set(reason);
}

function isReason(value: string | undefined): value is LoggedOutReason {
  return (LOGGED_OUT_REASONS as readonly (string | undefined)[]).includes(value);
}

/**
 * At start-up, after the stored session was read: shows the notice carried across the reload, once (it is
 * forgotten as it is read), and only when the tab is signed out; anything else stored under the key is dropped.
 */
export function restoreLoggedOutNotice(): void {
  const reason = carried.get();
  carried.set(undefined);
  if (isReason(reason) && getCurrentUser() === null)
    showLoggedOutNotice({ reason, eventCode: lastEventCode() });
}
