// The login link's access_code across the single-sign-on round trip (the provider's page is a full navigation
// away): kept in session storage, like the return-to path (lib/redirect.ts), and sent by the OAuth2 callback.

const SSO_ACCESS_CODE_KEY = 'ssoAccessCode';

/** Keeps `code` for the callback page; no code forgets one kept by an earlier attempt. */
export function rememberSsoAccessCode(code: string | undefined): void {
  try {
    if (code) window.sessionStorage.setItem(SSO_ACCESS_CODE_KEY, code);
    else window.sessionStorage.removeItem(SSO_ACCESS_CODE_KEY);
  } catch {
    // Without session storage the access-code dialog asks for it instead.
  }
}

/** The kept code, if any (it stays until {@link forgetSsoAccessCode}, so a retried callback sends it again). */
export function keptSsoAccessCode(): string | undefined {
  try {
    return window.sessionStorage.getItem(SSO_ACCESS_CODE_KEY) || undefined;
  } catch {
    return undefined;
  }
}

export function forgetSsoAccessCode(): void {
  rememberSsoAccessCode(undefined);
}
