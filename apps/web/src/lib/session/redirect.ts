// Where to go after sign-in: the location the guard kept (spec 01 §2), else /lobby. Only same-app paths are
// accepted, so a crafted link cannot send a user elsewhere.

export interface KeptLocation {
  pathname: string;
  search?: string;
  hash?: string;
}

/** The guard's router state. */
export interface GuardState {
  from?: KeptLocation;
}

/**
 * The router state of /info's link back to the login page: the closed event it came from, which the login page
 * does not send back to /info again (the visitor may want to sign in to another event).
 */
export interface LeftInfoState {
  leftInfoOf?: string;
}

/** The closed event whose info page the visitor just left, if the router state says so. */
export function leftInfoOf(state: unknown): string | undefined {
  const value = (state as LeftInfoState | null | undefined)?.leftInfoOf;
  return typeof value === 'string' ? value : undefined;
}

export const DEFAULT_AFTER_SIGN_IN = '/lobby';

const RETURN_TO_KEY = 'returnTo';

function isSafePath(path: string): boolean {
  return (
    path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/auth')
  );
}

/** The path to go to after sign-in, from the router state the guard left. */
export function afterSignInPath(state: unknown): string {
  const from = (state as GuardState | null | undefined)?.from;
  if (!from || typeof from.pathname !== 'string') return DEFAULT_AFTER_SIGN_IN;
  const path = `${from.pathname}${from.search ?? ''}${from.hash ?? ''}`;
  return isSafePath(from.pathname) ? path : DEFAULT_AFTER_SIGN_IN;
}

/**
 * A value this tab keeps across a full navigation (the SSO round trip: the identity page is a full navigation away;
 * a 401.1 sign-out's reload), in session storage; where that is blocked nothing is kept, and callers fall back (to
 * /lobby, to the access-code dialog, to the login page without the logged-out dialog).
 */
export function roundTripValue(key: string) {
  return {
    /** Keeps `value`; no value forgets the kept one. */
    set(value: string | undefined): void {
      try {
        if (value) window.sessionStorage.setItem(key, value);
        else window.sessionStorage.removeItem(key);
      } catch {
        // Session storage blocked: nothing is kept.
      }
    },
    get(): string | undefined {
      try {
        return window.sessionStorage.getItem(key) || undefined;
      } catch {
        return undefined;
      }
    },
  };
}

const returnTo = roundTripValue(RETURN_TO_KEY);

/** Keeps the target across the SSO round trip. */
export function rememberReturnTo(path: string): void {
  returnTo.set(path);
}

export function takeReturnTo(): string {
  const path = returnTo.get();
  returnTo.set(undefined);
  return path && isSafePath(path) ? path : DEFAULT_AFTER_SIGN_IN;
}
