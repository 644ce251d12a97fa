// One reading of any error the app meets (spec STYLE §5): the provider's message, error_code and retry_token as
// the gateway passes them on in tRPC's error data, or a plain message for anything else.
import { ERROR_CODES, BACKEND_MESSAGES } from '@showfloor/contracts';

export interface AppError {
  /** The server's message, else the error's own text (e.g. the browser's 'Failed to fetch'). */
  message: string;
  /**
   * True when the server answered with an error (a tRPC error carrying data.httpStatus), so `message` is the
   * server's and may be shown. False for network failures and any other error: forms then show the
   * translated 'Oops, submission failed!' (spec 01 §8 "Other") instead of `message`.
   */
  fromServer: boolean;
  errorCode?: string;
  retryToken?: string;
  httpStatus?: number;
}

function readString(source: unknown, key: string): string | undefined {
  if (source && typeof source === 'object' && key in source) {
    const value = (source as Record<string, unknown>)[key];
    return typeof value === 'string' && value.length > 0 ? value : undefined;
  }
  return undefined;
}

function readNumber(source: unknown, key: string): number | undefined {
  if (source && typeof source === 'object' && key in source) {
    const value = (source as Record<string, unknown>)[key];
    return typeof value === 'number' ? value : undefined;
  }
  return undefined;
}

/**
 * The tRPC client's error, or the signed-out pages' plain call's (`GatewayCallError`, lib/api/gateway-call.ts):
 * both are named 'TRPCClientError' and carry the gateway's error data. Read by name, so this module does not
 * bring the tRPC client onto the login route.
 */
function isGatewayError(err: unknown): err is Error & { data?: unknown } {
  return err instanceof Error && err.name === 'TRPCClientError';
}

export function parseAppError(err: unknown): AppError {
  if (isGatewayError(err)) {
    const data: unknown = err.data;
    const errorCode = readString(data, 'error_code');
    const retryToken = readString(data, 'retry_token');
    const httpStatus = readNumber(data, 'httpStatus');
    const message = readString(data, 'message') ?? (err.message || BACKEND_MESSAGES.INTERNAL);
    return {
      message,
      fromServer: httpStatus !== undefined,
      ...(errorCode ? { errorCode } : {}),
      ...(retryToken ? { retryToken } : {}),
      ...(httpStatus ? { httpStatus } : {}),
    };
  }
  if (err instanceof Error) return { message: err.message || BACKEND_MESSAGES.INTERNAL, fromServer: false };
  return { message: BACKEND_MESSAGES.INTERNAL, fromServer: false };
}

/** 401 with error_code 401.1: the token is missing, invalid or revoked. */
export const isInvalidToken = (e: AppError): boolean => e.errorCode === ERROR_CODES.INVALID_TOKEN;

/** 401.2 or 'Login session expired.': go back to the login page after 4 s. */
export const isSessionExpired = (e: AppError): boolean =>
  e.errorCode === ERROR_CODES.SESSION_EXPIRED || e.message === BACKEND_MESSAGES.LOGIN_SESSION_EXPIRED;

/** The sign-in failure that asks for an access code (spec 01 §4: the message mentions an access code). */
export const mentionsAccessCode = (e: AppError): boolean => /access code/i.test(e.message);
