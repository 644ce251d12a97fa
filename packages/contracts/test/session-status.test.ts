/**
 * The answer of POST auth/sessions/status says how each ended session ended (`reasons`), and the nodes pass that
 * reason on in `session_revoked`. An older provider's answer (no reasons) still parses, a newer provider's
 * reason this contract does not know is read as not said, and a reason that is no text fails the answer.
 */
import { describe, expect, it } from 'vitest';
import {
  SessionEndReasonSchema,
  SessionRevokedSchema,
  SessionStatusSchema,
  catalogue,
} from '../src/index.ts';

describe('auth.sessionStatus answer', () => {
  it('is the answer schema of the call', () => {
    expect(catalogue.auth.sessionStatus.responses[200]).toBe(SessionStatusSchema);
  });

  it('carries one reason per ended session, each of the contract', () => {
    const answer = {
      ended: ['a', 'b', 'c', 'd', 'e', 'f'],
      reasons: {
        a: 'signed_out',
        b: 'replaced',
        c: 'ended_by_manager',
        d: 'deactivated',
        e: 'expired',
        f: 'unknown',
      },
    };
    expect(SessionStatusSchema.parse(answer)).toEqual(answer);
    expect(Object.values(answer.reasons).sort()).toEqual([...SessionEndReasonSchema.options].sort());
  });

  it("parses an older provider's answer without reasons, and one that leaves a session out", () => {
    expect(SessionStatusSchema.parse({ ended: ['a'] })).toEqual({ ended: ['a'] });
    const partly = SessionStatusSchema.parse({ ended: ['a', 'b'], reasons: { b: 'replaced' } });
    expect(partly.reasons?.a).toBeUndefined();
    expect(partly.reasons?.b).toBe('replaced');
  });

  it("reads a newer provider's reason it does not know as not said, keeping the rest of the answer", () => {
    const parsed = SessionStatusSchema.parse({
      ended: ['a', 'b'],
      reasons: { a: 'ended_by_the_moon', b: 'signed_out' },
    });
    expect(parsed.ended).toEqual(['a', 'b']);
    expect(parsed.reasons?.a).toBeUndefined();
    expect(parsed.reasons?.b).toBe('signed_out');
  });

  it('fails an answer whose reason is no text', () => {
    expect(SessionStatusSchema.safeParse({ ended: ['a'], reasons: { a: 3 } }).success).toBe(false);
    expect(SessionStatusSchema.safeParse({ ended: ['a'], reasons: ['signed_out'] }).success).toBe(false);
  });
});

describe('session_revoked between nodes', () => {
  const base = { kind: 'session', sid: 's1', userId: '7', expiresAt: 1_000 } as const;

  it('passes the reason on', () => {
    expect(SessionRevokedSchema.parse({ ...base, reason: 'signed_out' })).toEqual({
      ...base,
      reason: 'signed_out',
    });
    expect(SessionRevokedSchema.parse({ ...base, elsewhere: true })).toEqual({ ...base, elsewhere: true });
  });

  it('refuses a reason outside the contract (nodes share one build of it)', () => {
    expect(SessionRevokedSchema.safeParse({ ...base, reason: 'bored' }).success).toBe(false);
  });
});
