/**
 * The directory's room access cache against a stub provider whose answers the test releases: an answer asked
 * before the user's access was forgotten (a role rule changed meanwhile) answers its own caller but is not
 * cached, so the next check asks the provider again; the bookkeeping of checks under way goes with them.
 */
import { describe, expect, it } from 'vitest';
import type { ProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import { Directory } from './directory.ts';

const ADA = { userId: 1, eventCode: 'DEMO', token: 'ada-token' };
const GRACE = { userId: 2, eventCode: 'DEMO', token: 'grace-token' };

/** A provider whose getRoom answers wait until the test settles them, one per request, in order. */
function heldProvider() {
  const requests: {
    roomId: number;
    token: string;
    allow(): void;
    refuse(): void;
    fail(): void;
  }[] = [];
  const provider = {
    call: (_service: string, _name: string, input: { id: number }, options: { token: string }) =>
      new Promise((resolve, reject) => {
        requests.push({
          roomId: input.id,
          token: options.token,
          allow: () => resolve({ id: input.id, event_code: 'DEMO', active: true }),
          refuse: () => reject(new ProviderError(401, { message: 'no access' })),
          fail: () => reject(new ProviderError(503, { message: 'unavailable' })),
        });
      }),
  } as unknown as ProviderClient;
  return { provider, requests };
}

describe('directory room access cache', () => {
  it('caches an answer: the next check does not ask the provider', async () => {
    const { provider, requests } = heldProvider();
    const directory = new Directory(provider);
    const first = directory.canAccessRoom(ADA, 7);
    requests[0]?.allow();
    expect(await first).toBe(true);
    expect(await directory.canAccessRoom(ADA, 7)).toBe(true);
    expect(requests).toHaveLength(1);
  });

  it('does not cache an answer asked before the user access was forgotten', async () => {
    const { provider, requests } = heldProvider();
    const directory = new Directory(provider);
    const before = directory.canAccessRoom(ADA, 7);
    expect(requests).toHaveLength(1);
    // The role rule changes while the provider answers the check asked before it.
    directory.forgetRoomAccess(ADA.userId);
    requests[0]?.allow();
    // Its own caller still hears it.
    expect(await before).toBe(true);

    const after = directory.canAccessRoom(ADA, 7);
    // Asked again (before the fix the stale yes came from the cache and nothing was asked).
    expect(requests).toHaveLength(2);
    requests[1]?.refuse();
    expect(await after).toBe(false);
    // This answer was asked after the change: cached.
    expect(await directory.canAccessRoom(ADA, 7)).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it('caches the answer of a check started after the forget while an older one still waits', async () => {
    const { provider, requests } = heldProvider();
    const directory = new Directory(provider);
    const old = directory.canAccessRoom(ADA, 7);
    directory.forgetRoomAccess(ADA.userId);
    const fresh = directory.canAccessRoom(ADA, 7);
    requests[1]?.refuse();
    expect(await fresh).toBe(false);
    // The old answer comes last and says yes: it must not overwrite the fresh no.
    requests[0]?.allow();
    expect(await old).toBe(true);
    expect(await directory.canAccessRoom(ADA, 7)).toBe(false);
    expect(requests).toHaveLength(2);
  });

  it("forgets one user's access only", async () => {
    const { provider, requests } = heldProvider();
    const directory = new Directory(provider);
    const ada = directory.canAccessRoom(ADA, 7);
    const grace = directory.canAccessRoom(GRACE, 7);
    directory.forgetRoomAccess(ADA.userId);
    requests[0]?.allow();
    requests[1]?.allow();
    await Promise.all([ada, grace]);
    expect(await directory.canAccessRoom(GRACE, 7)).toBe(true);
    expect(requests).toHaveLength(2);
    void directory.canAccessRoom(ADA, 7);
    expect(requests).toHaveLength(3);
  });

  it('keeps no bookkeeping of checks once none is under way, whatever their outcome', async () => {
    const { provider, requests } = heldProvider();
    const directory = new Directory(provider);
    const checks = [
      directory.canAccessRoom(ADA, 7),
      directory.canAccessRoom(ADA, 8),
      directory.canAccessRoom(GRACE, 7),
      directory.canAccessRoom(GRACE, 8),
    ];
    expect(directory.usersChecking).toBe(2);
    directory.forgetRoomAccess(ADA.userId);
    // Forgetting a user with no check under way keeps nothing either.
    directory.forgetRoomAccess(99);
    expect(directory.usersChecking).toBe(2);
    requests[0]?.allow();
    requests[1]?.refuse();
    requests[2]?.fail();
    requests[3]?.allow();
    const outcomes = await Promise.allSettled(checks);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(directory.usersChecking).toBe(0);
  });
});
