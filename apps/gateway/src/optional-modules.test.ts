/**
 * A gateway loads the Redis client and adapter only with REDIS_URL, and @fastify/static only with WEB_DIST
 * (issue 17, idle memory: a node without them holds ~3 MiB less heap at start). Each module is mocked with a
 * factory that throws: a static import of it anywhere in the app fails this file at import time, a dynamic one
 * on a path this configuration does not take never runs the factory.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startStubProvider, type StubProvider } from '../test/stub-provider.ts';
import { startGateway, type RunningGateway } from '../test/gateway.ts';

const loaded = vi.hoisted((): string[] => []);
vi.mock('ioredis', () => {
  loaded.push('ioredis');
  throw new Error('ioredis loaded without REDIS_URL');
});
vi.mock('@socket.io/redis-adapter', () => {
  loaded.push('@socket.io/redis-adapter');
  throw new Error('@socket.io/redis-adapter loaded without REDIS_URL');
});
vi.mock('@fastify/static', () => {
  loaded.push('@fastify/static');
  throw new Error('@fastify/static loaded without WEB_DIST');
});

let provider: StubProvider;
let gateway: RunningGateway;

beforeAll(async () => {
  provider = await startStubProvider(() => undefined);
  gateway = await startGateway(provider.url);
});
afterAll(async () => {
  await gateway?.close();
  await provider?.close();
});

describe('modules a configuration does not use', () => {
  it('are not loaded by a gateway without REDIS_URL and WEB_DIST (relay on, in memory)', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const relay = await fetch(`${gateway.url}/messaging/?EIO=4&transport=polling`);
    expect(relay.status).toBe(200);
    expect(loaded).toEqual([]);
  });
});
