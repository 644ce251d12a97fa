/**
 * The tRPC context of one request: the Fastify request and reply, the request id, the shared deps and the raw
 * bearer token. The token is only verified by `authedProcedure`, so public calls never depend on it.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { CreateFastifyContextOptions } from '@trpc/server/adapters/fastify';
import { bearerToken } from '../auth/token-verifier.ts';
import type { GatewayDeps } from '../deps.ts';
import type { AuthRateLimiter } from '../http/rate-limits.ts';

export interface Context {
  req: FastifyRequest;
  res: FastifyReply;
  requestId: string;
  deps: GatewayDeps;
  /** Counts credential calls (sign-in, sign-up, password) per IP and account. */
  authRateLimiter: AuthRateLimiter;
  /** The `Authorization: Bearer` token as sent, unverified. tRPC never reads cookies (no CSRF surface). */
  rawToken: string | undefined;
}

/** Builds the context factory for the tRPC plugin. */
export function createContextFactory(deps: GatewayDeps, authRateLimiter: AuthRateLimiter) {
  return ({ req, res }: CreateFastifyContextOptions): Context => ({
    req,
    res,
    requestId: String(req.id),
    deps,
    authRateLimiter,
    rawToken: bearerToken(req.headers.authorization),
  });
}
