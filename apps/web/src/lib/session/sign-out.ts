// Ending a session (spec 01 §4, spec 02 §4.7): announce 'offline', end the session at the provider, clear
// exactly the spec's keys, go to /auth/login?event=... and reload.
import { TIMINGS, TOPICS } from '@showfloor/contracts';
import { browser } from '../browser.ts';
import { carryLoggedOutNotice } from './logged-out-notice.ts';
import { clearSession, getCurrentUser, lastEventCode, loginPath } from './session.ts';
import { disconnectSocket, emitWithAck } from '../socket/registry.ts';
import { trpcClient } from '../api/trpc.ts';

let signingOut = false;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T | undefined> {
  return Promise.race([
    promise,
    new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), ms)),
  ]);
}

/** Tells everyone the user is offline (only while connected; a missing ack does not stop the sign-out). */
export async function announceOffline(): Promise<void> {
  const user = getCurrentUser();
  if (!user) return;
  await emitWithAck(
    TOPICS.USER_STATUS_CHANGES,
    { room_id: null, user_id: user.id, user_status: 'offline' },
    1500,
  );
}

/** The user asked to log out (or an 'offline' status for them arrived). */
export async function signOut(): Promise<void> {
  if (signingOut) return;
  signingOut = true;
  const eventCode = lastEventCode();
  try {
    if (getCurrentUser()) {
      await announceOffline();
      // Ends the provider session so the next sign-in is not refused as a second live session.
      await withTimeout(
        trpcClient.auth.signout.mutate().catch(() => undefined),
        3000,
      );
    }
  } finally {
    disconnectSocket();
    clearSession();
    browser.assign(loginPath(eventCode));
  }
}

/**
 * The session ended elsewhere (logout event, refused socket): forget it locally without calling the provider;
 * the caller shows the logged-out dialog, whose confirm calls {@link goToLogin}.
 */
export function endSessionLocally(): string {
  const eventCode = lastEventCode();
  disconnectSocket();
  clearSession();
  return eventCode;
}

export function goToLogin(eventCode: string = lastEventCode()): void {
  browser.assign(loginPath(eventCode));
}

/**
 * A 401 with error_code 401.1: sign out, clear the stored user, reload. The reloaded tab (on the login page, by the
 * guard) shows the logged-out dialog's session-problem text, as when the socket learns of the end first: a call
 * refused because the session ended elsewhere (a deactivation, a manager's DELETE session) must not leave the
 * visitor on the login page without a word.
 */
export function signOutInvalidToken(): void {
  if (signingOut) return;
  signingOut = true;
  disconnectSocket();
  clearSession();
  carryLoggedOutNotice('session-problem');
  browser.reload();
}

/**
 * 401.2 or 'Login session expired.' on a signed-in call (spec 01 §8): after 4 s, forget the session and go to the
 * login page of its event. The session stays until then, so the page can say why (the caller's notice) rather
 * than the guard leaving at once; a second report meanwhile changes nothing.
 */
export function expireSession(): void {
  if (signingOut) return;
  signingOut = true;
  const eventCode = lastEventCode();
  setTimeout(() => {
    disconnectSocket();
    clearSession();
    browser.assign(loginPath(eventCode));
  }, TIMINGS.SESSION_EXPIRED_REDIRECT_MS);
}

/** Tests only: allow another sign-out in the same module instance. */
export function resetSignOutForTests(): void {
  signingOut = false;
}
