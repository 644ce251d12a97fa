/**
 * The one provider client: every JSON call the gateway makes goes through `call`, typed from the contracts'
 * catalogue. Keep-alive pool, a time budget per call, no retry of non-idempotent calls (one retry of an
 * idempotent GET on a broken connection), the user's token and the request id forwarded, the answer parsed
 * with the call's success schema, and every failure turned into one `ProviderError`.
 */
import { Pool, errors as undiciErrors } from 'undici';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import {
  BACKEND_MESSAGES,
  ProviderErrorSchema,
  callInputKeys,
  callPath,
  catalogue,
  describeIssues,
  fillPath,
  parseCallInput,
  type CallInput,
  type CallName,
  type CallOutput,
  type Catalogue,
  type CheckedCallInput,
  type RestCall,
} from '@showfloor/contracts';
import { compiledSchema } from '@showfloor/contracts/compiled';
import { hotHistogram } from '../observability/hot-series.ts';
import type { GatewayMetrics } from '../observability/metrics.ts';
import { RecentMap } from '../relay/recent-map.ts';
import { ProviderError, providerTimeoutError } from './errors.ts';
import { HTTP1_CONNECT_TIMEOUT, HTTP1_TIMEOUT, Http1Error, Http1Pool } from './http1.ts';

export type ServiceKey = keyof Catalogue;
export type { CallName };
/** The catalogue entry of `service.name`. */
export type CallOf<S extends ServiceKey, N extends CallName<S>> = Catalogue[S][N] extends RestCall
  ? Catalogue[S][N]
  : never;

/** Per-call options: whose call it is and how to trace it. */
export interface CallOptions {
  /** The caller's verified bearer token; omitted for public calls. */
  token?: string | undefined;
  /** Forwarded as x-request-id so provider logs line up with ours. */
  requestId?: string | undefined;
  /** Aborts the call early (e.g. the client went away). */
  signal?: AbortSignal | undefined;
  /** Overrides the client's default time budget for this call. */
  timeoutMs?: number | undefined;
}

/** Settings of a provider client. */
export interface ProviderClientOptions {
  /** Provider origin, e.g. http://127.0.0.1:4010. */
  baseUrl: string;
  /** Time budget of one call (connect + answer), ms. @default 10000 */
  timeoutMs?: number;
  /** Keep-alive connections to the provider. @default 64 */
  connections?: number;
  /**
   * How calls without a signal (the relay's stores and reads) reach the provider: `lean`, the client's own
   * HTTP/1.1 keep-alive transport (`http1.ts`), or `undici` (its `dispatch`). Calls with a signal always use
   * undici. @default 'lean'
   */
  transport?: 'lean' | 'undici';
  /**
   * Requests written and not yet answered on one lean connection (1: no pipelining); the requests of one loop
   * turn go to one connection, written together. @default 8
   */
  pipelining?: number;
  logger?: FastifyBaseLogger;
  metrics?: Pick<GatewayMetrics, 'providerCallDuration'>;
}

/** A provider answer before it is read: its status and body text. */
interface RawAnswer {
  statusCode: number;
  text: string;
}

/** Errors that mean "no answer came back on this connection": safe to retry for an idempotent GET. */
const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  HTTP1_CONNECT_TIMEOUT,
]);

/** undici's per-request timeouts and the lean transport's: no answer (headers or body) within the call's budget. */
function isTimeout(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT' || code === HTTP1_TIMEOUT;
}

function errorCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && CONNECTION_ERROR_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Builds `?a=1&b=2` from a query object (arrays repeat the key; undefined and null are left out). */
export function toQueryString(query: unknown): string {
  if (!query || typeof query !== 'object') return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query as Record<string, unknown>)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      search.append(key, typeof item === 'object' ? JSON.stringify(item) : String(item));
    }
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

/** The catalogue entry of `service.name`; an unknown name is a programming error. */
function entryOf<S extends ServiceKey, N extends CallName<S>>(service: S, name: N): CallOf<S, N> {
  const entry = (catalogue[service] as Record<string, RestCall>)[name];
  if (!entry) throw new Error(`unknown provider call ${String(service)}.${name}`);
  return entry as CallOf<S, N>;
}

/**
 * What a call needs per request, worked out once per catalogue entry (the relay stores every message through
 * one): its path (with `:name` parameters left in when it has any), the input keys of each part, whether it
 * sends a body and may be retried.
 */
interface CallPlan {
  path: string;
  /** Keys of the path parameters; undefined when the path has no `:name` in it. */
  pathParams: readonly string[] | undefined;
  queryKeys: readonly string[] | undefined;
  bodyKeys: readonly string[] | undefined;
  hasBody: boolean;
  canRetry: boolean;
  /** `service.name`, the call's metric label (set by `callParsed`). */
  label?: string;
  /**
   * The answer is parsed with its schema's compiled twin (`compiledSchema`: same verdicts and issues, fewer
   * allocations): set by `callParsed`, the relay's per-message calls.
   */
  isHot?: boolean;
}

const plans = new WeakMap<RestCall, CallPlan>();

function planOf(call: RestCall): CallPlan {
  let plan = plans.get(call);
  if (plan) return plan;
  const keys = callInputKeys(call);
  const path = callPath(call);
  plan = {
    path,
    pathParams: /:[A-Za-z_]/.test(path) ? keys.params : undefined,
    queryKeys: call.query === undefined ? undefined : keys.query,
    bodyKeys: call.body === undefined ? undefined : keys.body,
    hasBody: call.method !== 'GET' && call.body !== undefined,
    canRetry: call.method === 'GET' && call.idempotent === true,
  };
  plans.set(call, plan);
  return plan;
}

/** The input's values of `keys` (absent and undefined ones left out), as `splitCallInput` picks a part. */
function pick(input: Record<string, unknown>, keys: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) {
    const value = input[key];
    if (value !== undefined) out[key] = value;
  }
  return out;
}

/**
 * undici's dispatch handler of a call without a signal: keeps the status and the body's chunks (one, usually)
 * and decodes them once at the end. One object per call, its methods on the prototype.
 */
class BodyCollector {
  #statusCode = 0;
  #first: Buffer | undefined;
  #rest: Buffer[] | undefined;

  constructor(
    private readonly resolve: (answer: RawAnswer) => void,
    private readonly reject: (error: unknown) => void,
  ) {}

  onConnect(): void {}

  onHeaders(statusCode: number): boolean {
    this.#statusCode = statusCode;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.#first === undefined) this.#first = chunk;
    else (this.#rest ??= [this.#first]).push(chunk);
    return true;
  }

  onComplete(): void {
    const body = this.#rest ? Buffer.concat(this.#rest) : this.#first;
    this.resolve({ statusCode: this.#statusCode, text: body ? body.toString('utf8') : '' });
  }

  onError(error: unknown): void {
    this.reject(error);
  }
}

/** Request headers as undici takes them without copying them into an object: name, value, name, value... */
type HeaderPairs = readonly string[];

/** undici's type asks for a mutable array; it only reads the pairs (core/request.js `processHeader`). */
function undiciHeaders(headers: HeaderPairs): string[] {
  return headers as string[];
}

const ACCEPT_JSON: HeaderPairs = ['accept', 'application/json'];
const SEND_JSON: HeaderPairs = [...ACCEPT_JSON, 'content-type', 'application/json'];

/**
 * The request headers of one kind of call in both forms: undici's header pairs and the lean transport's
 * header lines (`name: value\r\n` each).
 */
export interface RequestHeaders {
  pairs: HeaderPairs;
  text: string;
}

/** A caller's request headers, without a body (`read`) and with one (`send`), with its `Bearer` token. */
export interface TokenHeaders {
  read: RequestHeaders;
  send: RequestHeaders;
}

const ACCEPT_JSON_TEXT = 'accept: application/json\r\n';
const SEND_JSON_TEXT = `${ACCEPT_JSON_TEXT}content-type: application/json\r\n`;
/** The headers of a call without a token. */
const NO_TOKEN: TokenHeaders = {
  read: { pairs: ACCEPT_JSON, text: ACCEPT_JSON_TEXT },
  send: { pairs: SEND_JSON, text: SEND_JSON_TEXT },
};

/**
 * A header value with a character outside tab, visible ASCII and latin-1 (CR, LF, NUL, other controls, or
 * one past U+00FF) is refused, as undici refuses it (`headerCharRegex`).
 */
const UNSAFE_HEADER_VALUE = /[^\t\x20-\x7e\x80-\xff]/;
/**
 * A request path must start with '/' and hold only visible ASCII (what `fillPath` and `toQueryString` make):
 * undici refuses a path with a space, a control or a character past U+00FF (`invalidPathRegex`); the lean
 * transport, which writes the request line itself, refuses anything but visible ASCII.
 */
const UNSAFE_PATH = /[^\x21-\x7e]/;

/** A token's headers are kept until at least this many newer tokens came (at most twice as many are held). */
const TOKEN_HEADERS_KEPT = 1024;

/**
 * The headers per token of a client: a `RecentMap` kept by count only (two generations of `kept` tokens,
 * dropped whole), so a gateway with many idle sockets holds only the recent callers' headers.
 */
export function tokenHeadersCache(kept = TOKEN_HEADERS_KEPT): RecentMap<string, TokenHeaders> {
  return new RecentMap<string, TokenHeaders>(Infinity, { minCount: kept });
}

/**
 * The headers of a call with a body (`hasBody`) or without, with `authorization: Bearer <token>` if a token is
 * given, as undici's pairs and as the lean transport's header lines, from one cache entry: built once per
 * token rather than per call (the relay stores every message with its sender's token: one flat `Bearer …`
 * string, instead of a new one that undici then flattens, checks and copies). A token seen recently costs a
 * lookup, nothing allocated.
 */
export function requestHeadersOf(
  cache: RecentMap<string, TokenHeaders>,
  hasBody: boolean,
  token: string | undefined,
): RequestHeaders {
  const headers = token ? (cache.get(token) ?? tokenHeaders(cache, token)) : NO_TOKEN;
  return hasBody ? headers.send : headers.read;
}

function tokenHeaders(cache: RecentMap<string, TokenHeaders>, token: string): TokenHeaders {
  if (UNSAFE_HEADER_VALUE.test(token))
    throw new Http1Error('HTTP1_HEADER', 'a token with an unsafe character');
  const authorization = `Bearer ${token}`;
  const line = `authorization: ${authorization}\r\n`;
  const headers: TokenHeaders = {
    read: { pairs: [...ACCEPT_JSON, 'authorization', authorization], text: ACCEPT_JSON_TEXT + line },
    send: { pairs: [...SEND_JSON, 'authorization', authorization], text: SEND_JSON_TEXT + line },
  };
  cache.set(token, headers);
  return headers;
}

/** The typed provider client. */
export class ProviderClient {
  readonly baseUrl: string;
  readonly timeoutMs: number;
  readonly #pool: Pool;
  readonly #logger: FastifyBaseLogger | undefined;
  readonly #metrics: Pick<GatewayMetrics, 'providerCallDuration'> | undefined;
  /**
   * The duration series by `call status`, resolved once, held as plain numbers until the metrics are read (the
   * relay stores every message).
   */
  readonly #durations = new Map<string, Map<string, { observe(seconds: number): void }>>();
  readonly #headers = tokenHeadersCache();
  /** The lean transport of the calls without a signal; undefined: undici's `dispatch`. */
  readonly #http1: Http1Pool | undefined;

  constructor(options: ProviderClientOptions) {
    this.baseUrl = new URL(options.baseUrl).origin;
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.#logger = options.logger;
    this.#metrics = options.metrics;
    this.#pool = new Pool(this.baseUrl, {
      connections: options.connections ?? 64,
      keepAliveTimeout: 30_000,
      // The per-call budget below is the real limit; these only stop a stuck socket from living forever.
      headersTimeout: this.timeoutMs,
      bodyTimeout: this.timeoutMs,
      connect: { timeout: Math.min(this.timeoutMs, 5_000) },
      maxResponseSize: 16 * 1024 * 1024,
    });
    if ((options.transport ?? 'lean') === 'lean') {
      this.#http1 = new Http1Pool({
        origin: this.baseUrl,
        connections: options.connections ?? 64,
        pipelining: options.pipelining ?? 8,
        keepAliveTimeoutMs: 30_000,
        connectTimeoutMs: Math.min(this.timeoutMs, 5_000),
        maxResponseSize: 16 * 1024 * 1024,
      });
    }
  }

  /**
   * Makes one catalogue call by service key and call name, e.g. `call('user', 'getUser', {id: 1}, opts)`.
   * The input is validated with the call's schema first (a bad one is a 400 ProviderError, never sent).
   */
  async call<S extends ServiceKey, N extends CallName<S>>(
    service: S,
    name: N,
    input: CallInput<CallOf<S, N>>,
    options: CallOptions = {},
  ): Promise<CallOutput<CallOf<S, N>>> {
    const parsed = parseCallInput(entryOf(service, name), input ?? {});
    if (!parsed.success) {
      const message = describeIssues(parsed.error.issues);
      throw new ProviderError(400, { message }, 'answer', { cause: parsed.error });
    }
    return this.callParsed(service, name, parsed.data, options);
  }

  /**
   * `call` for an input already checked, without parsing it again: only a `CheckedCallInput` fits (from
   * `parseCallInput`, or a contracts builder such as `sendMessageInput` on the chat hot path).
   */
  callParsed<S extends ServiceKey, N extends CallName<S>>(
    service: S,
    name: N,
    input: CheckedCallInput<CallOf<S, N>>,
    options: CallOptions = {},
  ): Promise<CallOutput<CallOf<S, N>>> {
    const call = entryOf(service, name);
    const plan = planOf(call);
    plan.label ??= `${String(service)}.${name}`;
    plan.isHot = true;
    return this.request(call, input, options, plan.label) as Promise<CallOutput<CallOf<S, N>>>;
  }

  /**
   * Makes one call described by a catalogue entry with a flat input; answers the parsed success body.
   * Throws ProviderError for every failure.
   */
  async request(
    call: RestCall,
    input: unknown,
    options: CallOptions = {},
    label = `${call.service}${call.path}`,
  ): Promise<unknown> {
    const plan = planOf(call);
    const flat = (input ?? {}) as Record<string, unknown>;
    const path =
      (plan.pathParams
        ? fillPath(plan.path, pick(flat, plan.pathParams) as Record<string, string | number>)
        : plan.path) + (plan.queryKeys ? toQueryString(pick(flat, plan.queryKeys)) : '');
    const body = plan.bodyKeys ? pick(flat, plan.bodyKeys) : undefined;
    const payload = plan.hasBody ? JSON.stringify(body) : undefined;

    const budget = options.timeoutMs ?? this.timeoutMs;
    // The time budget: a call that brings its own signal (a tRPC query the client may cancel) gets an
    // AbortController for both; the others (the relay's stores, every message) are held to it by undici's
    // per-request headers and body timeouts, with no AbortController, timer or listener per call.
    let timeout: AbortController | undefined;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let signal: AbortSignal | undefined;
    if (options.signal) {
      const controller = new AbortController();
      timeout = controller;
      timer = setTimeout(() => controller.abort(), budget);
      signal = AbortSignal.any([controller.signal, options.signal]);
    }
    const started = performance.now();
    let status = 'error';
    try {
      // One retry at most, and only where repeating the call cannot do anything twice.
      for (let attempt = 1; ; attempt += 1) {
        // The first attempt has the whole budget; a retry what is left of it.
        const remaining = attempt === 1 ? budget : Math.max(1, budget - (performance.now() - started));
        try {
          const answer = signal
            ? await this.#requestWithSignal(
                call.method,
                path,
                options,
                plan.hasBody,
                payload,
                signal,
                remaining,
              )
            : this.#http1
              ? await this.#http1.request(
                  this.#requestText(call.method, path, options, plan.hasBody, payload),
                  remaining,
                )
              : await this.#dispatch(call.method, path, options, plan.hasBody, payload, remaining);
          status = String(answer.statusCode);
          return this.#readAnswer(call, plan, answer.statusCode, answer.text, label);
        } catch (error) {
          if (error instanceof ProviderError) throw error;
          if (timeout?.signal.aborted || isTimeout(error)) {
            throw providerTimeoutError(error);
          }
          if (options.signal?.aborted) {
            throw new ProviderError(499, { message: 'The request was cancelled.' }, 'unreachable', {
              cause: error,
            });
          }
          const code = errorCode(error);
          if (code && plan.canRetry && attempt === 1 && performance.now() - started < budget) {
            this.#logger?.warn(
              { call: label, code, requestId: options.requestId },
              'provider connection failed, retrying once',
            );
            continue;
          }
          if (code || error instanceof undiciErrors.UndiciError || error instanceof Http1Error) {
            throw new ProviderError(502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE }, 'unreachable', {
              cause: error,
            });
          }
          throw error;
        }
      }
    } finally {
      if (timer) clearTimeout(timer);
      if (this.#metrics) this.#durationSeries(label, status).observe((performance.now() - started) / 1000);
    }
  }

  /** undici's request headers of a call. */
  #headerPairs(options: CallOptions, hasBody: boolean): HeaderPairs {
    const headers = requestHeadersOf(this.#headers, hasBody, options.token).pairs;
    return options.requestId ? [...headers, 'x-request-id', options.requestId] : headers;
  }

  /**
   * A lean call's whole request text: request line, host, the token's cached header lines, the request id,
   * the body's length and the body.
   */
  #requestText(
    method: RestCall['method'],
    path: string,
    options: CallOptions,
    hasBody: boolean,
    payload: string | undefined,
  ): string {
    if (path[0] !== '/' || UNSAFE_PATH.test(path))
      throw new Http1Error('HTTP1_PATH', 'a request path with an unsafe character');
    let text = `${method} ${path} HTTP/1.1\r\n${(this.#http1 as Http1Pool).hostLine}${
      requestHeadersOf(this.#headers, hasBody, options.token).text
    }`;
    if (options.requestId) {
      if (UNSAFE_HEADER_VALUE.test(options.requestId))
        throw new Http1Error('HTTP1_HEADER', 'a request id with an unsafe character');
      text += `x-request-id: ${options.requestId}\r\n`;
    }
    if (payload !== undefined)
      return `${text}content-length: ${Buffer.byteLength(payload)}\r\n\r\n${payload}`;
    return method === 'GET' ? `${text}\r\n` : `${text}content-length: 0\r\n\r\n`;
  }

  /** A call the client may cancel: undici's `request` (its body stream and the signal's wiring). */
  async #requestWithSignal(
    method: RestCall['method'],
    path: string,
    options: CallOptions,
    hasBody: boolean,
    body: string | undefined,
    signal: AbortSignal,
    remainingMs: number,
  ): Promise<RawAnswer> {
    const answer = await this.#pool.request({
      method,
      path,
      headers: undiciHeaders(this.#headerPairs(options, hasBody)),
      body,
      signal,
      headersTimeout: remainingMs,
      bodyTimeout: remainingMs,
    });
    return { statusCode: answer.statusCode, text: await answer.body.text() };
  }

  /**
   * A call without a signal (the relay's stores and reads, every message): undici's `dispatch` with a handler
   * that collects the body's chunks and decodes them once, without `request`'s Readable body, its stream
   * events and the promise chain of `body.text()`. Timeouts and the size limit are the pool's, as above.
   */
  #dispatch(
    method: RestCall['method'],
    path: string,
    options: CallOptions,
    hasBody: boolean,
    body: string | undefined,
    remainingMs: number,
  ): Promise<RawAnswer> {
    const headers = this.#headerPairs(options, hasBody);
    return new Promise<RawAnswer>((resolve, reject) => {
      this.#pool.dispatch(
        {
          method,
          path,
          headers: undiciHeaders(headers),
          body,
          headersTimeout: remainingMs,
          bodyTimeout: remainingMs,
        },
        new BodyCollector(resolve, reject),
      );
    });
  }

  #durationSeries(call: string, status: string): { observe(seconds: number): void } {
    let byStatus = this.#durations.get(call);
    if (!byStatus) {
      byStatus = new Map();
      this.#durations.set(call, byStatus);
    }
    let series = byStatus.get(status);
    if (!series) {
      series = hotHistogram(
        (this.#metrics as Pick<GatewayMetrics, 'providerCallDuration'>).providerCallDuration,
        {
          call,
          status,
        },
      );
      byStatus.set(status, series);
    }
    return series;
  }

  #readAnswer(call: RestCall, plan: CallPlan, statusCode: number, text: string, label: string): unknown {
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (statusCode >= 200 && statusCode < 300) {
      const schema = call.responses[statusCode as 200 | 201] ?? call.responses[200] ?? call.responses[201];
      if (!schema) return json;
      const parsed = (plan.isHot ? compiledSchema(schema) : schema).safeParse(json);
      if (parsed.success) return parsed.data;
      this.#logger?.error(
        { call: label, issues: parsed.error.issues.slice(0, 5) },
        'provider answer does not match the catalogue',
      );
      throw new ProviderError(502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE }, 'invalid-answer', {
        cause: parsed.error,
      });
    }
    const errorBody = ProviderErrorSchema.safeParse(json);
    if (errorBody.success) return this.#fail(statusCode, errorBody.data);
    const fallback = statusCode >= 500 ? BACKEND_MESSAGES.PROVIDER_UNAVAILABLE : BACKEND_MESSAGES.INTERNAL;
    return this.#fail(statusCode, { message: fallback });
  }

  #fail(statusCode: number, body: z.infer<typeof ProviderErrorSchema>): never {
    throw new ProviderError(statusCode, body);
  }

  /** Closes the keep-alive connections (app shutdown). */
  async close(): Promise<void> {
    this.#http1?.close();
    await this.#pool.close();
  }
}
