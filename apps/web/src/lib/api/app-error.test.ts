import { describe, expect, it } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { isInvalidToken, isSessionExpired, mentionsAccessCode, parseAppError } from './app-error.ts';

function serverError(message: string, data: Record<string, unknown>) {
  return TRPCClientError.from({ error: { message, code: -32001, data } } as never);
}

describe('parseAppError', () => {
  it("reads the server's message, error code and retry token, marked as the server's", () => {
    const error = parseAppError(
      serverError('Please enter the access code for this event.', {
        code: 'FORBIDDEN',
        httpStatus: 403,
        error_code: '401.2',
        retry_token: 'rt-1',
      }),
    );
    expect(error).toEqual({
      message: 'Please enter the access code for this event.',
      fromServer: true,
      errorCode: '401.2',
      retryToken: 'rt-1',
      httpStatus: 403,
    });
    expect(isSessionExpired(error)).toBe(true);
    expect(mentionsAccessCode(error)).toBe(true);
    expect(isInvalidToken(parseAppError(serverError('x', { httpStatus: 401, error_code: '401.1' })))).toBe(
      true,
    );
  });

  it('marks a network failure, a tRPC error without httpStatus and any other error as not from the server', () => {
    const network = TRPCClientError.from(new TypeError('Failed to fetch'));
    expect(parseAppError(network)).toEqual({ message: 'Failed to fetch', fromServer: false });
    expect(parseAppError(serverError('Unexpected token <', { code: 'INTERNAL_SERVER_ERROR' }))).toMatchObject(
      { fromServer: false },
    );
    expect(parseAppError(new Error('boom'))).toEqual({ message: 'boom', fromServer: false });
    expect(parseAppError('weird')).toMatchObject({ fromServer: false });
  });
});
