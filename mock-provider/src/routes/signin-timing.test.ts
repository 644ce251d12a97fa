/**
 * Sign-in must not tell which e-mails are registered by its timing: the password hash runs once per attempt,
 * whether the account exists, is deactivated or the password is wrong. Counted, not timed: scrypt is the only
 * slow step, so equal counts mean equal work.
 */
import crypto from 'node:crypto';
import { syncBuiltinESMExports } from 'node:module';
import { afterAll, beforeAll, describe, expect, it, vi, type MockInstance } from 'vitest';
import { DEMO_PASSWORD } from '../fixtures/demo.ts';
import { demoHarness } from '../../test/harness.ts';

describe('sign-in timing', () => {
  const { h } = demoHarness({});
  let hashes: MockInstance<typeof crypto.scryptSync>;
  // The spy replaces node:crypto's export for every importer (password.ts too); put back afterwards.
  beforeAll(() => {
    hashes = vi.spyOn(crypto, 'scryptSync');
    syncBuiltinESMExports();
  });
  afterAll(() => {
    hashes.mockRestore();
    syncBuiltinESMExports();
  });

  async function hashesFor(call: () => Promise<unknown>): Promise<number> {
    hashes.mockClear();
    await call();
    return hashes.mock.calls.length;
  }

  const signin = (email: string, password = 'not-the-password') =>
    h.call('auth', 'signin', {
      body: { email, password, event_code: 'DEMO', frontend: 'visitor', force_login: true },
    });

  it('hashes the password once for a known, an unknown and a deactivated account alike', async () => {
    const known = await hashesFor(() => signin('ada@demo.test'));
    expect(known).toBe(1);
    expect(await hashesFor(() => signin('nobody@demo.test'))).toBe(known);
    h.state.users.get(2)!.active = false;
    expect(await hashesFor(() => signin('grace@demo.test', DEMO_PASSWORD))).toBe(known);
  });

  it('hashes once for a password change of an unknown account too', async () => {
    const change = (username: string) =>
      h.call('auth', 'password', {
        query: { type: 'change' },
        body: { username, password: 'not-the-password', new_password: 'another-password-1' },
      });
    const known = await hashesFor(() => change('ada@demo.test'));
    expect(known).toBe(1);
    expect(await hashesFor(() => change('nobody@demo.test'))).toBe(known);
  });
});
