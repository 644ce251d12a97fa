import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DeliveredMessages } from './delivered.ts';
import { resolveTestRedis, type TestRedis } from './testing/redis.ts';

let testRedis: TestRedis;
let redis: Redis;
const prefix = `delivered-test-${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  testRedis = await resolveTestRedis(process.env.REDIS_URL);
  redis = new Redis(testRedis.url);
});

afterAll(async () => {
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length > 0) await redis.del(...keys);
  redis.disconnect();
  await testRedis?.release();
});

/** A node's view: its own memory, the shared Redis. */
const node = () => new DeliveredMessages(() => redis, prefix);

describe('DeliveredMessages', () => {
  it('delivers a stored message once across nodes and remembers it as done', async () => {
    const id = randomUUID();
    let deliveries = 0;
    expect(await node().deliverOnce(id, () => (deliveries += 1))).toBe(true);
    const other = node();
    expect(await other.deliverOnce(id, () => (deliveries += 1))).toBe(false);
    expect(deliveries).toBe(1);
    expect(await redis.get(`${prefix}:relay:delivered:${id}`)).toBe('done');
  });

  it('delivers again when the node that claimed it never confirmed (it died before its publish)', async () => {
    const id = randomUUID();
    await redis.set(`${prefix}:relay:delivered:${id}`, 'pending', 'PX', 30_000);
    let deliveries = 0;
    expect(await node().deliverOnce(id, () => (deliveries += 1))).toBe(true);
    expect(deliveries).toBe(1);
    expect(await redis.get(`${prefix}:relay:delivered:${id}`)).toBe('done');
  });

  it('does not ask Redis again for a resend reaching the same node', async () => {
    const id = randomUUID();
    const same = node();
    expect(await same.deliverOnce(id, () => undefined)).toBe(true);
    await redis.del(`${prefix}:relay:delivered:${id}`);
    expect(await same.deliverOnce(id, () => undefined)).toBe(false);
  });

  it('lets the node decide alone while Redis is away', async () => {
    const alone = new DeliveredMessages(() => undefined, prefix);
    let deliveries = 0;
    expect(await alone.deliverOnce('m-1', () => (deliveries += 1))).toBe(true);
    expect(await alone.deliverOnce('m-1', () => (deliveries += 1))).toBe(false);
    expect(deliveries).toBe(1);
  });
});
