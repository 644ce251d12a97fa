/**
 * buildProvider(options): the mock provider as a Fastify instance that never listens, so tests and other
 * services use it in-process (`inject()`) and main.ts listens. Every catalogue call is registered from the
 * contracts catalogue; the state is in memory, resettable to the demo fixture, and can start from a saved
 * snapshot (main.ts keeps it in `MOCK_PROVIDER_STATE_FILE` across restarts).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import multipart from '@fastify/multipart';
import { MAX_JSON_BODY_BYTES, MAX_UPLOAD_BYTES } from '@showfloor/contracts';
import { TokenSigner } from './auth/tokens.ts';
import { installErrorHandling, ProviderHttpError } from './http/errors.ts';
import { buildOpenApiDocument, renderDocsPage } from './openapi/document.ts';
import { registerCallWidget } from './call-widget/routes.ts';
import { registerDemoRooms } from './demo-rooms/routes.ts';
import { registerIdentityPage } from './routes/identity.ts';
import { HANDLERS } from './routes/index.ts';
import { registerCatalogue } from './routes/register.ts';
import type { ProviderServices } from './routes/types.ts';
import type { ProviderSnapshot } from './store/snapshot.ts';
import { ProviderState } from './store/state.ts';

export { DEMO_PASSWORD, DEMO_SSO_PROVIDER, FIXTURE_IDS, VIP_ACCESS_CODE } from './fixtures/demo.ts';
export { buildOpenApiDocument } from './openapi/document.ts';
export type { ProviderState } from './store/state.ts';
export { loadSnapshot, saveSnapshot, type ProviderSnapshot } from './store/snapshot.ts';

/** Options of {@link buildProvider}. */
export interface ProviderOptions {
  /** pino logger options, or false. @default false */
  logger?: FastifyServerOptions['logger'];
  /**
   * Demo mode: serves the parts that only make sense in a demo, and would be dangerous anywhere else: the
   * demo SSO provider's stand-in identity page (it signs anyone in as any account, admins included) and
   * `POST /__admin/reset` (restores the fixture), `GET /__admin/room-entries` (every recorded enter_room) and
   * `GET /__admin/help-requests` (the help desk's questions). `pnpm start` and the e2e stack turn it on; the compose
   * file does not. @default false
   */
  demo?: boolean;
  /** The clock every rule reads, in ms since the epoch; tests inject one to move time. @default Date.now */
  clock?: () => number;
  /** Lifetime of sign-in tokens and their sessions, in seconds. @default 43200 (12 h) */
  tokenTtlSeconds?: number;
  /** Lifetime of OAuth2 codes and retry tokens, in seconds. @default 300 */
  retryTokenTtlSeconds?: number;
  /** The origin browsers reach the provider on; only shown in the OpenAPI document's servers. */
  publicUrl?: string;
  /** A saved state to start from instead of the demo fixture (collections and signing key). */
  restore?: ProviderSnapshot;
  /**
   * The origin browsers reach the demo room pages on (this provider, as the browser sees it): the fixture's
   * room links point there. @default 'http://127.0.0.1:4010'
   */
  roomsUrl?: string;
  /** The app origins that may frame the demo room pages and the call widget and talk to them. @default none */
  appOrigins?: readonly string[];
  /** The gateway's CALL_TOKEN_SECRET, so the stand-in call widget checks tokens' signatures. @default none */
  callTokenSecret?: string;
}

/** What `app.mockProvider` exposes to in-process users (tests, the combined start script). */
export interface MockProvider {
  /** The live state (records, sessions, messages). */
  state: ProviderState;
  /** Restores the demo fixture. */
  reset(): void;
  /** The key set the tokens are signed with (same as GET /api/v1/auth/jwks). */
  jwks(): ReturnType<TokenSigner['jwks']>;
  /** The whole state and signing key, for the state file (`saveSnapshot`). */
  snapshot(): ProviderSnapshot;
}

declare module 'fastify' {
  interface FastifyInstance {
    mockProvider: MockProvider;
  }
}

/** Builds the mock provider. It never listens: call `listen()` (main.ts) or `inject()` (tests). */
export function buildProvider(options: ProviderOptions = {}): FastifyInstance {
  const clock = options.clock ?? Date.now;
  const app = Fastify({
    logger: options.logger ?? false,
    bodyLimit: MAX_JSON_BODY_BYTES,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
  });
  const state = new ProviderState(clock, options.roomsUrl ? { roomsUrl: options.roomsUrl } : {});
  if (options.restore) state.restore(options.restore.data);
  const services: ProviderServices = {
    tokens: new TokenSigner(clock, options.restore?.signingKey),
    tokenTtlSeconds: options.tokenTtlSeconds ?? 12 * 3600,
    retryTokenTtlSeconds: options.retryTokenTtlSeconds ?? 300,
  };
  app.decorate('mockProvider', {
    state,
    reset: () => state.reset(),
    jwks: () => services.tokens.jwks(),
    snapshot: () => ({
      version: 1,
      savedAt: clock(),
      data: state.data(),
      signingKey: services.tokens.signingKey(),
    }),
  } satisfies MockProvider);

  installErrorHandling(app);

  // JSON bodies: an empty body is no body (PATCH without payload), invalid JSON a 400 with a plain message.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text) as unknown);
    } catch {
      done(new ProviderHttpError(400, 'Request body is not valid JSON.'), undefined);
    }
  });
  // The fake identity page posts a plain HTML form.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(
        null,
        Object.fromEntries(new URLSearchParams(typeof body === 'string' ? body : body.toString('utf8'))),
      );
    },
  );
  void app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 10, fields: 20, parts: 30 },
  });

  app.addHook('onSend', async (_request, reply, payload) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'no-referrer');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', "default-src 'none'; frame-ancestors 'none'");
    return payload;
  });

  void app.register(async (scope) => {
    registerCatalogue(scope, HANDLERS, state, services);
    if (options.demo) registerIdentityPage(scope, state, services);
    registerDemoRooms(scope, { appOrigins: options.appOrigins ?? [] });
    registerCallWidget(scope, { appOrigins: options.appOrigins ?? [], tokenSecret: options.callTokenSecret });
  });

  let document: Record<string, unknown> | undefined;
  app.get('/api/docs/json', async (_request, reply) => {
    document ??= buildOpenApiDocument({ ...(options.publicUrl ? { publicUrl: options.publicUrl } : {}) });
    return reply.type('application/json').send(document);
  });
  app.get('/api/docs', async (_request, reply) => {
    return reply
      .type('text/html; charset=utf-8')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      )
      .send(renderDocsPage());
  });
  app.get('/health', async () => ({ status: 'ok' }));

  if (options.demo) {
    app.post('/__admin/reset', async () => {
      state.reset();
      return { message: 'Fixture restored.' };
    });
    // What the relay recorded of enter_room (content.enterRoom), for end-to-end checks of one entry per entry.
    app.get('/__admin/room-entries', async () => ({ entries: state.roomEntries }));
    // What the help desk received (the e2e suite checks a question from the help menu was stored).
    app.get('/__admin/help-requests', async () => ({ help_requests: state.helpRequests }));
  }
  return app;
}
