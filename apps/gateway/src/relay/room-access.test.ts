/**
 * room-access.ts on its own (a fake provider and directory): the cap on catch-up reads running at once, the
 * catch-up budget (each ask's deadline; a read shared by a user's tabs within the last of their budgets; a spent
 * read given a turn asks nothing of the provider and passes the turn on), and when a catch-up can answer `unchanged` from the recorded time of the user's last change
 * (a moved clock; Redis records and Redis not answering; a change recorded by one node and read by another through
 * the test's real Redis). The relay end to end: access-catch-up.test.ts.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCESS_CATCH_UP_BUDGET_MS, type SocketData } from '@showfloor/contracts';
import { ProviderError } from '../provider/errors.ts';
import type { AdapterState } from './metrics.ts';
import { until } from './testing/clients.ts';
import { heldDeadlines } from './testing/held-deadlines.ts';
import { resolveTestRedis, type TestRedis } from './testing/redis.ts';
import {
  CHANGE_KEEP_MS,
  CLOCK_SLACK_MS,
  MAX_READS,
  RoomAccess,
  type Deadlines,
  type RoomAccessContext,
} from './room-access.ts';

interface Fake {
  access: RoomAccess;
  /** The lists asked of the provider, in order, by user id; each answered by `answer(userId)`. */
  lists: number[];
  answer: (userId: number) => void;
  clock: { now: number };
}

function fake(
  options: {
    state?: AdapterState;
    redis?: Partial<Redis>;
    maxReads?: number;
    prefix?: string;
    redisMs?: number;
    deadlines?: (ms: number) => Deadlines;
  } = {},
): Fake {
  const pending = new Map<number, () => void>();
  const lists: number[] = [];
  const clock = { now: 1_000_000_000 };
  const noop = (): void => undefined;
  const ctx = {
    io: {
      on: noop,
      serverSideEmit: noop,
      of: () => ({ adapter: { rooms: new Map() }, sockets: new Map() }),
      in: () => ({ fetchSockets: async () => [] }),
    },
    provider: {
      call: (_service: string, _name: string, _input: unknown, options: { token: string }) => {
        const userId = Number(options.token);
        lists.push(userId);
        return new Promise((resolve) => {
          pending.set(userId, () =>
            resolve({ event_rooms: [{ rooms: [{ id: 7, name: 'Hall', active: true }] }] }),
          );
        });
      },
    },
    directory: { canAccessRoom: async () => true, forgetRoomAccess: noop },
    logger: { warn: noop },
    metrics: { deliveries: { inc: noop } },
    adapterState: () => options.state ?? 'memory',
  } as unknown as RoomAccessContext;
  const access = new RoomAccess(ctx, {
    redis: () => options.redis as Redis | undefined,
    prefix: options.prefix ?? 'test',
    now: () => clock.now,
    maxReads: options.maxReads,
    redisMs: options.redisMs ?? 50,
    deadlines: options.deadlines,
  });
  return {
    access,
    lists,
    clock,
    answer: (userId) => {
      pending.get(userId)?.();
      pending.delete(userId);
    },
  };
}

const user = (userId: number): SocketData =>
  ({ userId, eventCode: 'DEMO', token: String(userId), roles: [] }) as unknown as SocketData;

/** Lets the reads started so far reach the provider. */
const turn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('room access catch-up', () => {
  it(`reads for at most ${MAX_READS} users at once; the next waits in order for a turn`, async () => {
    const { access, lists, answer } = fake();
    const reads = Array.from({ length: MAX_READS + 2 }, (_, index) =>
      access.catchUp(user(index + 1), undefined),
    );
    await turn();
    expect(lists).toEqual(Array.from({ length: MAX_READS }, (_, index) => index + 1));
    answer(3);
    await expect(reads[2]).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
    await turn();
    // The 17th took the freed turn; the 18th still waits.
    expect(lists.slice(MAX_READS)).toEqual([MAX_READS + 1]);
    for (let id = 1; id <= MAX_READS + 2; id += 1) {
      answer(id);
      await turn();
    }
    expect(lists).toHaveLength(MAX_READS + 2);
    await Promise.all(reads);
  });

  it('refuses a catch-up whose budget runs out while it waits for a turn (its turn passes over it to the next) or during its read', async () => {
    const held = heldDeadlines();
    const { access, lists, answer, clock } = fake({ deadlines: held.deadlines });
    // One keeper for every ask's deadline, as long as the budget.
    expect(held.made).toEqual([ACCESS_CATCH_UP_BUDGET_MS]);
    const reads = Array.from({ length: MAX_READS + 1 }, (_, index) =>
      access.catchUp(user(index + 1), undefined),
    );
    // The 18th asks a moment later: its budget ends after the 17th's.
    clock.now += 1;
    reads.push(access.catchUp(user(MAX_READS + 2), undefined));
    await turn();
    expect(lists).toHaveLength(MAX_READS);
    expect(held.spend).toHaveLength(MAX_READS + 2);
    // The 17th's budget runs out while all 16 turns are busy: refused (the handler's ACCESS_UNAVAILABLE), not
    // when a turn frees.
    clock.now += ACCESS_CATCH_UP_BUDGET_MS - 1;
    held.spend[MAX_READS]?.();
    await expect(reads[MAX_READS]).rejects.toBeInstanceOf(ProviderError);
    // One whose list the provider has not answered yet: refused when its budget runs out during the read.
    held.spend[1]?.();
    await expect(reads[1]).rejects.toBeInstanceOf(ProviderError);
    answer(1);
    await reads[0];
    await turn();
    // The freed turn came to the 17th's spent read, which asked nothing and passed it on to the 18th.
    expect(lists.slice(MAX_READS)).toEqual([MAX_READS + 2]);
    for (let id = 2; id <= MAX_READS + 2; id += 1) answer(id);
    await Promise.allSettled(reads);
    expect(lists).not.toContain(MAX_READS + 1);
  });

  it("keeps a shared read for a second tab whose own budget is not spent, though the first tab's ran out", async () => {
    const held = heldDeadlines();
    const { access, lists, answer, clock } = fake({ maxReads: 1, deadlines: held.deadlines });
    const other = access.catchUp(user(1), undefined);
    await turn();
    // User 2's first tab asks; its second tab asks later and shares the read waiting for the one turn.
    const first = access.catchUp(user(2), undefined);
    clock.now += ACCESS_CATCH_UP_BUDGET_MS / 2;
    const second = access.catchUp(user(2), undefined);
    await turn();
    expect(lists).toEqual([1]);
    // The first tab's budget runs out while the read waits: that tab is refused, the read keeps its place.
    clock.now += ACCESS_CATCH_UP_BUDGET_MS / 2;
    held.spend[1]?.();
    await expect(first).rejects.toBeInstanceOf(ProviderError);
    // The turn comes after the first tab's budget ended, within the second's: the read runs on it.
    clock.now += 1;
    answer(1);
    await other;
    await turn();
    expect(lists).toEqual([1, 2]);
    answer(2);
    await expect(second).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
  });

  it("passes the turn over a shared read once the last of its sharers' budgets has ended", async () => {
    const held = heldDeadlines();
    const { access, lists, answer, clock } = fake({ maxReads: 1, deadlines: held.deadlines });
    const other = access.catchUp(user(1), undefined);
    await turn();
    const tabs = [access.catchUp(user(2), undefined)];
    clock.now += ACCESS_CATCH_UP_BUDGET_MS / 2;
    tabs.push(access.catchUp(user(2), undefined));
    clock.now += 1;
    const next = access.catchUp(user(3), undefined);
    await turn();
    // The second tab's budget (the read's) ends now, the first's before it; user 3's a moment later.
    clock.now += ACCESS_CATCH_UP_BUDGET_MS - 1;
    held.spend[1]?.();
    held.spend[2]?.();
    await expect(Promise.allSettled(tabs)).resolves.toMatchObject([
      { status: 'rejected' },
      { status: 'rejected' },
    ]);
    answer(1);
    await other;
    await turn();
    // The turn passed over user 2's read (spent: it asked nothing) to user 3.
    expect(lists).toEqual([1, 3]);
    answer(3);
    await expect(next).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
  });

  it('asks the provider nothing for a read handed its turn after its budget ran out', async () => {
    // No deadline ends here: the read's own spent budget refuses the ask.
    const { access, lists, answer, clock } = fake({ maxReads: 1, deadlines: heldDeadlines().deadlines });
    const other = access.catchUp(user(1), undefined);
    await turn();
    clock.now += ACCESS_CATCH_UP_BUDGET_MS / 2;
    const late = access.catchUp(user(2), undefined);
    // Its refusal is awaited below: watched from now on (it rejects as the turn passes, before that await).
    const refused = expect(late).rejects.toBeInstanceOf(ProviderError);
    await turn();
    // Past user 2's budget: the turn comes to a spent read.
    clock.now += ACCESS_CATCH_UP_BUDGET_MS;
    answer(1);
    await other;
    await turn();
    expect(lists).toEqual([1]);
    await refused;
  });

  it('answers unchanged for a change recorded before the time away (less the slack), reads for one within it', async () => {
    const { access, lists, clock, answer } = fake();
    await access.changed(1);
    clock.now += 60_000;
    await expect(access.catchUp(user(1), 60_000 - CLOCK_SLACK_MS - 1)).resolves.toEqual({ unchanged: true });
    expect(lists).toEqual([]);
    const read = access.catchUp(user(1), 60_000 - CLOCK_SLACK_MS);
    await turn();
    expect(lists).toEqual([1]);
    answer(1);
    await expect(read).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
    // Longer away than a change is kept: it cannot tell, it reads (another user, never changed).
    const long = access.catchUp(user(2), CHANGE_KEEP_MS);
    await turn();
    expect(lists).toEqual([1, 2]);
    answer(2);
    await long;
  });

  it('on one node reads for a time away longer than the node has been up (its map holds only changes since)', async () => {
    const { access, lists, clock, answer } = fake();
    clock.now += 10_000;
    const read = access.catchUp(user(1), 10_000);
    await turn();
    expect(lists).toEqual([1]);
    answer(1);
    await expect(read).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
    // Up through the whole time away (with the slack): nothing changed, it answers unchanged.
    await expect(access.catchUp(user(1), 10_000 - CLOCK_SLACK_MS)).resolves.toEqual({ unchanged: true });
    expect(lists).toEqual([1]);
  });

  it("reads from Redis the other nodes' changes; reads when Redis does not answer within its budget", async () => {
    const values = new Map<string, string>();
    let silent = false;
    const redis = {
      get: (key: string) =>
        silent ? new Promise<never>(() => undefined) : Promise.resolve(values.get(key) ?? null),
      set: (key: string, value: string) => {
        values.set(key, value);
        return Promise.resolve('OK');
      },
    } as unknown as Partial<Redis>;
    const other = fake({ state: 'connected', redis });
    const { access, lists, answer } = fake({ state: 'connected', redis });
    await access.catchUp(user(9), 1_000).then((answered) => expect(answered).toEqual({ unchanged: true }));
    // Changed on another node (its record in Redis; this node did not hear access_changed).
    other.clock.now = 1_000_000_000;
    await other.access.changed(9);
    const read = access.catchUp(user(9), 1_000);
    await turn();
    await turn();
    expect(lists).toEqual([9]);
    answer(9);
    await read;
    silent = true;
    // Redis never answers: past its budget (50 ms here) the relay cannot tell, so it reads.
    const unanswered = access.catchUp(user(10), 1_000);
    await until(() => lists.includes(10), 'the read after the Redis budget');
    answer(10);
    await expect(unanswered).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
  });
});

describe('room access catch-up across two nodes, through Redis', () => {
  let testRedis: TestRedis;
  let redis: Redis;

  beforeAll(async () => {
    // REDIS_URL, else 127.0.0.1:6379 if it answers, else a testcontainers Redis, else a clear failure.
    testRedis = await resolveTestRedis(process.env.REDIS_URL);
    redis = new Redis(testRedis.url, { maxRetriesPerRequest: 1 });
  });

  afterAll(async () => {
    redis?.disconnect();
    await testRedis?.release();
  });

  it("a change recorded on node 1 makes node 2's catch-up read the provider; none recorded answers unchanged", async () => {
    const prefix = `room-access-test-${randomBytes(4).toString('hex')}`;
    // Two nodes sharing the prefix; node 2 does not hear node 1's access_changed (the fake io drops it): only the
    // record in Redis tells it. The relay's own Redis budget (a slow answer would read, not answer unchanged).
    const node1 = fake({ state: 'connected', redis, prefix, redisMs: 1_000 });
    const node2 = fake({ state: 'connected', redis, prefix, redisMs: 1_000 });
    try {
      await expect(node2.access.catchUp(user(21), 10_000)).resolves.toEqual({ unchanged: true });
      await node1.access.changed(21);
      expect(await redis.get(`${prefix}:access-changed:21`)).toBe(String(node1.clock.now));
      const read = node2.access.catchUp(user(21), 10_000);
      await until(() => node2.lists.includes(21), "node 2's read of the provider");
      node2.answer(21);
      await expect(read).resolves.toEqual({ accessibleRooms: [{ roomId: 7, roomName: 'Hall' }] });
      // Another user, nothing recorded for them: unchanged, the provider asked nothing more.
      await expect(node2.access.catchUp(user(22), 10_000)).resolves.toEqual({ unchanged: true });
      expect(node2.lists).toEqual([21]);
      expect(node1.lists).toEqual([]);
    } finally {
      await redis.del(`${prefix}:access-changed:21`);
    }
  });
});
