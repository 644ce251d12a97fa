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

/** Keeps the target across the SSO round trip (the identity page is a full navigation away). */
export function rememberReturnTo(path: string): void {
  try {
    window.sessionStorage.setItem(RETURN_TO_KEY, path);
  } catch {
    // Without session storage the user simply lands on /lobby.
  }
}

export function takeReturnTo(): string {
  try {
    const path = window.sessionStorage.getItem(RETURN_TO_KEY);
    window.sessionStorage.removeItem(RETURN_TO_KEY);
    return path && isSafePath(path) ? path : DEFAULT_AFTER_SIGN_IN;
  } catch {
    return DEFAULT_AFTER_SIGN_IN;
  }
}
