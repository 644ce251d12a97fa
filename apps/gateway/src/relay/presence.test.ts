/**
 * Presence's 'offline' guess: it is for the others, never for the user's own tabs (a tab hearing 'offline' for
 * its own user signs out), and a tab connecting while the other nodes are asked cancels it. The io is a fake
 * whose fetchSockets answers when the test says, so the connection lands exactly inside the question.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOCKET_ROOMS, type UserStatusChange } from '@showfloor/contracts';
import type { RelayContext } from './context.ts';
import { Presence } from './presence.ts';
import type { StatusTargets } from './status-fanout.ts';

const GRACE = 7;
const EVENT = 'DEMO';

interface Emitted {
  eventCode: string;
  payload: UserStatusChange;
  targets: StatusTargets;
}

function fakeContext() {
  const rooms = new Map<string, Set<string>>();
  const emitted: Emitted[] = [];
  const answers: Array<(sockets: unknown[]) => void> = [];
  const io = {
    of: () => ({ adapter: { rooms } }),
    in: () => ({ fetchSockets: () => new Promise<unknown[]>((resolve) => answers.push(resolve)) }),
  };
  const status = {
    announce: (eventCode: string, payload: UserStatusChange, targets: StatusTargets) => {
      emitted.push({ eventCode, payload, targets });
    },
  };
  const ctx = {
    io,
    status,
    logger: { debug: vi.fn() },
    metrics: { deliveries: { inc: vi.fn() } },
  } as unknown as RelayContext;
  /** A tab of grace joins (or leaves) her user room on this node. */
  const setLocalTab = (isThere: boolean) => {
    if (isThere) rooms.set(SOCKET_ROOMS.user(GRACE), new Set(['socket-2']));
    else rooms.delete(SOCKET_ROOMS.user(GRACE));
  };
  return { ctx, emitted, answers, setLocalTab };
}

describe('Presence', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("announces 'offline' to the event and the last tab's room, but not to the user's own tabs, when the last tab stays gone", async () => {
    const { ctx, emitted, answers } = fakeContext();
    const presence = new Presence(ctx, { offlineGraceMs: 1_500 });
    presence.disconnected(GRACE, EVENT, 3);
    await vi.advanceTimersByTimeAsync(1_499);
    expect(answers).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(answers).toHaveLength(1);
    answers[0]?.([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toEqual([
      {
        eventCode: EVENT,
        payload: { user_id: GRACE, user_status: 'offline', room_id: 3 },
        targets: { roomId: 3, toOwnTabs: false },
      },
    ]);
  });

  it('says nothing when a tab of the user connects while the other nodes are being asked', async () => {
    const { ctx, emitted, answers, setLocalTab } = fakeContext();
    const presence = new Presence(ctx, { offlineGraceMs: 1_500 });
    presence.disconnected(GRACE, EVENT);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(answers).toHaveLength(1);
    // The reloaded tab connects (slower than the grace period) while the question is out; the other nodes had
    // none of grace's tabs when they answered.
    setLocalTab(true);
    presence.connected(GRACE);
    answers[0]?.([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted).toEqual([]);
  });

  it('says nothing when a tab connected in the grace period, and asks nobody', async () => {
    const { ctx, emitted, answers, setLocalTab } = fakeContext();
    const presence = new Presence(ctx, { offlineGraceMs: 1_500 });
    presence.disconnected(GRACE, EVENT);
    await vi.advanceTimersByTimeAsync(1_000);
    setLocalTab(true);
    presence.connected(GRACE);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(answers).toHaveLength(0);
    expect(emitted).toEqual([]);
  });

  it('forgets a check once answered: a later disconnect is announced again', async () => {
    const { ctx, emitted, answers, setLocalTab } = fakeContext();
    const presence = new Presence(ctx, { offlineGraceMs: 1_500 });
    presence.disconnected(GRACE, EVENT);
    await vi.advanceTimersByTimeAsync(1_500);
    setLocalTab(true);
    presence.connected(GRACE);
    answers[0]?.([]);
    await vi.advanceTimersByTimeAsync(0);
    setLocalTab(false);
    presence.disconnected(GRACE, EVENT);
    await vi.advanceTimersByTimeAsync(1_500);
    answers[1]?.([]);
    await vi.advanceTimersByTimeAsync(0);
    expect(emitted.map((e) => e.payload.user_status)).toEqual(['offline']);
  });
});
