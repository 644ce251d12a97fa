/**
 * The session sweep and the handshake's session check against a stub provider: the sweep asks about each
 * distinct session with a socket on the node (not each socket, not sessions whose sockets left), in requests
 * of at most MAX_SESSION_STATUS_SIDS; its answers let handshakes within the TTL pass without a request, and
 * an ended session is asked about again. How each ended session ended is passed on as the provider said it, and
 * left unsaid when its answer does not say (an older provider).
 */
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_STATUS_SIDS, SessionEndReasonSchema, type SessionEndReason } from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';
import { SessionStatus } from './session-status.ts';

const TTL_MS = 3_000;

function setup() {
  const requests: string[][] = [];
  /** Sessions over at the provider, with the reason its answer gives (none: an older provider's answer). */
  const over = new Map<string, SessionEndReason | undefined>();
  let clock = 1_000_000;
  const provider = {
    call: async (_service: string, _name: string, input: { sids: string[] }) => {
      requests.push([...input.sids]);
      const ended = input.sids.filter((sid) => over.has(sid));
      const reasons = Object.fromEntries(
        ended.flatMap((sid) => {
          const reason = over.get(sid);
          return reason === undefined ? [] : [[sid, reason]];
        }),
      );
      return ended.some((sid) => over.get(sid) !== undefined) ? { ended, reasons } : { ended };
    },
  } as unknown as ProviderClient;
  const status = new SessionStatus(provider, { aliveTtlMs: TTL_MS, now: () => clock });
  return {
    status,
    requests,
    over,
    advance: (ms: number) => (clock += ms),
    asked: () => requests.flat(),
  };
}

describe('session sweep', () => {
  it('asks about each distinct session with a socket here once, in chunks of MAX_SESSION_STATUS_SIDS', async () => {
    const { status, requests } = setup();
    const sessions = 2 * MAX_SESSION_STATUS_SIDS + 500;
    for (let i = 0; i < sessions; i += 1) {
      status.track(`s${i}`);
      if (i % 2 === 0) status.track(`s${i}`); // a second tab of the same session
    }
    expect(status.trackedSessions).toBe(sessions);
    expect(await status.sweep()).toEqual(new Map());
    expect(requests.map((sids) => sids.length)).toEqual([
      MAX_SESSION_STATUS_SIDS,
      MAX_SESSION_STATUS_SIDS,
      500,
    ]);
    expect(new Set(requests.flat()).size).toBe(sessions);
  });

  it('stops asking about a session once its last socket here is gone', async () => {
    const { status, asked, requests, advance } = setup();
    status.track('a');
    status.track('a');
    status.track('b');
    status.untrack('a');
    await status.sweep();
    expect(asked().sort()).toEqual(['a', 'b']);
    status.untrack('a');
    status.untrack('b');
    expect(status.trackedSessions).toBe(0);
    requests.length = 0;
    advance(TTL_MS);
    await status.sweep();
    expect(requests).toEqual([]);
    status.untrack('b'); // one too many: ignored
    expect(status.trackedSessions).toBe(0);
  });

  it('answers the sessions that ended, and asks about them again at the next handshake', async () => {
    const { status, over, asked, requests } = setup();
    status.track('alive');
    status.track('gone');
    over.set('gone', 'signed_out');
    expect(await status.sweep()).toEqual(new Map([['gone', 'signed_out']]));
    requests.length = 0;
    expect(await status.check('alive')).toEqual({ state: 'alive' });
    expect(requests).toEqual([]);
    expect(await status.check('gone')).toEqual({ state: 'ended', reason: 'signed_out' });
    expect(asked()).toEqual(['gone']);
  });

  it('passes on how each session ended, and leaves it unsaid where the answer does not say', async () => {
    const { status, over } = setup();
    const reasons: Array<SessionEndReason | undefined> = [...SessionEndReasonSchema.options, undefined];
    reasons.forEach((reason, i) => {
      status.track(`s${i}`);
      over.set(`s${i}`, reason);
    });
    status.track('alive');
    expect(await status.sweep()).toEqual(new Map(reasons.map((reason, i) => [`s${i}`, reason])));
    expect(await status.ended(['s0', 's6', 'alive'])).toEqual(
      new Map([
        ['s0', 'signed_out'],
        ['s6', undefined],
      ]),
    );
    // An older provider's answer: no reasons at all.
    for (const sid of over.keys()) over.set(sid, undefined);
    const unsaid = await status.sweep();
    expect([...unsaid.keys()]).toEqual(reasons.map((_, i) => `s${i}`));
    expect([...unsaid.values()].every((reason) => reason === undefined)).toBe(true);
  });

  it('reads no reason off the prototype for a sid named like one of its keys', async () => {
    const { status, over } = setup();
    for (const sid of ['__proto__', 'constructor', 'x']) status.track(sid);
    over.set('__proto__', undefined);
    over.set('constructor', undefined);
    over.set('x', 'replaced'); // the answer has `reasons`, a plain object
    expect(await status.sweep()).toEqual(
      new Map([
        ['__proto__', undefined],
        ['constructor', undefined],
        ['x', 'replaced'],
      ]),
    );
  });

  it("lets a handshake within the TTL of the sweep's answer pass without a request, and asks after it", async () => {
    const { status, requests, advance } = setup();
    status.track('s1');
    await status.sweep();
    requests.length = 0;
    advance(TTL_MS - 1);
    expect(await status.check('s1')).toEqual({ state: 'alive' });
    expect(requests).toEqual([]);
    advance(1);
    expect(await status.check('s1')).toEqual({ state: 'alive' });
    expect(requests).toEqual([['s1']]);
  });

  it('keeps a handshake answer for the socket that follows it, and forgets it once stale', async () => {
    const { status, requests, advance } = setup();
    expect(await status.check('new')).toEqual({ state: 'alive' });
    expect(status.trackedSessions).toBe(0);
    status.track('new');
    expect(await status.check('new')).toEqual({ state: 'alive' });
    expect(requests).toEqual([['new']]);
    status.untrack('new');
    advance(TTL_MS);
    await status.sweep();
    requests.length = 0;
    expect(await status.check('new')).toEqual({ state: 'alive' });
    expect(requests).toEqual([['new']]);
  });

  it('reports a failed request to the sweep, and a failed handshake question as unknown', async () => {
    const status = new SessionStatus(
      {
        call: async () => {
          throw new Error('provider down');
        },
      } as unknown as ProviderClient,
      { aliveTtlMs: TTL_MS },
    );
    status.track('s1');
    await expect(status.sweep()).rejects.toThrow('provider down');
    expect(await status.check('s1')).toEqual({ state: 'unknown' });
  });
});
