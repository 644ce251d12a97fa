/**
 * Closing a node whose Redis hangs (behind a TCP proxy the test hangs: testing/tcp-proxy.ts; the connections stay
 * open and nothing comes back) ends cleanly: the socket.io Redis adapter's (un)subscribe promises the close
 * abandons are not unhandled rejections ("Connection is closed."), and the close waits for the QUITs a hung
 * Redis never answers only briefly before it drops the connections.
 *
 * Not a timing test: the node's ioredis clients get a socketTimeout far beyond the test's own timeout, so
 * without the bounded QUIT wait the close never ends by itself (it used to end after the 4 s socketTimeout,
 * which a fixed "under 3 s" could only tell apart from the 0.5 s wait on an idle machine): fastify gives up on
 * the relay's close hook after its plugin timeout (10 s) and the close rejects. The test asserts only that the
 * close succeeds, within `CLOSE_BOUND_MS` in case nothing else ends it, many times the 500 ms it needs.
 */
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { until } from './testing/clients.ts';
import { startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { relayEnv, startRelayStack } from './testing/stack.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';

/** Longer than anything in this test: the clients' sockets are never dropped for silence while it runs. */
const NO_SOCKET_TIMEOUT_MS = 3_600_000;
/** The close needs QUIT_WAIT_MS (500 ms) plus the socket.io server's close; a backstop if nothing ends it. */
const CLOSE_BOUND_MS = 15_000;

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
    // The node's ioredis clients (the adapter's pub and sub, the rate limits'), as each connects. ioredis reads
    // socketTimeout when it sends a command, so raising it here holds for every command of the client.
    const clients = new Set<Redis>();
    const connect = Redis.prototype.connect;
    vi.spyOn(Redis.prototype, 'connect').mockImplementation(function (this: Redis, ...args) {
      clients.add(this);
      this.options.socketTimeout = NO_SOCKET_TIMEOUT_MS;
      return connect.apply(this, args);
    });
    try {
      const stack = await startRelayStack(1, relayEnv(proxy.url));
      const node = stack.nodes[0];
      await until(() => node?.app.relay.adapterState() === 'connected', 'node connected', 10_000);
      proxy.hang();
      // Without the bound on the QUIT wait the close waits for answers the hung Redis never sends, until
      // fastify fails it ("Plugin did not start in time").
      let bound: NodeJS.Timeout | undefined;
      const outcome = await Promise.race([
        stack.close().then(
          () => 'closed',
          (error: unknown) => `failed: ${String(error)}`,
        ),
        new Promise((resolve) => (bound = setTimeout(() => resolve('still waiting'), CLOSE_BOUND_MS))),
      ]);
      clearTimeout(bound);
      expect(outcome, "the node's close").toBe('closed');
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
  }, 60_000);
});
