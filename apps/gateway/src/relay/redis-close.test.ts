/**
 * Closing a node whose Redis hangs (behind a TCP proxy the test hangs: testing/tcp-proxy.ts; the connections stay
 * open and nothing comes back) ends cleanly: the socket.io Redis adapter's (un)subscribe promises the close
 * abandons are not unhandled rejections ("Connection is closed."), and the close waits for the QUITs a hung
 * Redis never answers only briefly before it drops the connections.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { until } from './testing/clients.ts';
import { startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { relayEnv, startRelayStack } from './testing/stack.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';

let redis: OwnRedis;
let proxy: TcpProxy;

beforeAll(async () => {
  redis = await startOwnRedis();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: redis.port });
}, 30_000);

afterAll(async () => {
  await proxy?.close();
  await redis?.stop();
});

describe('closing a node whose Redis hangs', () => {
  it('leaves no unhandled rejection and does not wait for the hung Redis', async () => {
    const unhandled: unknown[] = [];
    const listener = (reason: unknown): void => void unhandled.push(reason);
    process.on('unhandledRejection', listener);
    // The node's ioredis clients (the adapter's pub and sub, the rate limits'), as each connects.
    const clients = new Set<Redis>();
    const connect = Redis.prototype.connect;
    vi.spyOn(Redis.prototype, 'connect').mockImplementation(function (this: Redis, ...args) {
      clients.add(this);
      return connect.apply(this, args);
    });
    try {
      const stack = await startRelayStack(1, relayEnv(proxy.url));
      const node = stack.nodes[0];
      await until(() => node?.app.relay.adapterState() === 'connected', 'node connected', 10_000);
      proxy.hang();
      const closingAt = Date.now();
      await stack.close();
      // Without the bound the QUITs wait until ioredis's socketTimeout drops the connections (4 s).
      expect(Date.now() - closingAt).toBeLessThan(3_000);
      // Every client has ended (ioredis fails the commands still waiting right after); a rejection nobody
      // handled is reported once the microtasks after it have run.
      expect(clients.size).toBeGreaterThanOrEqual(2);
      await until(
        () => [...clients].every((client) => client.status === 'end'),
        "the node's Redis clients ended",
        10_000,
      );
      await new Promise((resolve) => setImmediate(resolve));
    } finally {
      process.off('unhandledRejection', listener);
      vi.restoreAllMocks();
    }
    expect(unhandled.map((reason) => String(reason))).toEqual([]);
  }, 30_000);
});
