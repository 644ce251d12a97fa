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

describe('skipOwnPublishes', () => {
  it("drops the node's own broadcasts without decoding them; the other node decodes and hears them", async () => {
    const otherHttp = createServer();
    const other = await startNode(otherHttp);
    try {
      const parser = (
        relayIo.io.of('/').adapter as unknown as { parser: { decode(message: Buffer): unknown } }
      ).parser;
      const decode = vi.spyOn(parser, 'decode');
      const heard = (): number =>
        decode.mock.calls.filter(([message]) => message.toString('latin1').includes('own-or-other')).length;
      for (const [from, text] of [
        [relayIo, 'own-or-other: from the first node'],
        [other, 'own-or-other: from the second node'],
      ] as const) {
        const before = heard();
        from.io.to(['user:7', 'user:8']).emit('chat_DEMO', { text } as never);
        const deadline = Date.now() + 2_000;
        while (heard() === before && Date.now() < deadline)
          await new Promise((resolve) => setTimeout(resolve, 10));
        // Both nodes received the publish; only the one that did not send it decoded it.
        await new Promise((resolve) => setTimeout(resolve, 200));
        expect(heard() - before).toBe(1);
      }
      decode.mockRestore();
    } finally {
      await other.close();
      otherHttp.close();
    }
  });
});

describe('relay_adapter_heard_total', () => {
  it("counts what a node's subscriber heard: its own and a room it has no socket in undecoded, the rest decoded", async () => {
    const otherHttp = createServer();
    const other = await startNode(otherHttp);
    try {
      const parser = (
        relayIo.io.of('/').adapter as unknown as { parser: { decode(message: Buffer): unknown } }
      ).parser;
      const decode = vi.spyOn(parser, 'decode');
      const before = await heardBy(relayIo);
      relayIo.io.to(['user:7', 'user:8']).emit('chat_DEMO', { text: 'heard: own' } as never);
      other.io.to('room:DEMO:404').emit('chat_DEMO', { text: 'heard: a room not on this node' } as never);
      other.io.to(['user:7', 'user:8']).emit('chat_DEMO', { text: 'heard: for this node' } as never);
      // A PING on each publishing connection is answered after its publishes ran; then one on each node's
      // subscriber after every message Redis sent it before.
      await Promise.all([relayIo.redis()?.ping(), other.redis()?.ping()]);
      const subscriberOf = (node: RelayIo) =>
        (node.io.of('/').adapter as unknown as { subClient: { ping(): Promise<string> } }).subClient;
      await Promise.all([subscriberOf(relayIo).ping(), subscriberOf(other).ping()]);
      const after = await heardBy(relayIo);
      const delta = (outcome: string): number => (after[outcome] ?? 0) - (before[outcome] ?? 0);
      expect({ own: delta('own'), not_here: delta('not_here'), decoded: delta('decoded') }).toEqual({
        own: 1,
        not_here: 1,
        decoded: 1,
      });
      // The parser is one module for both nodes: the other node decoded the first node's broadcast, the first
      // node the one for it; the room's was decoded by neither (the other node sent it).
      expect(
        decode.mock.calls.filter(([message]) => message.toString('latin1').includes('heard:')).length,
      ).toBe(2);
      decode.mockRestore();
    } finally {
      await other.close();
      otherHttp.close();
    }
  });
});
