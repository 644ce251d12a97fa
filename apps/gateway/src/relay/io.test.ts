/**
 * A node drops its own broadcasts undecoded (`skipOwnPublishes`), and the other node still hears them.
 * delivered.ts publishes the other nodes' share of a delivery itself (in one script with its once-only mark),
 * so what `encodeRemote` builds must be exactly what the Redis adapter publishes for the same broadcast — a
 * change in @socket.io/redis-adapter (pinned) or socket.io shows up here first.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import pino from 'pino';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createRelayIo, type RelayIo } from './io.ts';
import { createRelayMetrics } from './metrics.ts';
import { resolveTestRedis, type TestRedis } from './testing/redis.ts';

let testRedis: TestRedis;
let http: HttpServer;
let relayIo: RelayIo;
const prefix = `io-test-${process.pid}`;
/** Each node's metrics registry, by node. */
const registries = new Map<RelayIo, Registry>();

async function startNode(server: HttpServer): Promise<RelayIo> {
  const registry = new Registry();
  const node = await createRelayIo(
    server,
    {
      redisUrl: testRedis.url,
      maxFrameBytes: 100_000,
      allowedOrigins: [],
      requestsTimeoutMs: 1_000,
      redisPrefix: prefix,
    },
    pino({ level: 'silent' }),
    createRelayMetrics(registry),
  );
  registries.set(node, registry);
  return node;
}

/** `relay_adapter_heard_total` of a node, by outcome. */
async function heardBy(node: RelayIo): Promise<Record<string, number>> {
  const metric = await registries.get(node)?.getSingleMetric('relay_adapter_heard_total')?.get();
  return Object.fromEntries(
    (metric?.values ?? []).map((value) => [String(value.labels.outcome), value.value]),
  );
}

beforeAll(async () => {
  testRedis = await resolveTestRedis(process.env.REDIS_URL);
  http = createServer();
  relayIo = await startNode(http);
});

afterAll(async () => {
  await relayIo?.close();
  http?.close();
  await testRedis?.release();
});

describe('encodeRemote', () => {
  it.each([
    ['several rooms', ['user:7', 'user:8', 'user:7']],
    ['one room (its own channel)', ['room:DEMO:3']],
  ])('is what the Redis adapter publishes for io.to(rooms).emit: %s', (_name, rooms) => {
    const redis = relayIo.redis();
    expect(redis).toBeDefined();
    const publish = vi.spyOn(redis!, 'publish');
    const payload = { id: 'm-1', message: 'héllo', from: 7, to: [8], seq: 3, room: { id: 3, name: 'Hall' } };
    relayIo.io.to(rooms).emit('chat_DEMO', payload as never);
    expect(publish).toHaveBeenCalledTimes(1);
    const [channel, message] = publish.mock.calls[0] as [string, Buffer];
    publish.mockRestore();
    const encoded = relayIo.encodeRemote(rooms, 'chat_DEMO', payload);
    expect(encoded?.channel).toBe(channel);
    expect(Buffer.compare(encoded!.message, message)).toBe(0);
  });
});

/**
 * A PING on each publishing connection is answered after its publishes ran; then one on each node's subscriber
 * after every message Redis sent it before: what the nodes published so far has been heard (and decoded) when
 * this resolves.
 */
async function heardEverything(nodes: RelayIo[]): Promise<void> {
  await Promise.all(nodes.map((node) => node.redis()?.ping()));
  const subscriberOf = (node: RelayIo) =>
    (node.io.of('/').adapter as unknown as { subClient: { ping(): Promise<string> } }).subClient;
  await Promise.all(nodes.map((node) => subscriberOf(node).ping()));
}

/**
 * Runs `body` with a second node on the same Redis and prefix, and `decoded(marker)`: how many of the messages
 * the adapters' parser decoded contain `marker` (the parser is one module for both nodes). The node and the spy
 * are undone whatever happens.
 */
async function withSecondNode(
  body: (other: RelayIo, decoded: (marker: string) => number) => Promise<void>,
): Promise<void> {
  const otherHttp = createServer();
  const other = await startNode(otherHttp);
  const parser = (relayIo.io.of('/').adapter as unknown as { parser: { decode(message: Buffer): unknown } })
    .parser;
  const decode = vi.spyOn(parser, 'decode');
  const decoded = (marker: string): number =>
    decode.mock.calls.filter(([message]) => message.toString('latin1').includes(marker)).length;
  try {
    await body(other, decoded);
  } finally {
    decode.mockRestore();
    await other.close();
    otherHttp.close();
  }
}

describe('skipOwnPublishes', () => {
  it("drops the node's own broadcasts without decoding them; the other node decodes and hears them", async () => {
    await withSecondNode(async (other, decoded) => {
      for (const [from, text] of [
        [relayIo, 'own-or-other: from the first node'],
        [other, 'own-or-other: from the second node'],
      ] as const) {
        const before = decoded('own-or-other');
        from.io.to(['user:7', 'user:8']).emit('chat_DEMO', { text } as never);
        await heardEverything([relayIo, other]);
        // Both nodes received the publish; only the one that did not send it decoded it.
        expect(decoded('own-or-other') - before).toBe(1);
      }
    });
  });
});

describe('relay_adapter_heard_total', () => {
  it("counts what a node's subscriber heard: its own and a room it has no socket in undecoded, the rest decoded", async () => {
    await withSecondNode(async (other, decoded) => {
      const before = await heardBy(relayIo);
      relayIo.io.to(['user:7', 'user:8']).emit('chat_DEMO', { text: 'heard: own' } as never);
      other.io.to('room:DEMO:404').emit('chat_DEMO', { text: 'heard: a room not on this node' } as never);
      other.io.to(['user:7', 'user:8']).emit('chat_DEMO', { text: 'heard: for this node' } as never);
      await heardEverything([relayIo, other]);
      const after = await heardBy(relayIo);
      const delta = (outcome: string): number => (after[outcome] ?? 0) - (before[outcome] ?? 0);
      expect({ own: delta('own'), not_here: delta('not_here'), decoded: delta('decoded') }).toEqual({
        own: 1,
        not_here: 1,
        decoded: 1,
      });
      // The other node decoded the first node's broadcast, the first node the one for it; the room's was
      // decoded by neither (the other node sent it).
      expect(decoded('heard:')).toBe(2);
    });
  });
});
