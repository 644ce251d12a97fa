// The login link's access_code across the single-sign-on round trip, kept like the return-to path
// (lib/session/redirect.ts) and sent by the OAuth2 callback.
import { roundTripValue } from '../../lib/session/redirect.ts';

const kept = roundTripValue('ssoAccessCode');

/** Keeps `code` for the callback page; no code forgets one kept by an earlier attempt. */
export function rememberSsoAccessCode(code: string | undefined): void {
  kept.set(code);
}

/** The kept code, if any (it stays until {@link forgetSsoAccessCode}, so a retried callback sends it again). */
export function keptSsoAccessCode(): string | undefined {
  return kept.get();
}

export function forgetSsoAccessCode(): void {
  kept.set(undefined);
}
