import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { DELIVER_ONCE_SCRIPT, DeliveredMessages, type Fanout, type OnceScript } from './delivered.ts';
import { ScriptConnection } from './script-connection.ts';
import { resolveTestRedis, sparePort, startOwnRedis, type TestRedis } from './testing/redis.ts';

let testRedis: TestRedis;
let redis: Redis;
let subscriber: Redis;
/** The script's connection, as a node holds it. */
let script: ScriptConnection;
const prefix = `delivered-test-${randomUUID().slice(0, 8)}`;
const channel = `${prefix}#remote#`;
/** What the other nodes received: the messages published on the test's channel. */
const published: string[] = [];

beforeAll(async () => {
  testRedis = await resolveTestRedis(process.env.REDIS_URL);
  redis = new Redis(testRedis.url);
  subscriber = new Redis(testRedis.url);
  subscriber.on('message', (_channel: string, message: string) => published.push(message));
  await subscriber.subscribe(channel);
  script = await scriptConnection(testRedis.url);
});

async function scriptConnection(url: string): Promise<ScriptConnection> {
  const connection = new ScriptConnection({ url, lua: DELIVER_ONCE_SCRIPT, retryDelayMs: () => 100 });
  await connection.ready(5_000);
  return connection;
}

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  subscriber.disconnect();
  script.close();
  await testRedis?.release();
});

/** A node: its own sockets (counted), its share for the others encoded as `rooms|event|payload`. */
function node(scriptOf: () => OnceScript | undefined = () => script, confirmMs?: number) {
  const local: string[] = [];
  const fanout: Fanout = {
    local: {
      to: (rooms) => ({
        emit: (event, payload) => local.push(`${String(rooms)}|${event}|${String(payload)}`),
      }),
    },
    encodeRemote: (rooms, event, payload) => ({
      channel,
      message: Buffer.from(`${rooms.join(',')}|${event}|${String(payload)}`),
    }),
  };
  return { delivered: new DeliveredMessages(scriptOf, prefix, fanout, confirmMs), local };
}

async function until(check: () => boolean): Promise<void> {
  const deadline = Date.now() + 2_000;
  while (!check() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('DeliveredMessages', () => {
  it('delivers a stored message once across nodes: its own sockets, the others through one publish', async () => {
    const id = randomUUID();
    const a = node();
    expect(await a.delivered.deliverOnce(id, (to) => to.to(['user:1', 'user:2']).emit('chat', id))).toBe(
      true,
    );
    expect(a.local).toEqual([`user:1,user:2|chat|${id}`]);
    await until(() => published.includes(`user:1,user:2|chat|${id}`));
    expect(published.filter((message) => message.endsWith(id))).toEqual([`user:1,user:2|chat|${id}`]);
    const b = node();
    expect(await b.delivered.deliverOnce(id, (to) => to.to('user:1').emit('chat', id))).toBe(false);
    expect(b.local).toEqual([]);
    expect(await redis.get(`${prefix}:relay:delivered:${id}`)).toBe('done');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(published.filter((message) => message.endsWith(id))).toHaveLength(1);
  });

  it('has the publish in Redis when it answers: a subscriber that asks after it gets the message', async () => {
    const id = randomUUID();
    await node().delivered.deliverOnce(id, (to) => to.to('room:DEMO:3').emit('chat', id));
    // PING on the subscriber's own connection is answered after every message Redis sent it before.
    await subscriber.ping();
    expect(published).toContain(`room:DEMO:3|chat|${id}`);
  });

  it('delivers when an older node claimed it and never confirmed (its lease, not a delivery)', async () => {
    const id = randomUUID();
    await redis.set(`${prefix}:relay:delivered:${id}`, 'pending', 'PX', 30_000);
    const a = node();
    expect(await a.delivered.deliverOnce(id, (to) => to.to('user:1').emit('chat', id))).toBe(true);
    expect(a.local).toHaveLength(1);
    expect(await redis.get(`${prefix}:relay:delivered:${id}`)).toBe('done');
  });

  it('does not ask Redis again for a resend reaching the same node', async () => {
    const id = randomUUID();
    const same = node();
    expect(await same.delivered.deliverOnce(id, (to) => to.to('user:1').emit('chat', id))).toBe(true);
    await redis.del(`${prefix}:relay:delivered:${id}`);
    expect(await same.delivered.deliverOnce(id, (to) => to.to('user:1').emit('chat', id))).toBe(false);
    expect(same.local).toHaveLength(1);
  });

  it('does not deliver a resend again when Redis answered while this node’s own loop stalled', async () => {
    const id = `m-${randomUUID()}`;
    const a = node();
    expect(await a.delivered.deliverOnce(id, (to) => to.to('user:1').emit('chat', id))).toBe(true);
    // The resend reaches another node, whose loop stalls past its 50 ms budget right after the script is
    // written (at the end of the turn): Redis's "delivered before" waits in the socket with the timer due.
    const b = node(() => script, 50);
    const resend = b.delivered.deliverOnce(id, (to) => to.to('user:1').emit('chat', id));
    await new Promise((resolve) => setImmediate(resolve));
    const until = Date.now() + 1_000;
    while (Date.now() < until);
    expect(await resend).toBe(false);
    expect(b.local).toEqual([]);
  });

  it("answers a resend that comes while the first copy's script is unanswered only once it is answered", async () => {
    // A script whose answer the test gives: the first copy's publish is not in Redis until then.
    let answer = (_published: number): void => undefined;
    const held: OnceScript = {
      call: () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    };
    const a = node(() => held, 60_000);
    const first = a.delivered.deliverOnce('m-held', (to) => to.to('user:1').emit('chat', 'm-held'));
    let resendAnswered = false;
    const resend = a.delivered
      .deliverOnce('m-held', (to) => to.to('user:1').emit('chat', 'm-held'))
      .then((isDelivered) => {
        resendAnswered = true;
        return isDelivered;
      });
    // Every callback already due has run: the resend is still waiting for the first copy's script.
    await new Promise((resolve) => setImmediate(resolve));
    expect(resendAnswered).toBe(false);
    answer(1);
    expect(await resend).toBe(false);
    expect(await first).toBe(true);
    expect(a.local).toEqual(['user:1|chat|m-held']);
  });

  it('ends each unanswered script call after its own wait, one timer serving them all', async () => {
    // The waits share one timer (issue 17: no timer per message): each must still end after its own budget,
    // not with an older one's, and one answered meanwhile keeps its answer. The clock and the timers are
    // the test's; the poll after a due timer (setImmediate) is real: `at` lets it run.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
    const at = async (ms: number): Promise<void> => {
      await vi.advanceTimersByTimeAsync(ms);
      await new Promise((resolve) => setImmediate(resolve));
    };
    try {
      const answers = new Map<string, (published: number) => void>();
      const held: OnceScript = {
        call: (keys) =>
          new Promise((resolve) => {
            answers.set(String(keys[0]).slice(-3), resolve);
          }),
      };
      const a = node(() => held, 100);
      const outcomes = new Map<string, boolean>();
      const send = (id: string): void => {
        void a.delivered
          .deliverOnce(id, (to) => to.to('user:1').emit('chat', id))
          .then((isDelivered) => outcomes.set(id, isDelivered));
      };
      send('m-1'); // t = 0, never answered: ends at 100
      await at(40);
      send('m-2'); // t = 40, answered "delivered before" after m-1's wait ended, before its own
      await at(20);
      send('m-3'); // t = 60, never answered: ends at 160
      await at(39);
      expect(outcomes.size).toBe(0);
      await at(1);
      // t = 100: m-1's budget is over (delivered here alone); m-2 and m-3 still wait.
      expect(Object.fromEntries(outcomes)).toEqual({ 'm-1': true });
      answers.get('m-2')?.(0);
      await at(0);
      expect(Object.fromEntries(outcomes)).toEqual({ 'm-1': true, 'm-2': false });
      await at(59);
      expect(outcomes.has('m-3')).toBe(false);
      await at(1);
      expect(Object.fromEntries(outcomes)).toEqual({ 'm-1': true, 'm-2': false, 'm-3': true });
      // A late answer to an ended wait changes nothing.
      answers.get('m-1')?.(1);
      await at(0);
      expect(a.local).toEqual(['user:1|chat|m-1', 'user:1|chat|m-3']);
    } finally {
      vi.useRealTimers();
    }
  });

  it('lets the node decide alone while Redis is away', async () => {
    const alone = node(() => undefined);
    expect(await alone.delivered.deliverOnce('m-1', (to) => to.to('user:1').emit('chat', 'm-1'))).toBe(true);
    expect(await alone.delivered.deliverOnce('m-1', (to) => to.to('user:1').emit('chat', 'm-1'))).toBe(false);
    expect(alone.local).toEqual(['user:1|chat|m-1']);
  });

  it('delivers to its own sockets when Redis fails the script (the nodes resync once it is back)', async () => {
    // A connection to a port where nothing answers: never ready, its calls fail.
    const broken = new ScriptConnection({
      url: `redis://127.0.0.1:${await sparePort()}`,
      lua: DELIVER_ONCE_SCRIPT,
      retryDelayMs: () => 100,
    });
    const a = node(() => broken);
    expect(await a.delivered.deliverOnce('m-2', (to) => to.to('user:1').emit('chat', 'm-2'))).toBe(true);
    expect(a.local).toEqual(['user:1|chat|m-2']);
    broken.close();
  });
  it('owes the other nodes a resync when Redis answers the script an error, and publishes it once a call succeeds', async () => {
    // Redis refusing the script (OOM under maxmemory noeviction, READONLY after a failover, BUSY) on a
    // connection that stays ready: nothing else changes state, so nobody would be told.
    const calls: Array<ReadonlyArray<string | Buffer>> = [];
    let refusal: Error | undefined = new Error('OOM command not allowed when used memory > maxmemory');
    const refusing: OnceScript = {
      call: (keys, args) => {
        calls.push([...keys, ...args]);
        return refusal ? Promise.reject(refusal) : Promise.resolve(1);
      },
    };
    const resyncs: string[][] = [];
    const local: string[] = [];
    const fanout: Fanout = {
      local: { to: (rooms) => ({ emit: (event) => local.push(`${String(rooms)}|${event}`) }) },
      encodeRemote: (rooms, event) => ({ channel, message: Buffer.from(`${rooms.join(',')}|${event}`) }),
      remoteResync: (rooms) => {
        resyncs.push(rooms);
        return { channel: 'resync-channel', message: Buffer.from(`resync|${rooms.join(',')}`) };
      },
    };
    const delivered = new DeliveredMessages(() => refusing, prefix, fanout, 60_000);
    expect(await delivered.deliverOnce('m-oom', (to) => to.to(['user:1', 'user:2']).emit('chat', 1))).toBe(
      true,
    );
    // Delivered here (and acknowledged by the caller), published nowhere.
    expect(local).toEqual(['user:1,user:2|chat']);
    expect(resyncs).toEqual([]);

    refusal = undefined;
    expect(await delivered.deliverOnce('m-ok', (to) => to.to('user:3').emit('chat', 2))).toBe(true);
    await until(() => calls.length === 3);
    // The message that succeeded, then the owed resync for the first one's rooms (only), through the script.
    expect(resyncs).toEqual([['user:1', 'user:2']]);
    const owed = calls[2] as ReadonlyArray<string | Buffer>;
    expect(String(owed[0])).toMatch(new RegExp(`^${prefix}:relay:owed-resync:`));
    expect(owed.slice(2).map(String)).toEqual(['resync-channel', 'resync|user:1,user:2']);
    // Settled: the next message owes nothing.
    expect(await delivered.deliverOnce('m-ok-2', (to) => to.to('user:3').emit('chat', 3))).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(calls).toHaveLength(4);
  });

  it('owes every socket a resync past its bound of rooms, and keeps owing while the resync cannot be published', async () => {
    let isRefusing = true;
    const calls: string[] = [];
    const script: OnceScript = {
      call: (keys) => {
        calls.push(String(keys[0]));
        return isRefusing ? Promise.reject(new Error('READONLY')) : Promise.resolve(1);
      },
    };
    const resyncs: string[][] = [];
    const fanout: Fanout = {
      local: { to: () => ({ emit: () => undefined }) },
      encodeRemote: () => ({ channel, message: Buffer.from('m') }),
      remoteResync: (rooms) => {
        resyncs.push(rooms);
        return { channel: 'resync-channel', message: Buffer.from('r') };
      },
    };
    const delivered = new DeliveredMessages(() => script, prefix, fanout, 30, 2);
    for (const room of ['user:1', 'user:2', 'user:3']) {
      await delivered.deliverOnce(`m-${room}`, (to) => to.to(room).emit('chat', room));
    }
    // Three rooms past a bound of two: every socket. Tried every 30 ms, refused, still owed.
    await until(() => resyncs.length >= 2);
    expect(resyncs.length).toBeGreaterThanOrEqual(2);
    expect(resyncs.every((rooms) => rooms.length === 0)).toBe(true);
    isRefusing = false;
    const tried = resyncs.length;
    await until(() => calls.filter((key) => key.includes(':owed-resync:')).length > tried);
    expect(calls.filter((key) => key.includes(':owed-resync:')).length).toBeGreaterThan(tried);
    const settled = resyncs.length;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(resyncs).toHaveLength(settled);
  });

  it('costs Redis one script per message: a publish and a SET that reads the mark, no GET', async () => {
    // A private redis-server: its command counts are this test's alone.
    const own = await startOwnRedis();
    const client = new Redis(own.url);
    const ownScript = await scriptConnection(own.url);
    try {
      const calls = async (): Promise<Record<string, number>> => {
        const text = await client.info('commandstats');
        return Object.fromEntries(
          [...text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((match) => [match[1], Number(match[2])]),
        );
      };
      const a = node(() => ownScript);
      await a.delivered.deliverOnce('m-count', (to) => to.to('user:1').emit('chat', 'm-count'));
      const counts = await calls();
      // EVALSHA, or EVAL where Redis did not know the script yet (a NOSCRIPT answer is not a call).
      expect((counts.evalsha ?? 0) + (counts.eval ?? 0)).toBe(1);
      expect({ get: counts.get ?? 0, set: counts.set ?? 0, publish: counts.publish ?? 0 }).toEqual({
        get: 0,
        set: 1,
        publish: 1,
      });
    } finally {
      client.disconnect();
      ownScript.close();
      await own.stop();
    }
  });
});
