/**
 * The refreshes the relay keeps for tabs that reconnect (refresh-log.ts): each until REFRESH_KEEP_MS after it was
 * due, with what is left of its delay, only for its audience, apart from the announcements of the same event; in
 * Redis (shared by two nodes, the suite's own redis-server) and in the node's memory without it or when it is away.
 * The clock is the test's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { REFRESH_KEEP_MS, type RecoveredRefresh } from '@showfloor/contracts';
import { AnnouncementLog } from './announcement-log.ts';
import type { KeptAudience, KeptReader } from './kept-log.ts';
import { RefreshLog } from './refresh-log.ts';
import { startOwnRedis, withoutErrorNoise, type OwnRedis } from './testing/redis.ts';

const logger = pino({ level: 'silent' });
const EVENT = 'DEMO';
const EVERYONE: KeptAudience = { event: true };

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

const refresh = (id: string, fields: Omit<RecoveredRefresh, 'id'> = {}): RecoveredRefresh => ({
  id,
  ...fields,
});

type Kind = 'redis' | 'memory';
function makeLogs(kind: Kind, time: ReturnType<typeof clock>): [RefreshLog, RefreshLog, string] {
  const prefix = `refresh-test-${(prefixes += 1)}`;
  const of = () => new RefreshLog(() => (kind === 'redis' ? redis : undefined), prefix, logger, time.now);
  return [of(), of(), prefix];
}

const ids = async (log: RefreshLog, reader: KeptReader) => (await log.read(reader)).map((r) => r.id).sort();

describe.each<Kind>(['redis', 'memory'])('refresh log (%s)', (kind) => {
  it('keeps each refresh until REFRESH_KEEP_MS after it was due, with what is left of its delay', async () => {
    const time = clock();
    const [log] = makeLogs(kind, time);
    await log.record(EVENT, refresh('now', { url: '/lobby' }), EVERYONE);
    await log.record(EVENT, refresh('later', { refresh_delay: 60_000 }), EVERYONE);
    const reader = { userId: 7, eventCode: EVENT };

    time.advance(20_000);
    expect(await log.read(reader)).toEqual([
      { id: 'now', url: '/lobby' },
      { id: 'later', refresh_delay: 40_000 },
    ]);
    time.advance(REFRESH_KEEP_MS - 20_000 - 1);
    expect(await log.read(reader)).toEqual([
      { id: 'now', url: '/lobby' },
      { id: 'later', refresh_delay: 0 },
    ]);
    time.advance(1);
    expect(await ids(log, reader)).toEqual(['later']);
    time.advance(60_000);
    expect(await log.read(reader)).toEqual([]);
  });

  it('returns only what was meant for the reader: its user, its event, its room', async () => {
    const time = clock();
    const [log] = makeLogs(kind, time);
    await log.record(EVENT, refresh('to 7 and 8'), { user_ids: [7, 8] });
    await log.record(EVENT, refresh('to 9'), { user_ids: [9] });
    await log.record(EVENT, refresh('room 3'), { room_id: 3 });
    await log.record(EVENT, refresh('room 4'), { room_id: 4 });
    await log.record(EVENT, refresh('all'), EVERYONE);
    await log.record('OTHER', refresh('other event'), EVERYONE);

    expect(await ids(log, { userId: 7, eventCode: EVENT, roomId: 3 })).toEqual([
      'all',
      'room 3',
      'to 7 and 8',
    ]);
    expect(await ids(log, { userId: 9, eventCode: EVENT, roomId: 4 })).toEqual(['all', 'room 4', 'to 9']);
    expect(await ids(log, { userId: 10, eventCode: EVENT })).toEqual(['all']);
    expect(await ids(log, { userId: 7, eventCode: 'OTHER' })).toEqual(['other event']);
  });

  it('is kept apart from the announcements of the same event', async () => {
    const time = clock();
    const [log, , prefix] = makeLogs(kind, time);
    const announcements = new AnnouncementLog(
      () => (kind === 'redis' ? redis : undefined),
      prefix,
      logger,
      time.now,
    );
    await announcements.record(
      EVENT,
      { id: 'ann', sent_at: time.now(), title: 't', message: 'm', type: 1, duration: 20 },
      EVERYONE,
    );
    await log.record(EVENT, refresh('refresh'), EVERYONE);
    expect(await ids(log, { userId: 7, eventCode: EVENT })).toEqual(['refresh']);
    expect((await announcements.read({ userId: 7, eventCode: EVENT })).map((a) => a.id)).toEqual(['ann']);
  });
});

describe('refresh log across nodes', () => {
  it('with Redis a node reads what another node kept; without it, each node only its own', async () => {
    const time = clock();
    const [node1, node2, prefix] = makeLogs('redis', time);
    await node1.record(EVENT, refresh('from node 1', { refresh_delay: 5_000 }), EVERYONE);
    expect(await node2.read({ userId: 7, eventCode: EVENT })).toEqual([
      { id: 'from node 1', refresh_delay: 5_000 },
    ]);
    expect(await redis.pttl(`${prefix}:refresh:${EVENT}`)).toBeGreaterThan(REFRESH_KEEP_MS);

    const [alone1, alone2] = makeLogs('memory', time);
    await alone1.record(EVENT, refresh('from node 1'), EVERYONE);
    expect(await alone2.read({ userId: 7, eventCode: EVENT })).toEqual([]);
  });

  it("answers from the node's own copy when Redis is away", async () => {
    const time = clock();
    const away = withoutErrorNoise(
      new Redis('redis://127.0.0.1:1', {
        lazyConnect: true,
        maxRetriesPerRequest: 0,
        retryStrategy: () => null,
      }),
    );
    const log = new RefreshLog(() => away, `refresh-test-away-${(prefixes += 1)}`, logger, time.now);
    await log.record(EVENT, refresh('kept here', { url: '/keynote' }), { user_ids: [7] });
    expect(await log.read({ userId: 7, eventCode: EVENT })).toEqual([{ id: 'kept here', url: '/keynote' }]);
    expect(await log.read({ userId: 8, eventCode: EVENT })).toEqual([]);
    away.disconnect();
  });
});
