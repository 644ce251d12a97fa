import { afterEach, describe, expect, it, vi } from 'vitest';
import { TRPCClientError } from '@trpc/client';
import { makeUser } from '../../testing/fixtures.ts';
import { createQueryClient } from './query-client.ts';
import { clearSession, startSession } from '../session/session.ts';

function trpcError(errorCode: string | null, message = 'Invalid or expired token.') {
  return TRPCClientError.from({
    error: {
      message,
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

  it('reports an expired login session once, however many signed-in calls answer it', async () => {
    await startSession(makeUser({ jwt_token: 'first.session.token' }));
    const onInvalidToken = vi.fn();
    const onSessionExpired = vi.fn();
    const client = createQueryClient({ onInvalidToken, onSessionExpired, retry: false });
    const failQuery = (key: string, error: Error) =>
      client.fetchQuery({ queryKey: [key], queryFn: () => Promise.reject(error) }).catch(() => undefined);
    const failMutation = (error: Error) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(error) })
        .execute(undefined)
        .catch(() => undefined);
    await Promise.all([
      failQuery('e1', trpcError('401.2')),
      failQuery('e2', trpcError('401.2')),
      failQuery('e3', trpcError(null, 'Login session expired.')),
      failMutation(trpcError(null, 'Login session expired.')),
    ]);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
    expect(onInvalidToken).not.toHaveBeenCalled();
    // A new sign-in is a new session: its expiry is reported again (once).
    await startSession(makeUser({ jwt_token: 'second.session.token' }));
    await failQuery('e4', trpcError('401.2'));
    await failMutation(trpcError('401.2'));
    expect(onSessionExpired).toHaveBeenCalledTimes(2);
  });

  it('ignores an expired session when nobody is signed in, and works without the callback', async () => {
    const onSessionExpired = vi.fn();
    const client = createQueryClient({ onInvalidToken: vi.fn(), onSessionExpired, retry: false });
    await client
      .fetchQuery({ queryKey: ['f'], queryFn: () => Promise.reject(trpcError('401.2')) })
      .catch(() => undefined);
    expect(onSessionExpired).not.toHaveBeenCalled();
    await startSession(makeUser());
    const without = createQueryClient({ onInvalidToken: vi.fn(), retry: false });
    await expect(
      without.fetchQuery({ queryKey: ['g'], queryFn: () => Promise.reject(trpcError('401.2')) }),
    ).rejects.toBeInstanceOf(TRPCClientError);
  });
});
