/**
 * Files, uploads, downloads and the OAuth2 browser navigation, passed through to the provider with
 * @fastify/http-proxy, streamed both ways. Only catalogue calls that answer a file, a CSV or a redirect, or
 * take a multipart upload, are passed (JSON calls go through tRPC); a non-public one needs a verified token
 * from the `Authorization: Bearer` header or, for plain browser GETs (<img>, <a download>), the httpOnly
 * cookie the gateway sets at sign-in. Uploads are capped at UPLOAD_LIMIT_BYTES with a 413 naming the limit.
 */
import { Transform, type TransformCallback } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import httpProxy from '@fastify/http-proxy';
import {
  BACKEND_MESSAGES,
  PROVIDER_API_PREFIX,
  PROVIDER_DATABASE_PREFIX,
  callPath,
  isManager,
  isRecruiter,
  type RestCall,
  type ServiceGroup,
} from '@showfloor/contracts';
import type { z } from 'zod';
import type { GatewayDeps } from '../deps.ts';
import { ProviderError } from '../provider/errors.ts';
import { bearerToken, type VerifiedUser } from '../auth/token-verifier.ts';
import { readTokenCookie } from './token-cookie.ts';

/** One passable call: method, compiled path and who may make it. */
export interface ProxyRoute {
  label: string;
  /** The catalogue address, for call events; undefined for extra browser pages. */
  service?: ServiceGroup;
  name?: string;
  /** The success schema of a JSON answer (uploads): the answer is read, checked and announced. */
  jsonAnswer?: z.ZodType;
  /** The query schema of an announced call (uploads take their input in the query). */
  querySchema?: z.ZodType;
  method: string;
  pattern: RegExp;
  auth: RestCall['auth'];
  isUpload: boolean;
}

/** Calls the proxy passes: files, CSV downloads, redirects (OAuth2) and multipart uploads. */
export function isProxiedCall(call: RestCall): boolean {
  return call.multipart === true || (call.answer !== undefined && call.answer !== 'json');
}

function compilePath(path: string): RegExp {
  const source = path
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^${source}$`);
}

/** Builds the proxy's route table from catalogue entries (plus extra public browser pages). */
export function buildProxyRoutes(
  calls: ReadonlyArray<{ service: ServiceGroup; name: string; call: RestCall }>,
  extraPublic: ReadonlyArray<{ method: string; path: string }> = [],
): ProxyRoute[] {
  const routes: ProxyRoute[] = calls
    .filter(({ call }) => isProxiedCall(call))
    .map(({ service, name, call }) => ({
      label: `${service}.${name}`,
      service,
      name,
      ...((call.answer ?? 'json') === 'json' && call.responses[200]
        ? { jsonAnswer: call.responses[200], ...(call.query ? { querySchema: call.query } : {}) }
        : {}),
      method: call.method,
      pattern: compilePath(callPath(call)),
      auth: call.auth,
      isUpload: call.multipart === true,
    }));
  for (const page of extraPublic) {
    routes.push({
      label: `page ${page.path}`,
      method: page.method,
      pattern: compilePath(page.path),
      auth: 'public',
      isUpload: false,
    });
  }
  return routes;
}

/** Finds the route of a request (HEAD counts as GET); undefined when the path is not passable. */
export function matchProxyRoute(
  routes: readonly ProxyRoute[],
  method: string,
  url: string,
): ProxyRoute | undefined {
  const path = url.split('?', 1)[0] ?? '';
  // Dot segments and encoded slashes could step outside the matched call on the provider: never pass them.
  if (/(^|\/)\.\.?(\/|$)|%2e|%2f|%5c|\\/i.test(path)) return undefined;
  const wanted = method === 'HEAD' ? 'GET' : method;
  return routes.find((route) => route.method === wanted && route.pattern.test(path));
}

/** The 413 text: names the limit in MiB and bytes. */
export function uploadLimitMessage(limitBytes: number): string {
  const mib = limitBytes / (1024 * 1024);
  const shown = Number.isInteger(mib) ? `${mib} MiB` : `${mib.toFixed(1)} MiB`;
  return `The upload is too large: the limit is ${shown} (${limitBytes} bytes).`;
}

class UploadTooLargeError extends Error {
  override readonly name = 'UploadTooLargeError';
}

/** Counts bytes as they stream and fails once more than `limit` have passed. */
class ByteLimit extends Transform {
  #seen = 0;
  constructor(private readonly limit: number) {
    super();
  }
  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.#seen += chunk.length;
    if (this.#seen > this.limit) callback(new UploadTooLargeError(`more than ${this.limit} bytes`));
    else callback(null, chunk);
  }
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
]);

function causeChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    chain.push(current);
    current = current instanceof Error ? current.cause : undefined;
  }
  return chain;
}

function sendError(
  reply: FastifyReply,
  status: number,
  body: { message: string; error_code?: string },
): FastifyReply {
  return reply.code(status).type('application/json; charset=utf-8').send(body);
}

const kVerifiedUser = Symbol('showfloor.proxy.user');
const kRoute = Symbol('showfloor.proxy.route');
type ProxiedRequest = FastifyRequest & { [kVerifiedUser]?: VerifiedUser; [kRoute]?: ProxyRoute };

/** Largest JSON answer of an upload the proxy reads to check and announce (they are a few hundred bytes). */
const MAX_JSON_ANSWER_BYTES = 256 * 1024;

async function readAll(stream: NodeJS.ReadableStream, limit: number): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    size += buffer.length;
    if (size > limit) return undefined;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/** Registers the file proxy for `/api/v1/...` and `/api/database/...`. */
export async function registerFileProxy(
  app: FastifyInstance,
  deps: GatewayDeps,
  routes: readonly ProxyRoute[],
): Promise<void> {
  const { env, verifier } = deps;
  const limit = env.UPLOAD_LIMIT_BYTES;

  const preHandler = async (request: FastifyRequest, reply: FastifyReply) => {
    const route = matchProxyRoute(routes, request.method, request.url);
    if (!route) return sendError(reply, 404, { message: BACKEND_MESSAGES.NOT_FOUND });
    (request as ProxiedRequest)[kRoute] = route;

    const fromHeader = bearerToken(request.headers.authorization);
    // The cookie only authorises reads: a write needs the header, so a cross-site form cannot upload.
    const isRead = request.method === 'GET' || request.method === 'HEAD';
    const token = fromHeader ?? (isRead ? readTokenCookie(request.headers.cookie) : undefined);
    if (route.auth === 'public') {
      // A public call may still depend on who asks (content/files: only some file types are public), so a
      // valid token is passed on; an invalid one is dropped and the call is made anonymously.
      if (token !== undefined) {
        const user = await verifier.verify(token).catch(() => undefined);
        if (user) (request as ProxiedRequest)[kVerifiedUser] = user;
      }
    } else {
      try {
        const user = await verifier.verify(token);
        if (
          (route.auth === 'manager' && !isManager(user.roles)) ||
          (route.auth === 'recruiter' && !isRecruiter(user.roles))
        ) {
          return sendError(reply, 403, { message: BACKEND_MESSAGES.FORBIDDEN });
        }
        (request as ProxiedRequest)[kVerifiedUser] = user;
      } catch (error) {
        if (error instanceof ProviderError) {
          return sendError(reply, error.status, error.toBody());
        }
        throw error;
      }
    }

    if (route.isUpload || (request.method !== 'GET' && request.method !== 'HEAD')) {
      const declared = Number(request.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit) {
        reply.header('connection', 'close');
        return sendError(reply, 413, { message: uploadLimitMessage(limit) });
      }
      // Without a (truthful) length the bytes are counted as they stream through.
      const body = request.body;
      if (body && typeof (body as NodeJS.ReadableStream).pipe === 'function') {
        const counted = new ByteLimit(limit);
        (body as NodeJS.ReadableStream).pipe(counted);
        request.body = counted;
      }
    }
    return undefined;
  };

  const prefixes = [PROVIDER_API_PREFIX, PROVIDER_DATABASE_PREFIX];
  for (const prefix of prefixes) {
    await app.register(httpProxy, {
      upstream: deps.provider.baseUrl,
      prefix,
      rewritePrefix: prefix,
      httpMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      preHandler,
      undici: {
        connections: 32,
        keepAliveTimeout: 30_000,
        headersTimeout: env.PROVIDER_TIMEOUT_MS,
        // Between two chunks, not for the whole download.
        bodyTimeout: env.PROVIDER_TIMEOUT_MS,
      },
      replyOptions: {
        // Never retried: uploads are not idempotent and a download retry could double a slow provider's load.
        retryDelay: () => null,
        rewriteRequestHeaders: (request, headers) => {
          const forwarded: Record<string, string | string[] | undefined> = { ...headers };
          delete forwarded.cookie;
          delete forwarded.authorization;
          const user = (request as ProxiedRequest)[kVerifiedUser];
          if (user) forwarded.authorization = `Bearer ${user.token}`;
          forwarded['x-request-id'] = String(request.id);
          return forwarded;
        },
        rewriteHeaders: (headers) => {
          const location = headers.location;
          // A redirect the provider makes to itself is followed on the gateway's origin instead.
          if (typeof location === 'string' && location.startsWith(deps.provider.baseUrl)) {
            headers.location = location.slice(deps.provider.baseUrl.length) || '/';
          }
          return headers;
        },
        onResponse: (anyRequest, anyReply, res) => {
          const request = anyRequest as unknown as ProxiedRequest;
          const reply = anyReply as unknown as FastifyReply;
          const route = request[kRoute];
          const schema = route?.jsonAnswer;
          if (!route || !schema || res.statusCode < 200 || res.statusCode >= 300)
            return void reply.send(res.stream);
          // A successful upload: its small JSON answer is checked and announced (the relay tells others).
          void readAll(res.stream, MAX_JSON_ANSWER_BYTES)
            .then((buffer) => {
              if (buffer === undefined) {
                return void sendError(reply, 502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE });
              }
              let parsed: ReturnType<z.ZodType['safeParse']> | undefined;
              try {
                parsed = schema.safeParse(JSON.parse(buffer.toString('utf8')));
              } catch {
                parsed = undefined;
              }
              const input = route.querySchema?.safeParse(request.query) ?? { success: true, data: {} };
              if (parsed?.success && input.success && route.service && route.name) {
                deps.events.emitCallSucceeded({
                  service: route.service,
                  name: route.name,
                  input: input.data,
                  output: parsed.data,
                  user: request[kVerifiedUser],
                  requestId: String(request.id),
                });
              } else {
                request.log.warn(
                  { call: route.label },
                  'file proxy: upload query or answer does not match the catalogue',
                );
              }
              return void reply.send(buffer);
            })
            .catch((error: unknown) => {
              request.log.warn({ err: error }, 'file proxy: reading the upload answer failed');
              if (!reply.sent) sendError(reply, 502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE });
            });
        },
        onError: (anyReply, { error }) => {
          // reply-from types the reply for HTTP/2 too; this server is HTTP/1.
          const reply = anyReply as unknown as FastifyReply;
          const chain = causeChain(error);
          if (chain.some((item) => item instanceof UploadTooLargeError)) {
            reply.header('connection', 'close');
            return void sendError(reply, 413, { message: uploadLimitMessage(limit) });
          }
          const codes = chain.map((item) => (item as { code?: unknown }).code);
          const statusCode = (error as { statusCode?: number }).statusCode;
          if (
            statusCode === 504 ||
            codes.some((code) => code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT')
          ) {
            return void sendError(reply, 504, { message: BACKEND_MESSAGES.PROVIDER_TIMEOUT });
          }
          if (
            codes.some((code) => typeof code === 'string' && CONNECTION_CODES.has(code)) ||
            (statusCode ?? 500) >= 500
          ) {
            reply.request.log.warn({ err: error }, 'file proxy: provider unreachable');
            return void sendError(reply, 502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE });
          }
          return void sendError(reply, statusCode ?? 502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE });
        },
      },
    });
  }
}
