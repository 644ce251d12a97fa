/**
 * The session sweep and the handshake's session check against a stub provider: the sweep asks about each
 * distinct session with a socket on the node (not each socket, not sessions whose sockets left), in requests
 * of at most MAX_SESSION_STATUS_SIDS; its answers let handshakes within the TTL pass without a request, and
 * an ended session is asked about again.
 */
import { describe, expect, it } from 'vitest';
import { MAX_SESSION_STATUS_SIDS } from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';
import { SessionStatus } from './session-status.ts';

const TTL_MS = 3_000;

function setup() {
  const requests: string[][] = [];
  const over = new Set<string>();
  let clock = 1_000_000;
  const provider = {
    call: async (_service: string, _name: string, input: { sids: string[] }) => {
      requests.push([...input.sids]);
      return { ended: input.sids.filter((sid) => over.has(sid)) };
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
    expect(await status.sweep()).toEqual(new Set());
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
    over.add('gone');
    expect(await status.sweep()).toEqual(new Set(['gone']));
    requests.length = 0;
    expect(await status.check('alive')).toBe('alive');
    expect(requests).toEqual([]);
    expect(await status.check('gone')).toBe('ended');
    expect(asked()).toEqual(['gone']);
  });

  it("lets a handshake within the TTL of the sweep's answer pass without a request, and asks after it", async () => {
    const { status, requests, advance } = setup();
    status.track('s1');
    await status.sweep();
    requests.length = 0;
    advance(TTL_MS - 1);
    expect(await status.check('s1')).toBe('alive');
    expect(requests).toEqual([]);
    advance(1);
    expect(await status.check('s1')).toBe('alive');
    expect(requests).toEqual([['s1']]);
  });

  it('keeps a handshake answer for the socket that follows it, and forgets it once stale', async () => {
    const { status, requests, advance } = setup();
    expect(await status.check('new')).toBe('alive');
    expect(status.trackedSessions).toBe(0);
    status.track('new');
    expect(await status.check('new')).toBe('alive');
    expect(requests).toEqual([['new']]);
    status.untrack('new');
    advance(TTL_MS);
    await status.sweep();
    requests.length = 0;
    expect(await status.check('new')).toBe('alive');
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
    expect(await status.check('s1')).toBe('unknown');
  });
});
