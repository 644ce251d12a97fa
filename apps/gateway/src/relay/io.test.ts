/**
 * A node drops its own broadcasts undecoded (`skipOwnPublishes`), and the other node still hears them.
 * delivered.ts publishes the other nodes' share of a delivery itself (in one script with its once-only mark),
 * so what `encodeRemote` builds must be exactly what the Redis adapter publishes for the same broadcast — a
 * change in @socket.io/redis-adapter (pinned) or socket.io shows up here first.
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { io as connectClient } from 'socket.io-client';
import { SOCKET_PATH } from '@showfloor/contracts';
import { Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { broadcastReachesNode, createRelayIo, type RelayIo } from './io.ts';
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

const PLACEHOLDER_MEMBER = 'placeholder-member';

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
  // Each node has a member in `user:8` (an id without a socket: the room is there, nobody is written to), so a
  // broadcast to it is decoded by the node that did not send it (a node with none of the rooms drops it).
  for (const node of [relayIo, other])
    void node.io.of('/').adapter.addAll(PLACEHOLDER_MEMBER, new Set(['user:8']));
  const parser = (relayIo.io.of('/').adapter as unknown as { parser: { decode(message: Buffer): unknown } })
    .parser;
  const decode = vi.spyOn(parser, 'decode');
  const decoded = (marker: string): number =>
    decode.mock.calls.filter(([message]) => message.toString('latin1').includes(marker)).length;
  try {
    await body(other, decoded);
  } finally {
    void relayIo.io.of('/').adapter.delAll(PLACEHOLDER_MEMBER);
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

/** The adapters' msgpack encoder (notepack.io, as @socket.io/redis-adapter uses it). */
function adapterEncode(value: unknown): Buffer {
  return (
    relayIo.io.of('/').adapter as unknown as { parser: { encode(value: unknown): Buffer } }
  ).parser.encode(value);
}

describe('broadcastReachesNode', () => {
  const here = new Set(['user:8', 'room:DEMO:3']);
  const hasRoom = (room: string): boolean => here.has(room);
  const payload = { id: 'm-1', message: 'héllo', from: 7, to: [8, 9], seq: 3, note: 'x'.repeat(300) };
  const broadcast = (rooms: string[]): Buffer => relayIo.encodeRemote(rooms, 'chat_DEMO', payload)!.message;

  it('is false only when the broadcast names rooms and none of them is here', () => {
    expect(broadcastReachesNode(broadcast(['user:7', 'user:9']), hasRoom)).toBe(false);
    expect(broadcastReachesNode(broadcast(['user:7', 'user:8']), hasRoom)).toBe(true);
    expect(broadcastReachesNode(broadcast(['user:9', 'user:7', 'user:8']), hasRoom)).toBe(true);
    // No room: a broadcast to every socket.
    expect(broadcastReachesNode(broadcast([]), hasRoom)).toBe(true);
  });

  it('leaves a message of another shape to the adapter', () => {
    const whole = broadcast(['user:7', 'user:9']);
    for (let cut = 0; cut < whole.length; cut += 1)
      expect(broadcastReachesNode(whole.subarray(0, cut), hasRoom)).toBeUndefined();
    expect(broadcastReachesNode(adapterEncode(['uid', { type: 2 }]), hasRoom)).toBeUndefined();
    expect(
      broadcastReachesNode(adapterEncode(['uid', { type: 2 }, { except: [] }]), hasRoom),
    ).toBeUndefined();
    expect(
      broadcastReachesNode(adapterEncode(['uid', { type: 2 }, { rooms: [5] }]), hasRoom),
    ).toBeUndefined();
  });
});

describe('a broadcast to several rooms (the shared channel)', () => {
  it('is dropped undecoded by a node with none of its rooms, and reaches the sockets of a node with one', async () => {
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const { port } = http.address() as AddressInfo;
    const joined = new Promise<void>((resolve) => {
      relayIo.io.once('connection', (socket) => {
        void socket.join('user:31');
        resolve();
      });
    });
    const client = connectClient(`http://127.0.0.1:${port}`, {
      path: SOCKET_PATH,
      transports: ['websocket'],
      reconnection: false,
    });
    const heard: unknown[] = [];
    client.on('chat_DEMO', (payload: unknown) => heard.push(payload));
    try {
      await joined;
      await withSecondNode(async (other, decoded) => {
        const before = await heardBy(relayIo);
        other.io.to(['user:30', 'user:32']).emit('chat_DEMO', { text: 'group: none here' } as never);
        other.io.to(['user:30', 'user:31']).emit('chat_DEMO', { text: 'group: one here' } as never);
        other.io.emit('chat_DEMO', { text: 'group: everyone' } as never);
        await heardEverything([relayIo, other]);
        const after = await heardBy(relayIo);
        const delta = (outcome: string): number => (after[outcome] ?? 0) - (before[outcome] ?? 0);
        expect({ not_here: delta('not_here'), decoded: delta('decoded') }).toEqual({
          not_here: 1,
          decoded: 2,
        });
        // The sending node drops its own undecoded; this node decoded only the two that reach its socket.
        expect(decoded('group: none here')).toBe(0);
        expect(decoded('group: one here')).toBe(1);
        expect(decoded('group: everyone')).toBe(1);
        await vi.waitFor(() => expect(heard).toHaveLength(2));
        expect(heard).toEqual([{ text: 'group: one here' }, { text: 'group: everyone' }]);
      });
    } finally {
      client.close();
    }
  });
});
