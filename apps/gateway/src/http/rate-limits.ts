/**
 * Rate limits of the credential calls (sign-in, sign-up, password): per client IP and per account (the email
 * or username in the input), with @fastify/rate-limit's counters, shared through Redis when REDIS_URL is set
 * (a Redis outage lets calls through rather than locking everyone out). Exceeding answers 429 + Retry-After.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import type { Redis } from 'ioredis';
import type { Env } from '../config/env.ts';

/** The outcome of a rate-limit check. */
export type RateLimitVerdict =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; limit: number };

/** Counts one credential call of a client and answers whether it may go on. */
export interface AuthRateLimiter {
  check(req: FastifyRequest, account: string | undefined): Promise<RateLimitVerdict>;
}

/** Registers @fastify/rate-limit (no global limit) and answers the limiter the credential procedures use. */
export async function registerAuthRateLimits(app: FastifyInstance, env: Env): Promise<AuthRateLimiter> {
  let redis: Redis | undefined;
  if (env.REDIS_URL) {
    // Loaded only when configured: a node without Redis never holds the client's modules (~2 MiB of heap).
    const { Redis } = await import('ioredis');
    redis = new Redis(env.REDIS_URL, {
      // Fail fast while Redis is away (skipOnError then lets the call through) instead of queueing.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 2_000,
      // A Redis that hangs without closing (host crash, partition) holds no sign-in: a count not answered in
      // 2 s fails (and the call goes through), and a connection with no data back for 4 s while a command
      // waits is dropped and made again (else the kernel gives up on it after ~15 min).
      commandTimeout: 2_000,
      socketTimeout: 4_000,
      lazyConnect: false,
    });
    let lastLogged = 0;
    redis.on('error', (error: Error) => {
      if (Date.now() - lastLogged > 30_000) {
        lastLogged = Date.now();
        app.log.warn({ err: error }, 'rate-limit redis unavailable; limits are not enforced meanwhile');
      }
    });
    app.addHook('onClose', async () => {
      redis?.disconnect();
    });
  }
  await app.register(rateLimit, {
    global: false,
    skipOnError: true,
    nameSpace: 'showfloor-gateway-rl:',
    ...(redis ? { redis } : {}),
  });

  const accounts = new WeakMap<FastifyRequest, string>();
  const perIp = app.createRateLimit({
    max: env.RATE_LIMIT_AUTH_PER_IP,
    timeWindow: env.RATE_LIMIT_WINDOW_MS,
    keyGenerator: (req) => `auth-ip:${req.ip}`,
  });
  const perAccount = app.createRateLimit({
    max: env.RATE_LIMIT_AUTH_PER_ACCOUNT,
    timeWindow: env.RATE_LIMIT_WINDOW_MS,
    keyGenerator: (req) => `auth-account:${accounts.get(req) ?? ''}`,
  });

  return {
    async check(req, account) {
      const ip = await perIp(req);
      if (!ip.isAllowed && ip.isExceeded) {
        return { allowed: false, retryAfterSeconds: Math.max(1, ip.ttlInSeconds), limit: ip.max };
      }
      if (!account) return { allowed: true };
      accounts.set(req, account.trim().toLowerCase());
      const byAccount = await perAccount(req);
      if (!byAccount.isAllowed && byAccount.isExceeded) {
        return {
          allowed: false,
          retryAfterSeconds: Math.max(1, byAccount.ttlInSeconds),
          limit: byAccount.max,
        };
      }
      return { allowed: true };
    },
  };
}
