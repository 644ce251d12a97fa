// A fake gateway for component tests: answers tRPC batch requests (GET queries, POST mutations) from handlers
// by procedure path, with the gateway's error shape for failures, and records every call.
import { vi } from 'vitest';

export interface TrpcFailure {
  message: string;
  /** tRPC code, e.g. 'UNAUTHORIZED'. @default 'BAD_REQUEST' */
  code?: string;
  httpStatus?: number;
  error_code?: string;
  retry_token?: string;
}

/** Makes a handler answer with an error. */
export class TrpcError {
  constructor(readonly failure: TrpcFailure) {}
}

export const fail = (failure: TrpcFailure): TrpcError => new TrpcError(failure);

export type Handler = (input: unknown) => unknown;

export interface TrpcCall {
  path: string;
  input: unknown;
}

const JSON_RPC_CODES: Record<string, number> = {
  BAD_REQUEST: -32600,
  UNAUTHORIZED: -32001,
  FORBIDDEN: -32003,
  NOT_FOUND: -32004,
  TOO_MANY_REQUESTS: -32029,
  INTERNAL_SERVER_ERROR: -32603,
};

function answer(path: string, handler: Handler | undefined, input: unknown) {
  if (!handler)
    return errorItem(path, { message: `no handler for ${path}`, code: 'NOT_FOUND', httpStatus: 404 });
  try {
    const result = handler(input);
    if (result instanceof TrpcError) return errorItem(path, result.failure);
    return { result: { data: result } };
  } catch (err) {
    return errorItem(path, {
      message: err instanceof Error ? err.message : String(err),
      code: 'INTERNAL_SERVER_ERROR',
    });
  }
}

function errorItem(path: string, f: TrpcFailure) {
  const code = f.code ?? 'BAD_REQUEST';
  return {
    error: {
      message: f.message,
      code: JSON_RPC_CODES[code] ?? -32600,
      data: {
        code,
        httpStatus: f.httpStatus ?? 400,
        path,
        error_code: f.error_code ?? null,
        retry_token: f.retry_token ?? null,
        zodError: null,
      },
    },
  };
}

/** Answers a request for a proxied file (`/api/v1/...`): a Response, or undefined for a 404. */
export type FileHandler = (url: URL) => Response | undefined;

/** A proxied file's answer: the bytes with their type. */
export const fileAnswer = (body: BodyInit, contentType: string): Response =>
  new Response(body, { status: 200, headers: { 'content-type': contentType } });

/** A proxied file's failure as the gateway passes the provider's: status and `{message}`. */
export const fileFailure = (status: number, message: string): Response =>
  new Response(JSON.stringify({ message }), { status, headers: { 'content-type': 'application/json' } });

/**
 * Replaces fetch with the fake gateway; `calls` lists every procedure call in order. Requests outside `/trpc`
 * (proxied files) go to `files`, else answer 404 with the gateway's 'Not found.'.
 */
export function mockTrpc(handlers: Record<string, Handler>, files?: FileHandler) {
  const calls: TrpcCall[] = [];
  const fileRequests: URL[] = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const href = typeof url === 'string' ? url : url instanceof URL ? url.href : url.url;
    const parsed = new URL(href, 'http://gateway.test');
    if (!parsed.pathname.includes('/trpc/')) {
      fileRequests.push(parsed);
      return files?.(parsed) ?? fileFailure(404, 'Not found.');
    }
    const paths = decodeURIComponent(parsed.pathname.replace(/^.*\/trpc\//, '')).split(',');
    let inputs: Record<string, unknown> = {};
    if ((init?.method ?? 'GET') === 'GET') {
      const raw = parsed.searchParams.get('input');
      inputs = raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
    } else if (typeof init?.body === 'string') {
      inputs = JSON.parse(init.body) as Record<string, unknown>;
    }
    const items = paths.map((path, i) => {
      const input = inputs[String(i)];
      calls.push({ path, input });
      return answer(path, handlers[path], input);
    });
    return new Response(JSON.stringify(items), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    /** Every request for a proxied file, in order. */
    fileRequests,
    /** The inputs sent to one procedure. */
    inputsOf: (path: string) => calls.filter((c) => c.path === path).map((c) => c.input),
    restore: () => vi.unstubAllGlobals(),
  };
}
