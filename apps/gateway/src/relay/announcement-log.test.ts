/**
 * The announcements the relay keeps for tabs that reconnect (announcement-log.ts): each for its own duration only
 * (untimed ones for ANNOUNCEMENT_UNTIMED_KEEP_MS), at most the cap per event, and only for its audience; in Redis
 * (shared by two nodes, the suite's own redis-server) and in the node's memory without it; and with a Redis that
 * took the connection and never answers, a catch-up answered at the read's budget from the node's own copy; with
 * one that answers the read but stalls on the rewrite of a missed entry, answered at once (the rewrite gives up at
 * its own budget, the entry kept for the next).
 * The clock is the test's.
 */
import { createServer, type AddressInfo, type Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { ANNOUNCEMENT_UNTIMED_KEEP_MS, type Announcement } from '@showfloor/contracts';
import { AnnouncementLog, type AnnouncementAudience } from './announcement-log.ts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';
import { startOwnRedis, withoutErrorNoise, type OwnRedis } from './testing/redis.ts';
import { handleAnnouncementsCatchUp } from './topics/announcements-catch-up.ts';

const logger = pino({ level: 'silent' });
const EVENT = 'DEMO';

let own: OwnRedis;
let redis: Redis;
let prefixes = 0;

beforeAll(async () => {
  own = await startOwnRedis();
  redis = new Redis(own.url, { maxRetriesPerRequest: 1 });
});

afterAll(async () => {
  redis.disconnect();
  await own.stop();
});

/** A clock the test moves. */
function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

let ids = 0;
function announcement(
  sentAt: number,
  duration: Announcement['duration'],
  title = `a${(ids += 1)}`,
): Announcement {
  return { id: `id-${ids}-${title}`, sent_at: sentAt, title, message: 'm', type: 1, duration };
}

const EVERYONE: AnnouncementAudience = { event: true };

type Kind = 'redis' | 'memory';
function makeLogs(
  kind: Kind,
  time: ReturnType<typeof clock>,
  cap?: number,
): [AnnouncementLog, AnnouncementLog] {
  const prefix = `ann-test-${(prefixes += 1)}`;
  const of = () =>
    new AnnouncementLog(() => (kind === 'redis' ? redis : undefined), prefix, logger, time.now, cap);
  return [of(), of()];
}

describe.each<Kind>(['redis', 'memory'])('announcement log (%s)', (kind) => {
  it('keeps each announcement for its own duration only, and says what is left of it', async () => {
    const time = clock();
    const [log] = makeLogs(kind, time);
    const short = announcement(time.now(), 3, 'short');
    const long = announcement(time.now(), 20, 'long');
    const untimed = announcement(time.now(), null, 'untimed');
    for (const a of [short, long, untimed]) await log.record(EVENT, a, EVERYONE);
    const reader = { userId: 7, eventCode: EVENT };

    time.advance(2_000);
    expect((await log.read(reader)).map((a) => [a.title, a.remaining_ms])).toEqual([
      ['short', 1_000],
      ['long', 18_000],
      ['untimed', null],
    ]);
    time.advance(1_000);
    expect((await log.read(reader)).map((a) => a.title)).toEqual(['long', 'untimed']);
    time.advance(17_000);
    expect((await log.read(reader)).map((a) => a.title)).toEqual(['untimed']);
    time.advance(ANNOUNCEMENT_UNTIMED_KEEP_MS);
    expect(await log.read(reader)).toEqual([]);
  });

  it('keeps at most the cap per event, dropping the one closest to its end', async () => {
    const time = clock();
    const [log] = makeLogs(kind, time, 3);
    await log.record(EVENT, announcement(time.now(), 20, 'first'), EVERYONE);
    await log.record(EVENT, announcement(time.now(), 3, 'soonest'), EVERYONE);
    await log.record(EVENT, announcement(time.now(), 10, 'third'), EVERYONE);
    await log.record(EVENT, announcement(time.now(), 20, 'fourth'), EVERYONE);
    await log.record('OTHER', announcement(time.now(), 20, 'elsewhere'), EVERYONE);
    const titles = (await log.read({ userId: 7, eventCode: EVENT })).map((a) => a.title).sort();
    expect(titles).toEqual(['first', 'fourth', 'third']);
    if (kind === 'redis') expect(await redis.zcard(`ann-test-${prefixes}:ann:${EVENT}`)).toBe(3);
    else expect(log.localSize()).toBe(4);
  });

  it('returns only what was meant for the reader: its user, its event, its room', async () => {
    const time = clock();
    const [log] = makeLogs(kind, time);
    await log.record(EVENT, announcement(time.now(), 20, 'to 7 and 8'), { user_ids: [7, 8] });
    await log.record(EVENT, announcement(time.now(), 20, 'to 9'), { user_ids: [9] });
    await log.record(EVENT, announcement(time.now(), 20, 'room 3'), { room_id: 3 });
    await log.record(EVENT, announcement(time.now(), 20, 'room 4'), { room_id: 4 });
    time.advance(10);
    await log.record(EVENT, announcement(time.now(), 20, 'all'), EVERYONE);
    await log.record('OTHER', announcement(time.now(), 20, 'other event'), EVERYONE);
    const titles = async (reader: { userId: number; eventCode: string; roomId?: number }) =>
      (await log.read(reader)).map((a) => a.title).sort();

    expect(await titles({ userId: 7, eventCode: EVENT, roomId: 3 })).toEqual(['all', 'room 3', 'to 7 and 8']);
    expect(await titles({ userId: 9, eventCode: EVENT, roomId: 4 })).toEqual(['all', 'room 4', 'to 9']);
    expect(await titles({ userId: 10, eventCode: EVENT })).toEqual(['all']);
    expect(await titles({ userId: 7, eventCode: 'OTHER' })).toEqual(['other event']);
  });
});

describe('announcement log across nodes', () => {
  it('with Redis a node reads what another node kept; without it, each node only its own', async () => {
    const time = clock();
    const [node1, node2] = makeLogs('redis', time);
    await node1.record(EVENT, announcement(time.now(), 10, 'from node 1'), EVERYONE);
    expect((await node2.read({ userId: 7, eventCode: EVENT })).map((a) => a.title)).toEqual(['from node 1']);

    const [alone1, alone2] = makeLogs('memory', time);
    await alone1.record(EVENT, announcement(time.now(), 10, 'from node 1'), EVERYONE);
    expect(await alone2.read({ userId: 7, eventCode: EVENT })).toEqual([]);
  });

  it('skips a member of Redis it cannot parse and answers with the rest', async () => {
    const time = clock();
    const [node1, node2] = makeLogs('redis', time);
    await node1.record(EVENT, announcement(time.now(), 10, 'good'), EVERYONE);
    const key = `ann-test-${prefixes}:ann:${EVENT}`;
    await redis.zadd(key, time.now() + 10_000, '{not json', time.now() + 10_000, '{"announcement":1}');
    expect((await node2.read({ userId: 7, eventCode: EVENT })).map((a) => a.title)).toEqual(['good']);
  });

  it('merges Redis with its own copy, and writes again what Redis missed (next write, or a read)', async () => {
    const time = clock();
    const broken = withoutErrorNoise(
      new Redis('redis://127.0.0.1:1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      }),
    );
    const prefix = `ann-test-merge-${(prefixes += 1)}`;
    let current: Redis = broken;
    const node1 = new AnnouncementLog(() => current, prefix, logger, time.now);
    const node2 = new AnnouncementLog(() => redis, prefix, logger, time.now);
    const titles = async (log: AnnouncementLog) =>
      (await log.read({ userId: 7, eventCode: EVENT })).map((a) => a.title);

    await node1.record(EVENT, announcement(time.now(), 10, 'lost write'), EVERYONE);
    expect(node1.unwrittenSize()).toBe(1);
    current = redis;
    await node2.record(EVENT, announcement(time.now(), 10, 'from node 2'), EVERYONE);
    // Redis answers node 1 (without its own): it still recovers what it sent, and writes it again.
    expect((await titles(node1)).sort()).toEqual(['from node 2', 'lost write']);
    // The read's rewrite runs in the background (the read does not wait for it).
    await node1.rewritten();
    expect(node1.unwrittenSize()).toBe(0);
    expect((await titles(node2)).sort()).toEqual(['from node 2', 'lost write']);

    // The event's next write carries one missed before.
    current = broken;
    await node1.record(EVENT, announcement(time.now(), 10, 'lost again'), EVERYONE);
    current = redis;
    await node1.record(EVENT, announcement(time.now(), 10, 'next'), EVERYONE);
    expect(node1.unwrittenSize()).toBe(0);
    expect((await titles(node2)).sort()).toEqual(['from node 2', 'lost again', 'lost write', 'next']);
    broken.disconnect();
  });

  it('shares one Redis read among concurrent readers of an event, each answered for itself', async () => {
    const time = clock();
    const [node1, node2] = makeLogs('redis', time);
    await node1.record(EVENT, announcement(time.now(), 10, 'all'), EVERYONE);
    await node1.record(EVENT, announcement(time.now(), 10, 'to 3'), { user_ids: [3] });
    const calls = vi.spyOn(redis, 'zrangebyscore');
    try {
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, userId) => node2.read({ userId, eventCode: EVENT })),
      );
      expect(calls).toHaveBeenCalledTimes(1);
      expect(answers.map((list) => list.map((a) => a.title).join())).toEqual(
        Array.from({ length: 20 }, (_, userId) => (userId === 3 ? 'all,to 3' : 'all')),
      );
      await node2.read({ userId: 1, eventCode: EVENT });
      expect(calls).toHaveBeenCalledTimes(2);
    } finally {
      calls.mockRestore();
    }
  });

  it("falls back to the node's own copy when Redis does not answer", async () => {
    const time = clock();
    const broken = withoutErrorNoise(
      new Redis('redis://127.0.0.1:1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      }),
    );
    const log = new AnnouncementLog(() => broken, 'ann-test-broken', logger, time.now);
    await log.record(EVENT, announcement(time.now(), 10, 'kept here'), EVERYONE);
    expect((await log.read({ userId: 7, eventCode: EVENT })).map((a) => a.title)).toEqual(['kept here']);
    broken.disconnect();
  });
});

/** How long the log waits for Redis before its own copy answers (announcement-log.ts, `REDIS_MS`). */
const REDIS_BUDGET_MS = 1_000;

/**
 * A Redis that took the connection and never answers (its host hung: no FIN, no RST): a TCP server that reads
 * what it is sent and never writes — except, with `answered`, one reply to each of those commands (by name), as
 * a Redis that answers reads but stalls on writes. Counts the commands that reached it by name.
 */
async function startSilentRedis(answered: Record<string, string> = {}) {
  const sockets = new Set<Socket>();
  let received = '';
  const waiting = new Set<() => void>();
  const replied = new Map<string, number>();
  // A command is an array of bulk strings, its name first: `$13\r\nzrangebyscore\r\n`.
  const count = (command: string): number => received.split(`\r\n${command}\r\n`).length - 1;
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => undefined);
    socket.once('close', () => sockets.delete(socket));
    socket.on('data', (chunk: Buffer) => {
      received += chunk.toString('latin1').toLowerCase();
      for (const [command, reply] of Object.entries(answered)) {
        for (let n = replied.get(command) ?? 0; n < count(command); n += 1) socket.write(reply);
        replied.set(command, count(command));
      }
      for (const check of waiting) check();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `redis://127.0.0.1:${port}`,
    /** Resolves once `command` has reached the server `times` times. */
    reached: (command: string, times: number) =>
      new Promise<void>((resolve) => {
        const check = (): void => {
          if (count(command) < times) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      }),
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** A promise watched without awaiting it: whether it has settled yet, and its value. */
function watch<T>(promise: Promise<T>): { isDone: () => boolean; value: () => T | undefined } {
  let outcome: { value: T } | undefined;
  void promise.then((value) => {
    outcome = { value };
  });
  return { isDone: () => outcome !== undefined, value: () => outcome?.value };
}

/** Moves the fake clock on `ms`: the timers due, the poll the budget runs behind them, then what they resolved. */
async function at(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setImmediate(resolve));
}

describe('announcement log with a Redis that accepts the connection and never answers', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("answers a catch-up at the read's budget from the node's own copy, and leaves nothing pending", async () => {
    const silent = await startSilentRedis();
    // Ready as soon as connected (no ready check, no client-info commands: they would wait for answers too), as
    // a client that connected before its Redis hung is; commands fail at once when not ready, as the relay's do.
    const client = withoutErrorNoise(
      new Redis(silent.url, {
        lazyConnect: true,
        enableReadyCheck: false,
        disableClientInfo: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: () => null,
      }),
    );
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      await client.connect();
      // The budget's timers and clock are the test's from here (each wait makes its own, answer-within.ts).
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
      const time = clock();
      const log = new AnnouncementLog(() => client, 'ann-test-silent', logger, time.now);
      const reads = vi.spyOn(client, 'zrangebyscore');

      // The write before the send's ack waits its budget, then the node keeps it alone.
      const recording = watch(log.record(EVENT, announcement(time.now(), 20, 'kept here'), EVERYONE));
      await silent.reached('exec', 1);
      await at(REDIS_BUDGET_MS - 1);
      expect(recording.isDone()).toBe(false);
      await at(1);
      expect(recording.isDone()).toBe(true);
      expect(log.unwrittenSize()).toBe(1);

      // A tab's catch-up: its read reached Redis, which never answers; at the budget the node's copy answers.
      const ctx = { announcements: log } as unknown as RelayContext;
      const tab = { data: { userId: 7, eventCode: EVENT, roomId: 3, roles: [] } } as unknown as RelaySocket;
      const catchUp = watch(Promise.resolve(handleAnnouncementsCatchUp(ctx, tab, {})));
      await silent.reached('zrangebyscore', 1);
      await at(REDIS_BUDGET_MS - 1);
      expect(catchUp.isDone()).toBe(false);
      await at(1);
      expect(catchUp.value()?.ack).toEqual({
        statusCode: 200,
        announcements: [expect.objectContaining({ title: 'kept here', remaining_ms: 20_000 })],
      });

      // Nothing waits any more: no timer is left, and the event's shared read is gone (the next catch-up asks
      // Redis again, and is answered at its own budget too).
      expect(vi.getTimerCount()).toBe(0);
      const again = watch(log.read({ userId: 7, eventCode: EVENT }));
      expect(reads).toHaveBeenCalledTimes(2);
      await silent.reached('zrangebyscore', 2);
      await at(REDIS_BUDGET_MS);
      expect(again.value()?.map((each) => each.title)).toEqual(['kept here']);
      expect(vi.getTimerCount()).toBe(0);

      // The commands Redis still owes fail when the connection goes: each is handled by the wait that gave up
      // on it. A rejection nobody handled is reported once the microtasks after it have run.
      const ended = new Promise((resolve) => client.once('end', resolve));
      client.disconnect();
      await ended;
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      process.off('unhandledRejection', listener);
      vi.useRealTimers();
      client.disconnect();
      await silent.close();
    }
  });

  it('answers a catch-up whose read Redis answered without waiting for the rewrite of a missed entry, which runs under its own budget', async () => {
    // Redis answers the read (nothing kept) and never answers the rewrite's MULTI.
    const stalling = await startSilentRedis({ zrangebyscore: '*0\r\n' });
    const client = withoutErrorNoise(
      new Redis(stalling.url, {
        lazyConnect: true,
        enableReadyCheck: false,
        disableClientInfo: true,
        enableOfflineQueue: false,
        maxRetriesPerRequest: 1,
        retryStrategy: () => null,
      }),
    );
    // The send's write fails at once (a refused connection): the entry is the event's unwritten one.
    const refused = withoutErrorNoise(
      new Redis('redis://127.0.0.1:1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      }),
    );
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    try {
      await client.connect();
      const time = clock();
      let current: Redis = refused;
      const log = new AnnouncementLog(() => current, 'ann-test-stalled-rewrite', logger, time.now);
      await log.record(EVENT, announcement(time.now(), 20, 'kept here'), EVERYONE);
      expect(log.unwrittenSize()).toBe(1);
      current = client;
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });

      const ctx = { announcements: log } as unknown as RelayContext;
      const tab = { data: { userId: 7, eventCode: EVENT, roomId: 3, roles: [] } } as unknown as RelaySocket;
      const catchUp = watch(Promise.resolve(handleAnnouncementsCatchUp(ctx, tab, {})));
      // The read was answered and the rewrite sent: the catch-up is answered with no time passing.
      await stalling.reached('exec', 1);
      await at(0);
      expect(catchUp.value()?.ack).toEqual({
        statusCode: 200,
        announcements: [expect.objectContaining({ title: 'kept here', remaining_ms: 20_000 })],
      });

      // The rewrite gives up at its own budget; the entry stays unwritten for the next write or read.
      const rewritten = watch(log.rewritten());
      await at(REDIS_BUDGET_MS - 1);
      expect(rewritten.isDone()).toBe(false);
      await at(1);
      expect(rewritten.isDone()).toBe(true);
      expect(log.unwrittenSize()).toBe(1);
      expect(vi.getTimerCount()).toBe(0);

      const ended = new Promise((resolve) => client.once('end', resolve));
      client.disconnect();
      await ended;
      await new Promise((resolve) => setImmediate(resolve));
      expect(unhandled).toEqual([]);
    } finally {
      process.off('unhandledRejection', listener);
      vi.useRealTimers();
      client.disconnect();
      refused.disconnect();
      await stalling.close();
    }
  });
});
