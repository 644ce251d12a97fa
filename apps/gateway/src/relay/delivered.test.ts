import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
