/**
 * The gateway's configuration: the only reader of process.env. Every variable is parsed and coerced here at
 * start; a bad or missing value stops the service with one message that names every bad variable.
 */
import { z } from 'zod';
import { FANOUT_PAYLOAD_MAX_BYTES, HttpUrlSchema, type CallWidget } from '@showfloor/contracts';
import { isAddressOrRange } from '../http/ops-access.ts';

/** Default provider address for local development (the mock provider's default port). */
export const DEV_PROVIDER_URL = 'http://127.0.0.1:4010';

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An `http(s)://host[:port]` origin without path: what browsers send in `Origin`. */
const OriginSchema = z
  .url({ protocol: /^https?$/ })
  .refine((value) => {
    // zod runs refinements after a failed check too: a value that is no URL must not throw here.
    try {
      return new URL(value).origin === value.replace(/\/$/, '');
    } catch {
      return false;
    }
  }, 'must be an origin like https://app.example.com (no path)')
  .transform((value) => new URL(value).origin);

/** A comma-separated list of exact origins; absent or blank = none. */
const originList = () =>
  z
    .string()
    .optional()
    .transform((value, ctx) => {
      if (!value?.trim()) return [];
      const origins: string[] = [];
      for (const part of value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean)) {
        const parsed = OriginSchema.safeParse(part);
        if (!parsed.success) {
          ctx.addIssue({
            code: 'custom',
            message: `"${part}" is not an origin like https://app.example.com`,
          });
          return z.NEVER;
        }
        origins.push(parsed.data);
      }
      return origins;
    });

/** A comma-separated list of IP addresses and CIDR ranges. */
const addressList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value, ctx) => {
      const entries = value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
      for (const entry of entries) {
        if (!isAddressOrRange(entry)) {
          ctx.addIssue({
            code: 'custom',
            message: `"${entry}" is not an IP address or range like 10.0.0.0/8`,
          });
          return z.NEVER;
        }
      }
      return entries;
    });

const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);

const EnvSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** Port the gateway listens on. @default 8080 */
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    /** Interface to bind. @default '0.0.0.0' */
    HOST: z.string().min(1).default('0.0.0.0'),
    /** Base URL of the provider (no path). Required in production; development defaults to the mock provider. */
    PROVIDER_URL: HttpUrlSchema.optional(),
    /** Per provider call time budget in ms; a slower provider is a 504-class error. @default 10000 */
    PROVIDER_TIMEOUT_MS: positiveInt(10_000),
    /** Keep-alive connections kept open to the provider. @default 64 */
    PROVIDER_CONNECTIONS: positiveInt(64),
    /**
     * How the provider calls without a cancel signal (the relay's stores and reads) are sent: `lean`, the
     * gateway's own HTTP/1.1 keep-alive transport, or `undici`. @default 'lean'
     */
    PROVIDER_TRANSPORT: z.enum(['lean', 'undici']).default('lean'),
    /**
     * Requests written and not yet answered on one provider connection (lean transport; 1 = no pipelining, for a
     * provider or proxy that does not take pipelined requests). @default 8
     */
    PROVIDER_PIPELINING: positiveInt(8),
    /** Redis for the relay's adapter and the shared rate-limit counters; absent = one node, in memory. */
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    /** Comma-separated browser origins allowed by CORS and the relay (exact match); absent = same origin only. */
    WEB_ORIGIN: originList(),
    /**
     * Comma-separated origins the rooms and the conference widget are framed from (exact match): the gateway's
     * CSP `frame-src` lists exactly these (besides blob:, for the user manual the app fetched).
     * Absent = no room or widget may be framed (a room shows its notice instead).
     */
    FRAME_ORIGINS: originList(),
    /**
     * Comma-separated origins transition videos, popup media and background music may come from (CSP
     * `media-src`). Absent = any https origin.
     */
    MEDIA_ORIGINS: originList(),
    /** Directory of the built web app, served with SPA fallback (used by the root `pnpm start`). */
    WEB_DIST: z.string().min(1).optional(),
    /** Largest accepted upload through the file proxy, in bytes. @default 10485760 (10 MiB) */
    UPLOAD_LIMIT_BYTES: positiveInt(10 * 1024 * 1024),
    /** Largest tRPC request body in bytes. @default 1048576 */
    BODY_LIMIT_BYTES: positiveInt(1024 * 1024),
    /** Sign-in, sign-up and password calls allowed per client IP per window. @default 30 */
    RATE_LIMIT_AUTH_PER_IP: positiveInt(30),
    /** Sign-in, sign-up and password calls allowed per account (email or username) per window. @default 10 */
    RATE_LIMIT_AUTH_PER_ACCOUNT: positiveInt(10),
    /** Rate limit window in ms. @default 60000 */
    RATE_LIMIT_WINDOW_MS: positiveInt(60_000),
    /** Trust X-Forwarded-* from this many proxy hops (the compose proxy is one). @default 0 */
    TRUST_PROXY_HOPS: z.coerce.number().int().min(0).default(0),
    /**
     * Client addresses and CIDR ranges that may read `/metrics` and `/readyz`, comma-separated (with
     * TRUST_PROXY_HOPS, the address the proxy names); everyone else gets 404. @default '127.0.0.0/8,::1'
     */
    OPS_ALLOWED_IPS: addressList('127.0.0.0/8,::1'),
    LOG_LEVEL: z.enum(LOG_LEVELS).default('info'),
    /** Longest wait for in-flight requests after SIGTERM before connections are cut. @default 10000 */
    SHUTDOWN_GRACE_MS: positiveInt(10_000),
    /**
     * A full, compacting garbage collection once the node has had no traffic for this long (ms), at most every
     * 10 s and only when the old generation grew by 8 MiB since the last (runtime/idle-gc.ts): keeps an idle
     * node's memory close to what it holds without collecting more often under load. 0 = never. @default 1000
     */
    IDLE_GC_QUIET_MS: z.coerce.number().int().min(0).default(1_000),
    /**
     * The nice value the process's helper threads (V8's collector workers, libuv's pool) run at, so that on a
     * node with one core the event loop does not wait for them (runtime/helper-priority.ts; Linux only).
     * 0 = leave them as they are. @default 19
     */
    HELPER_THREADS_NICE: z.coerce.number().int().min(0).max(19).default(19),
    /** Longest wait for the provider's key set (JWKS) fetch. @default 5000 */
    JWKS_TIMEOUT_MS: positiveInt(5_000),
    /** Expected `iss` claim of provider tokens. @default 'showfloor-mock-provider' */
    TOKEN_ISSUER: z.string().min(1).default('showfloor-mock-provider'),
    // Relay (/messaging), added by the relay (issue 5).
    /** Most socket connections one node accepts; more are refused with a clear connect_error. @default 20000 */
    RELAY_MAX_CONNECTIONS: positiveInt(20_000),
    /**
     * Most sockets one user holds on one node (tabs, windows, devices); the next handshake is refused with
     * 'Too many open connections for this account…', which the web app shows without signing out. @default 10
     */
    RELAY_MAX_SOCKETS_PER_USER: positiveInt(10),
    /** Sustained client emits per second per connection; more are acked 400. @default 20 */
    RELAY_EMITS_PER_SECOND: positiveInt(20),
    /** Emits a connection may burst above the sustained rate. @default 40 */
    RELAY_EMIT_BURST: positiveInt(40),
    /** Largest socket frame in bytes (socket.io maxHttpBufferSize); a larger one closes the transport. @default 65536 */
    RELAY_MAX_FRAME_BYTES: positiveInt(64 * 1024),
    /**
     * Sustained emits per second per USER (all their sockets on a node) of a topic that goes to the whole event
     * (`user_events`: one socket write per tab of the event); more are acked 400. A fraction is allowed
     * (0.1: one every 10 s). @default 1
     */
    RELAY_EVENT_FANOUT_PER_SECOND: z.coerce.number().positive().default(1),
    /** Emits of an event-wide topic a user may burst above that rate. @default 5 */
    RELAY_EVENT_FANOUT_BURST: positiveInt(5),
    /**
     * Sustained emits per second per USER of each topic that goes to a room at once (`user_scene_events`,
     * `view_content`, `user_status_changes`); more are acked 400. @default 5
     */
    RELAY_ROOM_FANOUT_PER_SECOND: z.coerce.number().positive().default(5),
    /**
     * Emits of a room-wide topic a user may burst above that rate; at least RELAY_MAX_SOCKETS_PER_USER, since
     * every tab announces its status when it connects (all at once after a node restart). @default 20
     */
    RELAY_ROOM_FANOUT_BURST: positiveInt(20),
    /**
     * Largest payload (UTF-8 bytes of its JSON) of those event- and room-wide topics; larger is acked 400. At least
     * the default (contracts' FANOUT_PAYLOAD_MAX_BYTES): the room protocol bounds an embedded room's messages so
     * that the events the app makes of them fit it, and a smaller limit would refuse what rooms were told fits.
     * @default 2048
     */
    RELAY_FANOUT_MAX_BYTES: z.coerce
      .number()
      .int()
      .min(FANOUT_PAYLOAD_MAX_BYTES, {
        error: `must be at least ${FANOUT_PAYLOAD_MAX_BYTES} (embedded rooms' messages are bounded to fit it)`,
      })
      .default(FANOUT_PAYLOAD_MAX_BYTES),
    /**
     * Socket writes per second per USER that those topics may cost together: each emit pays the node's sockets
     * in its audience (the event's, the room's), so one emit into a lobby of 5,000 costs 5,000. @default 2000
     */
    RELAY_FANOUT_WRITES_PER_SECOND: z.coerce.number().positive().default(2_000),
    /** Writes a user may burst above that rate (one emit to a larger audience passes when the bucket is full). @default 50000 */
    RELAY_FANOUT_WRITES_BURST: positiveInt(50_000),
    /**
     * Most bytes one socket may have buffered on a node (frames queued for a tab that reads slowly or not at all,
     * counted in UTF-8 bytes). A socket over it on two sweeps (one a second) whose count did not go down between
     * them (it is not draining) is dropped, and one past 4 × it at once; the client reconnects and catches up from
     * history. A slow tab that still reads is kept while it drains (a reconnecting tab asks several `catch_up`
     * pages at once, up to 1.6 MB each in CJK or emoji). 100 stalled tabs hold ~200 MiB. @default 2097152 (2 MiB)
     */
    RELAY_SOCKET_BUFFER_MAX_BYTES: positiveInt(2 * 1024 * 1024),
    /** Prefix of the relay's Redis channels and keys; deployments sharing one Redis keep theirs apart. @default 'showfloor' */
    RELAY_REDIS_PREFIX: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/)
      .default('showfloor'),
    /**
     * How often (ms) each node asks the provider which sessions holding its sockets are over, and how long a
     * handshake trusts the provider's last "alive" for a session: a session ended at the provider directly
     * loses its sockets within about this long. @default 3000
     */
    RELAY_SESSION_CHECK_MS: positiveInt(3_000),
    /**
     * How often (ms) each node emits the status changes it heard as one `user_status_batch` to its tabs of the
     * event (a change reaches the user's tabs and room at once, the rest of the event within this). @default 1000
     */
    RELAY_STATUS_BATCH_MS: positiveInt(1_000),
    /** HMAC secret (at least 32 characters) of the conference-widget tokens on call start messages; same on every node. Absent = random per process (one node only). */
    CALL_TOKEN_SECRET: z.string().min(32).optional(),
    /**
     * Base URL of the conference service calls embed (spec 02 §4.4): a call's room is `{url}/{room name}`; its
     * origin joins the CSP `frame-src`. Absent = no widget (a call window says calls are unavailable).
     */
    CALL_WIDGET_URL: HttpUrlSchema.optional(),
    /**
     * The widget's iframe API script (Jitsi's `external_api.js`); exactly this URL joins the CSP `script-src`.
     * @default '{CALL_WIDGET_URL}/external_api.js'
     */
    CALL_WIDGET_SCRIPT_URL: HttpUrlSchema.optional(),
  })
  .superRefine((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.PROVIDER_URL) {
      ctx.addIssue({ code: 'custom', path: ['PROVIDER_URL'], message: 'is required in production' });
    }
    if (env.CALL_WIDGET_SCRIPT_URL && !env.CALL_WIDGET_URL) {
      ctx.addIssue({ code: 'custom', path: ['CALL_WIDGET_SCRIPT_URL'], message: 'needs CALL_WIDGET_URL' });
    }
  })
  .transform(({ PROVIDER_URL, CALL_WIDGET_URL, CALL_WIDGET_SCRIPT_URL, ...rest }) => ({
    ...rest,
    PROVIDER_URL: new URL(PROVIDER_URL ?? DEV_PROVIDER_URL).origin,
    /** The conference widget calls embed, or null when none is configured. */
    CALL_WIDGET: CALL_WIDGET_URL ? callWidgetOf(CALL_WIDGET_URL, CALL_WIDGET_SCRIPT_URL) : null,
  }));

/** The widget's base URL without a trailing slash and its script (Jitsi's default place when not given). */
function callWidgetOf(url: string, scriptUrl: string | undefined): CallWidget {
  const base = url.replace(/\/+$/, '');
  return { url: base, script_url: scriptUrl ?? `${base}/external_api.js` };
}

/** The gateway's parsed configuration. */
export type Env = z.output<typeof EnvSchema>;
/** What `parseEnv` accepts: raw strings, as in process.env. */
export type RawEnv = Record<string, string | undefined>;

/** Thrown when the environment is invalid; its message names every bad variable. */
export class EnvError extends Error {
  override readonly name = 'EnvError';
}

/** Parses a raw environment (process.env by default); throws one `EnvError` listing every bad variable. */
export function parseEnv(raw: RawEnv = process.env): Env {
  // Empty strings mean "not set" so `.env` files can leave optional lines blank.
  const cleaned = Object.fromEntries(
    Object.entries(raw).filter(([, value]) => value !== undefined && value !== ''),
  );
  const result = EnvSchema.safeParse(cleaned);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new EnvError(`Invalid gateway environment:\n${lines.join('\n')}`);
}

/** A complete test configuration: defaults plus the overrides given. */
export function testEnv(overrides: RawEnv = {}): Env {
  return parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '0', HOST: '127.0.0.1', ...overrides });
}
