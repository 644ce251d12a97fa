/**
 * buildApp(env): the whole gateway as a Fastify instance that never listens, so tests can inject() or listen
 * on a random port. Order: shared deps -> security headers and CORS -> operations routes -> rate limits ->
 * tRPC at /trpc -> file proxy -> web app -> relay (attachRelay, once the HTTP server exists).
 */
import { randomUUID } from 'node:crypto';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { fastifyTRPCPlugin, type FastifyTRPCPluginOptions } from '@trpc/server/adapters/fastify';
import {
  BACKEND_MESSAGES,
  CALL_WIDGET_CONFIG_PATH,
  listCalls,
  type CallWidgetConfig,
} from '@showfloor/contracts';
import type { Env } from './config/env.ts';
import { GatewayEvents } from './calls/call-events.ts';
import type { GatewayDeps, ReadinessCheck } from './deps.ts';
import { createMetrics, type GatewayMetrics } from './observability/metrics.ts';
import { ProviderClient } from './provider/client.ts';
import { describeError } from './provider/errors.ts';
import { TokenVerifier } from './auth/token-verifier.ts';
import { RevocationList } from './auth/revocations.ts';
import { registerSecurity } from './http/security.ts';
import { registerAuthRateLimits } from './http/rate-limits.ts';
import { addressAllowList } from './http/ops-access.ts';
import { registerWebApp, wantsAppShell } from './http/web-app.ts';
import { buildProxyRoutes, registerFileProxy } from './proxy/files.ts';
import { OAUTH2_BROWSER_PAGES } from './proxy/browser-pages.ts';
import { appRouter, type AppRouter } from './trpc/root.ts';
import { createContextFactory } from './trpc/context.ts';
import { attachRelay, type RelayOptions } from './relay/attach-relay.ts';
import { Activity } from './runtime/activity.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Checks `/readyz` runs; the relay adds its Redis check here. */
    readinessChecks: ReadinessCheck[];
    /** The shared parts of this gateway (also given to the relay). */
    gatewayDeps: GatewayDeps;
  }
}

/** Parts a test (or the bench) may replace. */
export interface BuildAppOverrides {
  /** A pino-compatible logger instance instead of one built from LOG_LEVEL. */
  logger?: FastifyBaseLogger;
  provider?: ProviderClient;
  revocations?: RevocationList;
  metrics?: GatewayMetrics;
  /** Clock for token expiry (tests). */
  now?: () => number;
  /** Relay settings over those from the environment (tests: e.g. a shorter socket buffer sweep). */
  relay?: Partial<RelayOptions>;
}

/** Request ids we accept from a caller (or a proxy in front); anything else gets a fresh UUID. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;
const READINESS_TIMEOUT_MS = 3_000;

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Builds the gateway. Never listens; `main.ts` does. */
export async function buildApp(env: Env, overrides: BuildAppOverrides = {}): Promise<FastifyInstance> {
  const app = Fastify({
    ...(overrides.logger
      ? { loggerInstance: overrides.logger }
      : {
          logger: {
            level: env.LOG_LEVEL,
            redact: { paths: ['req.headers.authorization', 'req.headers.cookie'], censor: '[redacted]' },
          },
        }),
    requestIdHeader: false,
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    // Trust exactly the configured number of proxy hops in front (X-Forwarded-For / -Proto), no more.
    trustProxy:
      env.TRUST_PROXY_HOPS > 0 ? (_address: string, hop: number) => hop < env.TRUST_PROXY_HOPS : false,
    bodyLimit: env.BODY_LIMIT_BYTES,
    // tRPC batches put several procedure names into one path parameter.
    routerOptions: { maxParamLength: 5_000 },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
  });

  const metrics = overrides.metrics ?? createMetrics();
  const provider =
    overrides.provider ??
    new ProviderClient({
      baseUrl: env.PROVIDER_URL,
      timeoutMs: env.PROVIDER_TIMEOUT_MS,
      connections: env.PROVIDER_CONNECTIONS,
      transport: env.PROVIDER_TRANSPORT,
      pipelining: env.PROVIDER_PIPELINING,
      logger: app.log,
      metrics,
    });
  const revocations =
    overrides.revocations ?? new RevocationList(overrides.now ? { now: overrides.now } : {});
  const verifier = new TokenVerifier({
    fetchJwks: () => provider.call('auth', 'jwks', {}, { timeoutMs: env.JWKS_TIMEOUT_MS }),
    issuer: env.TOKEN_ISSUER,
    revocations,
    ...(overrides.now ? { now: overrides.now } : {}),
  });
  const deps: GatewayDeps = {
    env,
    logger: app.log,
    provider,
    verifier,
    revocations,
    metrics,
    events: new GatewayEvents(app.log),
    activity: new Activity(),
  };
  app.decorate('gatewayDeps', deps);
  app.decorate('readinessChecks', [] as ReadinessCheck[]);
  app.readinessChecks.push(async () => {
    try {
      await provider.call('auth', 'jwks', {}, { timeoutMs: 2_000 });
      return { name: 'provider', ok: true };
    } catch (error) {
      return { name: 'provider', ok: false, detail: error instanceof Error ? error.message : String(error) };
    }
  });
  if (!overrides.provider) app.addHook('onClose', async () => provider.close());

  app.addHook('onRequest', async (request, reply) => {
    deps.activity.note();
    reply.header('x-request-id', request.id);
  });
  // While draining, answers close their connection so keep-alive clients do not hold the shutdown open.
  let isDraining = false;
  app.addHook('preClose', async () => {
    isDraining = true;
    app.server.closeIdleConnections();
  });
  app.addHook('onSend', async (_request, reply) => {
    if (isDraining) reply.header('connection', 'close');
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.httpRequestDuration.observe(
      {
        method: request.method,
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // Errors outside tRPC (proxy, static, body parsing): JSON, the message for 4xx, a generic text for 5xx.
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status = typeof error.statusCode === 'number' && error.statusCode >= 400 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply
        .code(500)
        .type('application/json; charset=utf-8')
        .send({ message: BACKEND_MESSAGES.INTERNAL });
    }
    const message =
      error.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? BACKEND_MESSAGES.PAYLOAD_TOO_LARGE : error.message;
    return reply.code(status).type('application/json; charset=utf-8').send({ message });
  });

  await registerSecurity(app, env);

  app.get('/healthz', async () => ({ status: 'ok' }));
  // Where the web app finds the conference widget (spec 02 §4.4): configuration, read when a call opens.
  const callWidgetConfig: CallWidgetConfig = { widget: env.CALL_WIDGET };
  app.get(CALL_WIDGET_CONFIG_PATH, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').send(callWidgetConfig),
  );
  // The operator's endpoints: only for OPS_ALLOWED_IPS; anyone else sees an unknown path.
  const isOpsClient = addressAllowList(env.OPS_ALLOWED_IPS);
  const opsOnly = {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      if (!isOpsClient(request.ip)) return reply.callNotFound();
    },
  };
  app.get('/readyz', opsOnly, async (_request, reply) => {
    const results = await Promise.all(
      app.readinessChecks.map((check, index) =>
        withTimeout(check(), READINESS_TIMEOUT_MS, `check ${index}`).catch((error: unknown) => ({
          name: `check-${index}`,
          ok: false,
          detail: error instanceof Error ? error.message : String(error),
        })),
      ),
    );
    const isReady = results.every((result) => result.ok);
    const isDegraded = results.some((result) => 'degraded' in result && result.degraded === true);
    return reply
      .code(isReady ? 200 : 503)
      .send({ status: isReady ? (isDegraded ? 'degraded' : 'ok') : 'unavailable', checks: results });
  });
  app.get('/metrics', opsOnly, async (_request, reply) => {
    const text = await metrics.registry.metrics();
    return reply.type(metrics.registry.contentType).send(text);
  });

  const authRateLimiter = await registerAuthRateLimits(app, env);

  await app.register(fastifyTRPCPlugin, {
    prefix: '/trpc',
    trpcOptions: {
      router: appRouter,
      createContext: createContextFactory(deps, authRateLimiter),
      onError({ path, error, req }) {
        const details = describeError(error);
        metrics.errors.inc({ code: error.code, error_code: details.error_code ?? '' });
        if (error.code === 'INTERNAL_SERVER_ERROR' || details.isGeneric) {
          req.log.error({ err: error.cause ?? error, procedure: path }, 'procedure failed');
        } else {
          req.log.info(
            { procedure: path, code: error.code, error_code: details.error_code },
            'procedure refused',
          );
        }
      },
    } satisfies FastifyTRPCPluginOptions<AppRouter>['trpcOptions'],
  });

  await registerFileProxy(app, deps, buildProxyRoutes(listCalls(), OAUTH2_BROWSER_PAGES));

  const serveAppShell = env.WEB_DIST ? await registerWebApp(app, env.WEB_DIST) : undefined;
  app.setNotFoundHandler((request, reply) => {
    if (serveAppShell && wantsAppShell(request)) return serveAppShell(request, reply);
    return reply
      .code(404)
      .type('application/json; charset=utf-8')
      .send({ message: BACKEND_MESSAGES.NOT_FOUND });
  });

  await attachRelay(app, deps, overrides.relay);
  return app;
}
