/**
 * The status fan-out's rules on a fake io that records every call in order: at once to the user's tabs and room,
 * the other nodes told first, one batch per event per interval to this node's tabs with the latest status per
 * user, other nodes' changes in the same batch. Two real nodes and Redis: relay.test.ts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_STATUS_BATCH_CHANGES, SOCKET_ROOMS, type UserStatusChange } from '@showfloor/contracts';
import type { RelayServer } from './io.ts';
import type { AdapterState } from './metrics.ts';
import { StatusFanout, statusPhaseRoom } from './status-fanout.ts';

const EVENT = 'DEMO';
const BATCH_MS = 250;

type Call =
  | { kind: 'node'; payload: unknown }
  | { kind: 'emit'; to: string | string[]; except?: string; local: boolean; event: string; payload: unknown };

/** This node's tabs of each event (socket ids). */
const TABS = { [SOCKET_ROOMS.event(EVENT)]: ['s1', 's2', 's3'], [SOCKET_ROOMS.event('EXPO')]: ['x1'] };

interface FakeOptions {
  state?: AdapterState;
  chunkSize?: number;
  /** One group unless told: the rules above do not depend on the phases. */
  phases?: number;
  tabs?: Record<string, string[]>;
  /** Runs on each `user_status_batch` emit (a test's stand-in for the write's own work). */
  onBatch?: () => void;
}

function fakeIo({
  state = 'connected',
  chunkSize = 500,
  phases = 1,
  tabs = TABS,
  onBatch,
}: FakeOptions = {}) {
  const calls: Call[] = [];
  const rooms = new Map<string, Set<string>>();
  /** The rooms the fan-out looked up, in order (what a tick costs). */
  const roomReads: string[] = [];
  const adapterRooms = {
    get: (room: string) => {
      roomReads.push(room);
      return rooms.get(room);
    },
  };
  const adapterListeners: Array<(room: string) => void> = [];
  /** Each tab's `user_status_batch` payloads, with the (fake) time it was written. */
  const received = new Map<string, Array<{ at: number; payload: unknown }>>();
  const listeners = new Map<string, (payload: unknown) => void>();
  /** Each `user_status_batch` emit's target as the fan-out named it (a phase room, or tab ids). */
  const batchTargets: Array<string | string[]> = [];
  const operator = (local: boolean, target: string | string[], except?: string) => ({
    except: (room: string) => operator(local, target, room),
    emit: (event: string, payload: unknown) => {
      // A batch's `to` in `calls` is the tabs written, as the adapter resolves them: a phase room's members
      // at the time of the emit, or the tab ids themselves.
      const to =
        event === 'user_status_batch'
          ? [...new Set([target].flat().flatMap((name) => [...(rooms.get(name) ?? [name])]))]
          : target;
      if (event === 'user_status_batch') {
        batchTargets.push(target);
        onBatch?.();
      }
      calls.push({ kind: 'emit', to, ...(except ? { except } : {}), local, event, payload });
      if (event === 'user_status_batch') {
        for (const tab of Array.isArray(to) ? to : [to]) {
          received.set(tab, [...(received.get(tab) ?? []), { at: Date.now(), payload }]);
        }
      }
      return true;
    },
  });
  const io = {
    on: (event: string, listener: (payload: unknown) => void) => listeners.set(event, listener),
    serverSideEmit: (_event: string, payload: unknown) => calls.push({ kind: 'node', payload }),
    to: (to: string | string[]) => operator(false, to),
    local: { to: (to: string | string[]) => operator(true, to) },
    of: () => ({
      adapter: {
        rooms: adapterRooms,
        on: (event: string, listener: (room: string) => void) => {
          if (event === 'delete-room') adapterListeners.push(listener);
        },
      },
    }),
  };
  const deliveries = { inc: vi.fn() };
  const fanout = new StatusFanout(
    { io: io as unknown as RelayServer, metrics: { deliveries } as never, adapterState: () => state },
    { batchMs: BATCH_MS, chunkSize, phases },
  );
  const join = (room: string, tab: string) => {
    const members = rooms.get(room) ?? new Set<string>();
    members.add(tab);
    rooms.set(room, members);
  };
  /** A tab connecting: the event room and a phase room, as attach-relay.ts joins them. */
  const connect = (eventCode: string, tab: string) => {
    join(SOCKET_ROOMS.event(eventCode), tab);
    join(fanout.phaseRoom(eventCode), tab);
  };
  /** A tab leaving every room, as the socket.io adapter does: a room left empty is deleted. */
  const disconnect = (tab: string) => {
    for (const [room, members] of rooms) {
      if (!members.delete(tab) || members.size > 0) continue;
      rooms.delete(room);
      for (const listener of adapterListeners) listener(room);
    }
  };
  /** The tabs in a group of an event. */
  const group = (eventCode: string, phase: number) => [
    ...(rooms.get(statusPhaseRoom(eventCode, phase)) ?? []),
  ];
  for (const [room, ids] of Object.entries(tabs)) {
    for (const tab of ids) connect(room.slice('event:'.length), tab);
  }
  /** Another node's `serverSideEmit('status_changed', …)` arriving here. */
  const fromOtherNode = (payload: unknown) => listeners.get('status_changed')?.(payload);
  const batches = () => calls.filter((call) => call.kind === 'emit' && call.event === 'user_status_batch');
  return {
    fanout,
    calls,
    fromOtherNode,
    batches,
    batchTargets,
    deliveries,
    received,
    connect,
    disconnect,
    group,
    roomReads,
  };
}

const change = (userId: number, status: UserStatusChange['user_status']): UserStatusChange => ({
  room_id: null,
  user_id: userId,
  user_status: status,
});

describe('StatusFanout', () => {
  let close: (() => void) | undefined;
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    close?.();
    vi.useRealTimers();
  });

  it("tells the other nodes first, then the user's tabs and room at once, and the event in the next batch", async () => {
    const { fanout, calls } = fakeIo();
    close = () => fanout.close();
    fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
    expect(calls).toEqual([
      { kind: 'node', payload: { event_code: EVENT, user_id: 7, user_status: 'busy' } },
      {
        kind: 'emit',
        to: [SOCKET_ROOMS.user(7), SOCKET_ROOMS.room(EVENT, 3)],
        local: false,
        event: 'user_status_changes',
        payload: change(7, 'busy'),
      },
    ]);
    await vi.advanceTimersByTimeAsync(BATCH_MS - 1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls.slice(2)).toEqual([
      {
        kind: 'emit',
        to: TABS[SOCKET_ROOMS.event(EVENT)],
        local: true,
        event: 'user_status_batch',
        payload: { changes: [{ user_id: 7, user_status: 'busy' }] },
      },
    ]);
    // Nothing new: no batch.
    await vi.advanceTimersByTimeAsync(BATCH_MS * 3);
    expect(calls).toHaveLength(3);
  });

  it("a tab in no room: at once to the user's own tabs only", () => {
    const { fanout, calls } = fakeIo();
    close = () => fanout.close();
    fanout.announce(EVENT, change(7, 'away'), { roomId: undefined, toOwnTabs: true });
    expect(calls[1]).toMatchObject({ to: SOCKET_ROOMS.user(7), event: 'user_status_changes' });
  });

  it("the relay's 'offline' guess skips the user's own tabs: the room at once, else only the batch", () => {
    const { fanout, calls, batches } = fakeIo();
    close = () => fanout.close();
    fanout.announce(EVENT, change(7, 'offline'), { roomId: 3, toOwnTabs: false });
    fanout.announce(EVENT, change(8, 'offline'), { roomId: undefined, toOwnTabs: false });
    expect(calls.filter((call) => call.kind === 'emit')).toEqual([
      {
        kind: 'emit',
        to: SOCKET_ROOMS.room(EVENT, 3),
        except: SOCKET_ROOMS.user(7),
        local: false,
        event: 'user_status_changes',
        payload: change(7, 'offline'),
      },
    ]);
    fanout.flush();
    expect(batches().map((call) => call.kind === 'emit' && call.payload)).toEqual([
      {
        changes: [
          { user_id: 7, user_status: 'offline' },
          { user_id: 8, user_status: 'offline' },
        ],
      },
    ]);
  });

  it("keeps the latest status per user, with other nodes' changes, one batch per event, to this node's tabs", () => {
    const { fanout, batches, fromOtherNode } = fakeIo();
    close = () => fanout.close();
    fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
    fanout.announce(EVENT, change(8, 'away'), { roomId: 3, toOwnTabs: true });
    fromOtherNode({ event_code: EVENT, user_id: 9, user_status: 'available' });
    fanout.announce(EVENT, change(7, 'available'), { roomId: 3, toOwnTabs: true });
    fromOtherNode({ event_code: 'EXPO', user_id: 20, user_status: 'busy' });
    // A malformed inter-node message is dropped.
    fromOtherNode({ event_code: EVENT, user_id: 10, user_status: 'asleep' });
    fanout.flush();
    expect(batches()).toEqual([
      {
        kind: 'emit',
        to: TABS[SOCKET_ROOMS.event(EVENT)],
        local: true,
        event: 'user_status_batch',
        payload: {
          changes: [
            { user_id: 8, user_status: 'away' },
            { user_id: 9, user_status: 'available' },
            { user_id: 7, user_status: 'available' },
          ],
        },
      },
      {
        kind: 'emit',
        to: TABS[SOCKET_ROOMS.event('EXPO')],
        local: true,
        event: 'user_status_batch',
        payload: { changes: [{ user_id: 20, user_status: 'busy' }] },
      },
    ]);
    fanout.flush();
    expect(batches()).toHaveLength(2);
  });

  it('splits a batch above the schema’s limit', () => {
    const { fanout, batches, fromOtherNode } = fakeIo();
    close = () => fanout.close();
    for (let id = 1; id <= MAX_STATUS_BATCH_CHANGES + 1; id += 1) {
      fromOtherNode({ event_code: EVENT, user_id: id, user_status: 'busy' });
    }
    fanout.flush();
    const sizes = batches().map((call) =>
      call.kind === 'emit' ? (call.payload as { changes: unknown[] }).changes.length : 0,
    );
    expect(sizes).toEqual([MAX_STATUS_BATCH_CHANGES, 1]);
  });

  it('writes a batch a chunk of tabs at a time, leaving out in later chunks whoever changed again meanwhile', async () => {
    const { fanout, batches } = fakeIo({ chunkSize: 2 });
    close = () => fanout.close();
    fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
    fanout.announce(EVENT, change(8, 'away'), { roomId: 3, toOwnTabs: true });
    fanout.flush();
    const sent = () => batches().map((call) => call.kind === 'emit' && [call.to, call.payload]);
    expect(sent()).toEqual([
      [
        ['s1', 's2'],
        {
          changes: [
            { user_id: 7, user_status: 'busy' },
            { user_id: 8, user_status: 'away' },
          ],
        },
      ],
    ]);
    // Before the next chunk, 7 changes again: s3 hears 7's new status at once (if in 7's room) and in the next
    // batch, not the older one now.
    fanout.announce(EVENT, change(7, 'available'), { roomId: 3, toOwnTabs: true });
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()[1]).toEqual([['s3'], { changes: [{ user_id: 8, user_status: 'away' }] }]);
    fanout.flush();
    expect(sent()[2]).toEqual([['s1', 's2'], { changes: [{ user_id: 7, user_status: 'available' }] }]);
    // Closed: the rest of a batch being written is dropped.
    fanout.close();
    await vi.advanceTimersByTimeAsync(0);
    expect(sent()).toHaveLength(3);
  });

  it('writes a group that fits one chunk to its phase room in one turn, a larger one by tab ids', async () => {
    // EVENT has 3 tabs here (one group): a chunk of 3 takes it whole, a chunk of 2 does not.
    for (const chunkSize of [3, 2]) {
      const { fanout, batches, batchTargets } = fakeIo({ chunkSize });
      close = () => fanout.close();
      fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
      fanout.flush();
      await vi.advanceTimersByTimeAsync(0);
      expect(batchTargets).toEqual(chunkSize === 3 ? [statusPhaseRoom(EVENT, 0)] : [['s1', 's2'], ['s3']]);
      // The same tabs hear the same batch either way.
      expect(batches().flatMap((call) => (call.kind === 'emit' ? [call.to].flat() : []))).toEqual([
        's1',
        's2',
        's3',
      ]);
      fanout.close();
    }
  });

  it('tells no other node on a single node (memory adapter)', () => {
    const { fanout, calls } = fakeIo({ state: 'memory' });
    close = () => fanout.close();
    fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
    expect(calls.filter((call) => call.kind === 'node')).toEqual([]);
  });
  describe('phases: each group of tabs written on its own tick of the interval', () => {
    const PHASES = 5;
    const TICK = BATCH_MS / PHASES;
    const many = (count: number) => ({
      [SOCKET_ROOMS.event(EVENT)]: Array.from({ length: count }, (_, index) => `t${index}`),
    });
    const changesOf = (payload: unknown) => (payload as { changes: unknown[] }).changes;

    it('every tab hears each change exactly once, within one interval', async () => {
      const { fanout, received } = fakeIo({ phases: PHASES, tabs: many(20) });
      close = () => fanout.close();
      await vi.advanceTimersByTimeAsync(TICK / 2);
      const announcedAt = Date.now();
      fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      for (let index = 0; index < 20; index += 1) {
        const heard = received.get(`t${index}`) ?? [];
        expect(heard.map((entry) => changesOf(entry.payload))).toEqual([
          [{ user_id: 7, user_status: 'busy' }],
        ]);
        expect(heard[0]!.at - announcedAt).toBeLessThanOrEqual(BATCH_MS);
      }
      // Nothing new: nobody hears anything again.
      await vi.advanceTimersByTimeAsync(BATCH_MS * 3);
      expect([...received.values()].flat()).toHaveLength(20);
    });

    it('runs no tick while nothing is held; the first change after idle is written on the same ticks', async () => {
      const { fanout, received } = fakeIo({ phases: PHASES, tabs: many(20) });
      close = () => fanout.close();
      const started = Date.now();
      // Idle from the start: no timer at all.
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(BATCH_MS * 4 + TICK / 2);
      expect(vi.getTimerCount()).toBe(0);
      const announcedAt = Date.now();
      fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
      expect(vi.getTimerCount()).toBe(1);
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      const groupsAt = new Set<number>();
      for (let index = 0; index < 20; index += 1) {
        const heard = received.get(`t${index}`) ?? [];
        expect(heard.map((entry) => changesOf(entry.payload))).toEqual([
          [{ user_id: 7, user_status: 'busy' }],
        ]);
        expect(heard[0]!.at - announcedAt).toBeLessThanOrEqual(BATCH_MS);
        // On the ticks of an interval that never stopped: group k on tick 21 + k (from the start, k from 0).
        expect(heard[0]!.at - started).toBe(TICK * (21 + (index % PHASES)));
        groupsAt.add(heard[0]!.at);
      }
      expect(groupsAt.size).toBe(PHASES);
      // Every group has it: nothing held, the tick stops again.
      expect(fanout.held().changes).toBe(0);
      expect(vi.getTimerCount()).toBe(0);
      await vi.advanceTimersByTimeAsync(BATCH_MS * 3);
      expect([...received.values()].flat()).toHaveLength(20);
    });

    it('writes the groups on different ticks, each at most its share of the tabs', async () => {
      const { fanout, batches } = fakeIo({ phases: PHASES, tabs: many(50) });
      close = () => fanout.close();
      const writtenAt: number[] = [];
      for (let tick = 0; tick < PHASES * 2; tick += 1) {
        // A change before every tick: every group has something to write each time it comes.
        fanout.announce(EVENT, change(100 + tick, 'busy'), { roomId: undefined, toOwnTabs: true });
        const before = batches().length;
        await vi.advanceTimersByTimeAsync(TICK);
        const tabs = batches()
          .slice(before)
          .flatMap((call) => (call.kind === 'emit' ? [call.to].flat() : []));
        expect(tabs).toHaveLength(50 / PHASES);
        writtenAt.push(...tabs.map((tab) => Number(tab.slice(1)) % PHASES));
      }
      // Round robin: tab t<i> is in group i % PHASES, and each tick writes one group.
      expect(writtenAt).toEqual(
        Array.from({ length: PHASES * 2 }, (_, tick) =>
          Array<number>(50 / PHASES).fill(tick % PHASES),
        ).flat(),
      );
    });

    it('a user who changes twice: each group hears only the latest of what it has not heard', async () => {
      const { fanout, received } = fakeIo({ phases: PHASES, tabs: many(PHASES) });
      close = () => fanout.close();
      fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(TICK); // group 0 (t0) hears 'busy'
      fanout.announce(EVENT, change(7, 'away'), { roomId: 3, toOwnTabs: true });
      fanout.announce(EVENT, change(7, 'available'), { roomId: 3, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      const heard = (tab: string) => (received.get(tab) ?? []).map((entry) => changesOf(entry.payload));
      expect(heard('t0')).toEqual([
        [{ user_id: 7, user_status: 'busy' }],
        [{ user_id: 7, user_status: 'available' }],
      ]);
      for (const tab of ['t1', 't2', 't3', 't4']) {
        expect(heard(tab)).toEqual([[{ user_id: 7, user_status: 'available' }]]);
      }
    });

    it('a tab joining mid-interval hears its group’s next batch', async () => {
      const { fanout, received, connect } = fakeIo({ phases: PHASES, tabs: many(PHASES) });
      close = () => fanout.close();
      await vi.advanceTimersByTimeAsync(TICK * 2);
      connect(EVENT, 'late'); // the round robin puts it in group 0 (the 6th tab)
      fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      expect((received.get('late') ?? []).map((entry) => changesOf(entry.payload))).toEqual([
        [{ user_id: 7, user_status: 'busy' }],
      ]);
      expect(received.get('late')?.[0]?.at).toBe(received.get('t0')?.[0]?.at);
    });

    it('keeps at most one interval of changes, and none once every group has them', async () => {
      const { fanout } = fakeIo({ phases: PHASES, tabs: many(10) });
      close = () => fanout.close();
      for (let tick = 0; tick < PHASES * 20; tick += 1) {
        for (let user = 0; user < 3; user += 1) {
          fanout.announce(EVENT, change(tick * 3 + user, 'busy'), { roomId: undefined, toOwnTabs: true });
        }
        await vi.advanceTimersByTimeAsync(TICK);
        // The changes of the last PHASES ticks at most (the group written next is a whole round behind).
        expect(fanout.held().changes).toBeLessThanOrEqual(3 * PHASES);
      }
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      expect(fanout.held()).toEqual({ events: 1, changes: 0 });
    });

    it('a node with no tab of the event writes nothing and keeps nothing', async () => {
      const { fanout, batches, fromOtherNode } = fakeIo({ phases: PHASES, tabs: {} });
      close = () => fanout.close();
      fanout.announce(EVENT, change(7, 'busy'), { roomId: 3, toOwnTabs: true });
      fromOtherNode({ event_code: 'EXPO', user_id: 20, user_status: 'busy' });
      expect(fanout.held()).toEqual({ events: 0, changes: 0 });
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      expect(batches()).toEqual([]);
    });

    it("spreads each event's tabs over the groups by its own round robin, whatever other events' tabs do", async () => {
      const { fanout, batches, connect, group } = fakeIo({ phases: 10, tabs: {} });
      close = () => fanout.close();
      // Two events' tabs connecting in turn: a count shared by the node would put each event in every other group.
      for (let index = 0; index < 10; index += 1) {
        connect(EVENT, `a${index}`);
        connect('EXPO', `b${index}`);
      }
      for (let phase = 0; phase < 10; phase += 1) {
        expect(group(EVENT, phase)).toEqual([`a${phase}`]);
        expect(group('EXPO', phase)).toEqual([`b${phase}`]);
      }
      // So each tick writes one tab of each event.
      fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
      fanout.announce('EXPO', change(8, 'busy'), { roomId: undefined, toOwnTabs: true });
      for (let tick = 0; tick < 10; tick += 1) {
        const before = batches().length;
        await vi.advanceTimersByTimeAsync(BATCH_MS / 10);
        expect(
          batches()
            .slice(before)
            .map((call) => call.kind === 'emit' && call.to),
        ).toEqual([[`a${tick}`], [`b${tick}`]]);
      }
    });

    it("forgets an event's round robin and changes when its last tab here leaves", async () => {
      const { fanout, connect, disconnect, group, received } = fakeIo({ phases: PHASES, tabs: {} });
      close = () => fanout.close();
      for (const tab of ['t0', 't1', 't2']) connect(EVENT, tab);
      connect('EXPO', 'x0');
      fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
      expect(fanout.held()).toEqual({ events: 2, changes: 1 });
      for (const tab of ['t0', 't1', 't2']) disconnect(tab);
      expect(fanout.held()).toEqual({ events: 1, changes: 0 });
      // The event starts afresh: its next tab is in the first group, and hears nothing of before.
      connect(EVENT, 'again');
      expect(group(EVENT, 0)).toEqual(['again']);
      await vi.advanceTimersByTimeAsync(BATCH_MS * 2);
      expect(received.get('again')).toBeUndefined();
    });

    it('skips a group with no tab here on one room read, and its next write neither resends nor loses', async () => {
      const { fanout, connect, received, roomReads } = fakeIo({ phases: PHASES, tabs: many(2) });
      close = () => fanout.close();
      const heard = (tab: string) => (received.get(tab) ?? []).map((entry) => changesOf(entry.payload));
      fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(TICK * 2); // groups 0 and 1 (t0, t1) hear 7
      roomReads.length = 0;
      await vi.advanceTimersByTimeAsync(TICK); // group 2: nobody
      expect(roomReads).toEqual([statusPhaseRoom(EVENT, 2)]);
      connect(EVENT, 'late'); // the event's third tab: group 2, after its turn
      fanout.announce(EVENT, change(8, 'away'), { roomId: undefined, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(BATCH_MS);
      // 7 was before group 2's (skipped) turn: not resent; 8 once.
      expect(heard('late')).toEqual([[{ user_id: 8, user_status: 'away' }]]);
      expect(heard('t0')).toEqual([
        [{ user_id: 7, user_status: 'busy' }],
        [{ user_id: 8, user_status: 'away' }],
      ]);
      await vi.advanceTimersByTimeAsync(BATCH_MS * 2);
      expect(heard('late')).toHaveLength(1);
    });

    describe('ticks on a fixed grid, whatever each write costs', () => {
      const GRID_PHASES = 10;
      const GRID_TICK = BATCH_MS / GRID_PHASES;
      /**
       * A fan-out whose every batch write takes `cost(write)` ms: the fake performance.now() (which
       * vi.setSystemTime does not move) runs ahead of the fake timers by what the writes took, as a real clock
       * does while a tick works. `writes`: the performance.now() at which each write began.
       */
      const costly = (cost: (write: number) => number) => {
        const clock = performance.now.bind(performance);
        let spent = 0;
        const now = vi.spyOn(performance, 'now').mockImplementation(() => clock() + spent);
        const writes: number[] = [];
        const fake = fakeIo({
          phases: GRID_PHASES,
          tabs: many(20),
          onBatch: () => {
            writes.push(performance.now());
            spent += cost(writes.length - 1);
          },
        });
        close = () => {
          fake.fanout.close();
          now.mockRestore();
        };
        return { ...fake, writes };
      };

      it('a late tick does not delay the next: the 10th tick after the first is on time', async () => {
        const { fanout, writes, received } = costly(() => 5);
        const announcedAt = performance.now();
        fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
        await vi.advanceTimersByTimeAsync(GRID_TICK + 10); // group 0 heard 7
        fanout.announce(EVENT, change(8, 'away'), { roomId: undefined, toOwnTabs: true });
        await vi.advanceTimersByTimeAsync(BATCH_MS * 2);
        // 7 on ticks 1-10, 8 on ticks 2-11: one write a tick, each on its grid time (re-armed from the moment it
        // ran, each tick would start 5 ms later than the one before, the 11th 50 ms late).
        expect(writes).toHaveLength(GRID_PHASES + 1);
        expect(writes.map((at) => at - writes[0]!)).toEqual(
          Array.from({ length: GRID_PHASES + 1 }, (_, tick) => tick * GRID_TICK),
        );
        // Every group heard 7 (writes 1-10) within one interval, one write's cost late at most.
        expect(writes[GRID_PHASES - 1]! - announcedAt).toBeLessThanOrEqual(BATCH_MS + 5);
        expect(received.size).toBe(20);
        for (const heard of received.values()) {
          expect(changesOf(heard[0]!.payload)).toContainEqual({ user_id: 7, user_status: 'busy' });
        }
      });

      it('a tick stalled past the next moves the grid to now: no burst, no group skipped', async () => {
        // The third write stalls the loop for 2.4 ticks.
        const { fanout, writes, received } = costly((write) => (write === 2 ? GRID_TICK * 2.4 : 0));
        fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
        await vi.advanceTimersByTimeAsync(BATCH_MS * 3);
        // Groups 0-2 on the grid; group 3 at once after the stall (its tick was due then; a timer's 1 ms
        // least delay); then a tick apart from there, with no catch-up burst and every group in its turn.
        const gaps = writes.slice(1).map((at, index) => at - writes[index]!);
        expect(gaps).toEqual([GRID_TICK, GRID_TICK, GRID_TICK * 2.4 + 1, ...Array(6).fill(GRID_TICK)]);
        for (const heard of received.values()) {
          expect(heard.map((entry) => changesOf(entry.payload))).toEqual([
            [{ user_id: 7, user_status: 'busy' }],
          ]);
        }
        expect(received.size).toBe(20);
      });
    });

    it('counts one user_status_batch delivery per event and interval, however many groups it took', async () => {
      const { fanout, deliveries } = fakeIo({ phases: PHASES, tabs: many(20) });
      close = () => fanout.close();
      const batchDeliveries = () =>
        deliveries.inc.mock.calls.filter(([labels]) => labels.topic === 'user_status_batch').length;
      fanout.announce(EVENT, change(7, 'busy'), { roomId: undefined, toOwnTabs: true });
      await vi.advanceTimersByTimeAsync(BATCH_MS * 2);
      expect(batchDeliveries()).toBe(1);
      // A change before every tick of two intervals: two batches.
      for (let tick = 0; tick < PHASES * 2; tick += 1) {
        fanout.announce(EVENT, change(100 + tick, 'busy'), { roomId: undefined, toOwnTabs: true });
        await vi.advanceTimersByTimeAsync(TICK);
      }
      expect(batchDeliveries()).toBe(3);
    });
  });
});
