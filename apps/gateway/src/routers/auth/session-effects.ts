/**
 * What the gateway does when a session starts or ends through it: the file-download cookie follows the
 * token, and ended sessions join the revocation list so their tokens are refused here (and by the relay)
 * before the provider is asked.
 */
import type { CurrentUser } from '@showfloor/contracts';
import type { Context } from '../../trpc/context.ts';
import { clearTokenCookie, setTokenCookie } from '../../proxy/token-cookie.ts';

/**
 * A session started (sign-in, sign-up, OAuth2): set the cookie; with `force_login`, every older session of
 * the user is over (the provider ended them), except the new one.
 */
export async function sessionStarted(ctx: Context, user: CurrentUser, isForced: boolean): Promise<void> {
  // Verified like any other token: a provider answer is not trusted blindly either.
  const verified = await ctx.deps.verifier.verify(user.jwt_token);
  setTokenCookie(ctx.req, ctx.res, verified.token, verified.claims.exp);
  if (isForced) ctx.deps.revocations.revokeUser(String(verified.id), verified.sid);
}

/** The caller signed out: their session is over. */
export function sessionEnded(ctx: Context, session: { id: number; sid: string; exp: number }): void {
  ctx.deps.revocations.revokeSession(session.sid, session.exp * 1000, String(session.id));
  clearTokenCookie(ctx.req, ctx.res);
}
