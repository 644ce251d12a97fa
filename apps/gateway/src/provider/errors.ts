/**
 * Every error a client can see, in one place: the `ProviderError` the provider client throws, the gateway's own
 * errors (bad token, rate limit), and the ONE table that maps them to tRPC codes. The tRPC error formatter
 * (trpc/init.ts) reads `describeError` so a client gets the provider's message, error_code and retry_token.
 */
import { TRPCError } from '@trpc/server';
import type { TRPC_ERROR_CODE_KEY } from '@trpc/server/rpc';
import { BACKEND_MESSAGES, ERROR_CODES, type ProviderErrorBody } from '@showfloor/contracts';

/** Why a provider call failed. */
export type ProviderFailure =
  /** The provider answered non-2xx with its error body. */
  | 'answer'
  /** No connection could be made or it broke before an answer (502). */
  | 'unreachable'
  /** No answer within the call's time budget (504). */
  | 'timeout'
  /** A 2xx answer that does not match the catalogue's schema (502). */
  | 'invalid-answer';

/** The one error type of the provider client: `{status, message, error_code?, retry_token?}`. */
export class ProviderError extends Error {
  override readonly name = 'ProviderError';
  readonly status: number;
  readonly error_code: string | undefined;
  readonly retry_token: string | undefined;
  readonly failure: ProviderFailure;

  constructor(
    status: number,
    body: ProviderErrorBody,
    failure: ProviderFailure = 'answer',
    options?: { cause?: unknown },
  ) {
    super(body.message, options);
    this.status = status;
    this.error_code = body.error_code;
    this.retry_token = body.retry_token;
    this.failure = failure;
  }

  /** The provider's error body, as the spec shapes it. */
  toBody(): ProviderErrorBody {
    return {
      message: this.message,
      ...(this.error_code === undefined ? {} : { error_code: this.error_code }),
      ...(this.retry_token === undefined ? {} : { retry_token: this.retry_token }),
    };
  }
}

/** A missing, forged, expired or revoked token, refused by the gateway itself (401 with error_code 401.1). */
export function invalidTokenError(reason: string): ProviderError {
  return new ProviderError(
    401,
    { message: BACKEND_MESSAGES.INVALID_TOKEN, error_code: ERROR_CODES.INVALID_TOKEN },
    'answer',
    {
      cause: new Error(reason),
    },
  );
}

/** No answer within a time budget (504, BACKEND_MESSAGES.PROVIDER_TIMEOUT); `cause` says what ran out. */
export function providerTimeoutError(cause: unknown): ProviderError {
  return new ProviderError(504, { message: BACKEND_MESSAGES.PROVIDER_TIMEOUT }, 'timeout', { cause });
}

/** HTTP status -> tRPC code. The one table; anything not listed in the 4xx range is a BAD_REQUEST. */
const STATUS_TO_TRPC: Readonly<Record<number, TRPC_ERROR_CODE_KEY>> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  402: 'PAYMENT_REQUIRED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_SUPPORTED',
  408: 'TIMEOUT',
  409: 'CONFLICT',
  412: 'PRECONDITION_FAILED',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_CONTENT',
  428: 'PRECONDITION_REQUIRED',
  429: 'TOO_MANY_REQUESTS',
  499: 'CLIENT_CLOSED_REQUEST',
  501: 'NOT_IMPLEMENTED',
  502: 'BAD_GATEWAY',
  503: 'SERVICE_UNAVAILABLE',
  504: 'GATEWAY_TIMEOUT',
};

/** The tRPC code for an HTTP status; a provider 5xx is a bad gateway from the client's side. */
export function trpcCodeForStatus(status: number): TRPC_ERROR_CODE_KEY {
  const known = STATUS_TO_TRPC[status];
  if (known) return known;
  return status >= 500 ? 'BAD_GATEWAY' : 'BAD_REQUEST';
}

/** Turns a ProviderError into the TRPCError a procedure throws (the original stays its cause). */
export function toTRPCError(error: ProviderError): TRPCError {
  return new TRPCError({ code: trpcCodeForStatus(error.status), message: error.message, cause: error });
}

/** What the error formatter adds to `error.data` for the client. */
export interface ClientErrorDetails {
  message: string;
  error_code?: string;
  retry_token?: string;
  /** True when the message is the gateway's generic one (the real cause is only in the log). */
  isGeneric: boolean;
}

/** Finds the ProviderError behind a tRPC error, if any. */
export function providerErrorOf(error: unknown): ProviderError | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    if (current instanceof ProviderError) return current;
    current = current instanceof Error ? current.cause : undefined;
  }
  return undefined;
}

/**
 * The client-facing message and codes of any error thrown by a procedure: the provider's own for a
 * ProviderError, the gateway's message for a deliberate TRPCError, a generic text for anything unexpected.
 */
export function describeError(error: TRPCError): ClientErrorDetails {
  const provider = providerErrorOf(error);
  if (provider) return { ...provider.toBody(), isGeneric: false };
  if (error.code === 'INTERNAL_SERVER_ERROR') return { message: BACKEND_MESSAGES.INTERNAL, isGeneric: true };
  return { message: error.message, isGeneric: false };
}
