import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { makeUser } from '../testing/fixtures.ts';
import { createQueryClient } from './query-client.ts';
import { clearSession, startSession } from './session.ts';

function trpcError(errorCode: string | null) {
  return TRPCClientError.from({
    error: {
      message: 'Invalid or expired token.',
      code: -32001,
      data: { code: 'UNAUTHORIZED', httpStatus: 401, error_code: errorCode },
    },
  } as never);
}

afterEach(() => clearSession());

describe('query client', () => {
  it('signs out on a 401.1 answer to any query or mutation of a signed-in user', async () => {
    await startSession(makeUser());
    const onInvalidToken = vi.fn();
    const client = createQueryClient({ onInvalidToken, retry: false });
    await client
      .fetchQuery({ queryKey: ['a'], queryFn: () => Promise.reject(trpcError('401.1')) })
      .catch(() => undefined);
    expect(onInvalidToken).toHaveBeenCalledTimes(1);
    await client
      .getMutationCache()
      .build(client, { mutationFn: () => Promise.reject(trpcError('401.1')) })
      .execute(undefined)
      .catch(() => undefined);
    expect(onInvalidToken).toHaveBeenCalledTimes(2);
  });

  it('ignores other errors, and 401.1 when nobody is signed in', async () => {
    const onInvalidToken = vi.fn();
    const client = createQueryClient({ onInvalidToken, retry: false });
    await client
      .fetchQuery({ queryKey: ['b'], queryFn: () => Promise.reject(trpcError('401.1')) })
      .catch(() => undefined);
    await startSession(makeUser());
    await client
      .fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(trpcError('401.2')) })
      .catch(() => undefined);
    await client
      .fetchQuery({ queryKey: ['d'], queryFn: () => Promise.reject(new Error('network')) })
      .catch(() => undefined);
    expect(onInvalidToken).not.toHaveBeenCalled();
  });
});
