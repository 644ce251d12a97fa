import { describe, expect, it } from 'vitest';
import { RevocationList, type Revocation } from './revocations.ts';

const token = (
  overrides: Partial<{ sub: string; sid: string; event_code: string; iat: number; exp: number }> = {},
) => ({
  sub: '1',
  sid: 's1',
  event_code: 'DEMO',
  iat: 1_000,
  exp: 5_000,
  ...overrides,
});

describe('RevocationList', () => {
  it('refuses a signed-out session until its token expires', () => {
    let now = 2_000_000;
    const list = new RevocationList({ now: () => now });
    list.revokeSession('s1', 3_000_000);
    expect(list.isRevoked(token())).toBe(true);
    expect(list.isRevoked(token({ sid: 's2' }))).toBe(false);
    now = 3_000_001;
    expect(list.isRevoked(token())).toBe(false);
  });

  it('ends older sessions of a user but keeps the one that replaced them', () => {
    const now = 2_000_500;
    const list = new RevocationList({ now: () => now });
    list.revokeUser('1', 'new');
    expect(list.isRevoked(token({ sid: 'old', iat: 1_999 }))).toBe(true);
    expect(list.isRevoked(token({ sid: 'new', iat: 2_000 }))).toBe(false);
    expect(list.isRevoked(token({ sub: '2', sid: 'other', iat: 1_999 }))).toBe(false);
    expect(list.isRevoked(token({ sid: 'later', iat: 2_001 }))).toBe(false);
  });

  it('decides a cut in the same second by when this node saw the session', () => {
    let now = 2_000_100;
    const list = new RevocationList({ now: () => now });
    list.noteSeen('seen-before', 9_000_000);
    now = 2_000_300;
    list.revokeUser('1');
    // Seen before the cut: ended. Never seen, same second as the cut: left to the provider.
    expect(list.isRevoked(token({ sid: 'seen-before', iat: 2_000 }))).toBe(true);
    expect(list.isRevoked(token({ sid: 'unseen', iat: 2_000 }))).toBe(false);
    now = 2_000_600;
    list.noteSeen('seen-after', 9_000_000);
    expect(list.isRevoked(token({ sid: 'seen-after', iat: 2_000 }))).toBe(false);
    now = 2_000_900;
    list.revokeUser('1');
    expect(list.isRevoked(token({ sid: 'seen-after', iat: 2_000 }))).toBe(true);
  });

  it('ends every session of an event issued before the cut', () => {
    const list = new RevocationList({ now: () => 2_000_000 });
    list.revokeEvent('DEMO');
    expect(list.isRevoked(token({ iat: 1_500 }))).toBe(true);
    expect(list.isRevoked(token({ event_code: 'VIP', iat: 1_500 }))).toBe(false);
  });

  it('tells listeners about each revocation', () => {
    const list = new RevocationList();
    const seen: Revocation[] = [];
    const off = list.onRevoke((revocation) => seen.push(revocation));
    list.revokeUser('7');
    off();
    list.revokeUser('8');
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ kind: 'user', userId: '7' });
  });
});
