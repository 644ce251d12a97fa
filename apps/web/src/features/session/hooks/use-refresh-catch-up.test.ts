import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { RecoveredRefresh } from '@showfloor/contracts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket, unconnectedSocket } from '../../../testing/fake-socket.ts';
import {
  createSessionEventHandlers,
  forgetSeenRefreshes,
  isRefreshSeen,
  type SessionEventDeps,
} from '../session-events.ts';
import { useRefreshCatchUp } from './use-refresh-catch-up.ts';

afterEach(() => {
  setSocket(null);
  forgetSeenRefreshes();
});

/** The session events' `refresh` with its effects recorded: what each carried-out refresh scheduled, and did. */
function sessionRefresh() {
  const done: string[] = [];
  const deps = {
    reload: () => done.push('reload'),
    assign: (url: string) => done.push(`assign ${url}`),
    schedule: (run: () => void, delayMs: number) => {
      done.push(`after ${delayMs} ms`);
      run();
    },
  } as Partial<SessionEventDeps> as SessionEventDeps;
  const handlers = createSessionEventHandlers(deps);
  return { done, carryOut: vi.fn((refresh: RecoveredRefresh) => handlers.refresh(refresh)) };
}

describe('refreshes missed while the socket was down', () => {
  const before = { id: 'before', url: '/lobby' };
  const missed = { id: 'missed', refresh_delay: 1_500, url: '/keynote' };
  const offSite = { id: 'off-site', url: '//evil.test' };

  it('on the first connect records what the relay keeps without acting; after a reconnect carries out the rest once', async () => {
    // A reload (which a refresh causes): the relay still keeps 'before', the refresh that caused it.
    let kept: RecoveredRefresh[] = [before];
    const fake = unconnectedSocket(() => ({ statusCode: 200, refreshes: kept }));
    const { done, carryOut } = sessionRefresh();
    renderHook(() => useRefreshCatchUp(carryOut));
    act(fake.connect);
    expect(fake.emitted).toEqual([{ topic: 'refreshes_catch_up', payload: {} }]);
    // Recorded without acting: the same id recovered later is not carried out.
    await waitFor(() => expect(isRefreshSeen('before')).toBe(true));
    expect(carryOut).not.toHaveBeenCalled();

    kept = [before, missed, offSite];
    act(fake.drop);
    act(fake.connect);
    expect(fake.emitted.map((e) => e.topic)).toEqual(['refreshes_catch_up', 'refreshes_catch_up']);
    // As the live frame: what is left of its delay, its url only when on the site.
    await waitFor(() => expect(done).toEqual(['after 1500 ms', 'assign /keynote', 'after 1 ms', 'reload']));

    // A seen one is not carried out again (a second reconnect, or a resync, recovering the same).
    act(fake.drop);
    act(fake.connect);
    await waitFor(() => expect(carryOut).toHaveBeenCalledTimes(6));
    expect(done).toHaveLength(4);
  });

  it('a resync without a reconnect asks after its random wait and carries out what was missed', async () => {
    let kept: RecoveredRefresh[] = [before];
    const fake = createFakeSocket(() => ({ statusCode: 200, refreshes: kept }));
    fake.install();
    const { done, carryOut } = sessionRefresh();
    // Mounted on a connected socket: its first connect passed unheard, so it asks at once and records.
    renderHook(() => useRefreshCatchUp(carryOut, { random: () => 0.5 }));
    expect(fake.emitted).toHaveLength(1);
    await waitFor(() => expect(isRefreshSeen('before')).toBe(true));
    kept = [before, missed];
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      act(() => fake.fire('resync', { reason: 'fanout_interrupted', spread_ms: 1_000 }));
      act(() => {
        vi.advanceTimersByTime(499);
      });
      expect(fake.emitted).toHaveLength(1);
      act(() => {
        vi.advanceTimersByTime(1);
      });
      expect(fake.emitted).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
    await waitFor(() => expect(done).toEqual(['after 1500 ms', 'assign /keynote']));
  });

  it('a first catch-up not answered records nothing and acts on nothing: the next one only records', async () => {
    let answer: unknown = { statusCode: 400, message: 'busy' };
    const fake = unconnectedSocket(() => answer);
    const { carryOut } = sessionRefresh();
    renderHook(() => useRefreshCatchUp(carryOut));
    act(fake.connect);
    await act(async () => {});
    answer = { statusCode: 200, refreshes: [missed] };
    act(fake.drop);
    act(fake.connect);
    await waitFor(() => expect(isRefreshSeen('missed')).toBe(true));
    expect(carryOut).not.toHaveBeenCalled();
  });
});
