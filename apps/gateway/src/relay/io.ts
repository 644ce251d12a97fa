/**
 * The typed socket.io server on /messaging and its adapter. With a Redis URL: @socket.io/redis-adapter over
 * ioredis (pub client + pub.duplicate(), both with error handlers); without: the in-memory adapter (one node).
 * While Redis is away each node keeps serving its own clients (cross-node publishes are skipped, not queued),
 * and fan-out resumes by itself when ioredis reconnects and resubscribes; then the node's sockets are told to
 * `resync` (catch up), since what was published meanwhile never reached them.
 *
 * A Redis that stops answering without closing the connections (its host crashed, a partition) is noticed
 * within seconds, not after the kernel's retransmissions (~15 min): the script connection drops itself when a
 * call waits `ANSWER_TIMEOUT_MS` (script-connection.ts), and the ioredis clients, pinged every `PING_EVERY_MS`,
 * are dropped by ioredis (`socketTimeout`) when a command has had no data back for `ANSWER_TIMEOUT_MS`. Each
 * then reconnects as after a close: the node is degraded meanwhile and its sockets resync once it is back.
 * Closing the node does not wait on a hung Redis either (`QUIT_WAIT_MS`), and what the close abandons is caught.
 */
import type { Server as HttpServer } from 'node:http';
import { Server, type Socket } from 'socket.io';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import {
  RELAY_SERVER_EVENTS,
  SOCKET_PATH,
  type ClientToServerEvents,
  type InterServerEvents,
  type ServerToClientEvents,
  type SocketData,
} from '@showfloor/contracts';
import type { Activity } from '../runtime/activity.ts';
import { CONFIRM_MS, DELIVER_ONCE_SCRIPT, type OnceScript } from './delivered.ts';
import type { AdapterHeard, AdapterState, RelayMetrics } from './metrics.ts';
import { NOT_MSGPACK, msgpackContainer, msgpackString, skipMsgpack } from './msgpack.ts';
import { ScriptConnection } from './script-connection.ts';

/** The relay's typed server and socket. */
export type RelayServer = Server<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;
export type RelaySocket = Socket<ClientToServerEvents, ServerToClientEvents, InterServerEvents, SocketData>;

/** How the server is built. */
export interface RelayIoOptions {
  /** Redis for cross-node fan-out; absent = in memory. */
  redisUrl: string | undefined;
  /** socket.io maxHttpBufferSize: a larger frame closes the transport. */
  maxFrameBytes: number;
  /** Browser origins allowed for the polling transport's CORS (the handshake checks Origin itself). */
  allowedOrigins: readonly string[];
  /** How long cross-node requests (fetchSockets, serverSideEmit with ack) wait. */
  requestsTimeoutMs: number;
  /** Prefix of the adapter's channels. */
  redisPrefix: string;
  /** Told of every broadcast heard from Redis (traffic for idle-time work, runtime/idle-gc.ts). */
  activity?: Activity;
}

/** The server, its adapter's state and the Redis client the relay may use for its own keys. */
export interface RelayIo {
  io: RelayServer;
  /** 'memory' without Redis, else 'connected' or 'degraded'. */
  adapterState(): AdapterState;
  /** The command connection (the adapter's pub client) when Redis is up, else undefined. */
  redis(): Redis | undefined;
  /** delivered.ts's once-only script on its own connection, when that is ready; undefined in memory. */
  onceScript(): OnceScript | undefined;
  /**
   * What the Redis adapter publishes for `io.to(rooms).emit(event, payload)`: its channel and message, for a
   * caller that publishes it itself (delivered.ts, in one script with its once-only mark); undefined in memory.
   */
  encodeRemote(rooms: string[], event: string, payload: unknown): RemoteEmit | undefined;
  /** Stops accepting, closes every socket and the Redis connections; leaves the HTTP server to Fastify. */
  close(): Promise<void>;
}

/** One broadcast as the Redis adapter publishes it to the other nodes. */
export interface RemoteEmit {
  channel: string;
  message: Buffer;
}

/** The parts of @socket.io/redis-adapter 8.3.0 (pinned) that its `broadcast` encodes a publish with. */
interface RedisAdapterInternals {
  uid: string;
  channel: string;
  parser: { encode(value: unknown): Buffer };
  nsp: { name: string };
}

/** socket.io-parser's PacketType.EVENT. */
const EVENT_PACKET = 2;

/**
 * The adapter's publish for `io.to(rooms).emit(event, payload)`, built as its `broadcast` builds it:
 * `[uid, {type, data, nsp}, {rooms, except, flags}]` encoded by its parser, on its channel (plus `<room>#` for
 * a single room). io.test.ts holds this to what the adapter itself publishes.
 */
export function encodeRemoteEmit(
  adapter: RedisAdapterInternals,
  rooms: string[],
  event: string,
  payload: unknown,
): RemoteEmit {
  const unique = [...new Set(rooms)];
  const packet = { type: EVENT_PACKET, data: [event, payload], nsp: adapter.nsp.name };
  const message = adapter.parser.encode([adapter.uid, packet, { rooms: unique, except: [], flags: {} }]);
  return { channel: unique.length === 1 ? `${adapter.channel}${unique[0]}#` : adapter.channel, message };
}

/** The parts of the adapter's subscription that `skipOwnPublishes` replaces. */
interface RedisAdapterListeners {
  uid: string;
  channel: string;
  parser: { encode(value: unknown): Buffer };
  redisListeners: Map<string, (pattern: Buffer, channel: Buffer, message: Buffer) => void>;
  hasRoom(room: string): boolean;
}

/** What `skipOwnPublishes` counts: a broadcast heard, by outcome, and its bytes. */
export interface HeardCounters {
  heard: Record<AdapterHeard, { inc(): void }>;
  bytes: { inc(bytes: number): void };
}

/**
 * Whether a broadcast on the adapter's shared channel (`[uid, packet, {rooms, except, flags}]`, msgpack; see
 * `encodeRemoteEmit`) names a room `hasRoom` knows, read from its rooms at the end without decoding the packet
 * before them (its bytes are walked). False only when it names rooms and none of them is here: the adapter
 * would decode it and then reach no socket (its `except` only takes sockets away). True when one is here or it
 * names no room (a broadcast to every socket); undefined when it is not of that shape (the adapter decides).
 */
export function broadcastReachesNode(
  message: Buffer,
  hasRoom: (room: string) => boolean,
): boolean | undefined {
  const outer = msgpackContainer(message, 0, 'array');
  if (outer?.size !== 3) return undefined;
  // The sender's uid, then the packet: skipped.
  const afterUid = skipMsgpack(message, outer.first);
  const afterPacket = afterUid === NOT_MSGPACK ? NOT_MSGPACK : skipMsgpack(message, afterUid);
  if (afterPacket === NOT_MSGPACK) return undefined;
  const opts = msgpackContainer(message, afterPacket, 'map');
  if (!opts) return undefined;
  let offset = opts.first;
  let reaches: boolean | undefined;
  for (let entry = 0; entry < opts.size; entry += 1) {
    const key = msgpackString(message, offset);
    if (!key) return undefined;
    offset = key.end;
    if (
      reaches === undefined &&
      key.end - key.start === 5 &&
      message.toString('latin1', key.start, key.end) === 'rooms'
    ) {
      const rooms = msgpackContainer(message, offset, 'array');
      if (!rooms) return undefined;
      // No room: a broadcast to every socket.
      if (rooms.size === 0) return true;
      reaches = false;
      offset = rooms.first;
      for (let index = 0; index < rooms.size; index += 1) {
        const room = msgpackString(message, offset);
        // A room that is not a string (a number): the adapter's own decode decides.
        if (!room) return undefined;
        // The adapter decodes it in any case: the rest need not be read.
        if (hasRoom(message.toString('utf8', room.start, room.end))) return true;
        offset = room.end;
      }
    } else {
      offset = skipMsgpack(message, offset);
      if (offset === NOT_MSGPACK) return undefined;
    }
  }
  // Dropped only when the whole message is one the adapter would have read (and found no socket for).
  return offset === message.length ? reaches : undefined;
}

/**
 * The adapter's subscriber hears every broadcast published on its channels, this node's own included, and
 * decoded each one (msgpack) before dropping its own by uid: on the node whose sockets send, ~4-5 % of its
 * busy time under chat load (CPU profile of C). A broadcast starts with its sender's uid (`[uid, packet,
 * opts]`, see `encodeRemoteEmit`), so this node's own are dropped by that prefix, undecoded; one for a room
 * this node has no socket in (its channel names the room) is dropped undecoded too, as the adapter would, and
 * so is one on the shared channel (several rooms: a group's user rooms) none of whose rooms has a socket here
 * (`broadcastReachesNode` reads them from the end of the message); the others go to the adapter's own handler
 * as before. Each is counted (`relay_adapter_heard_total`). io.test.ts holds every case.
 */
export function skipOwnPublishes(
  adapter: RedisAdapterListeners,
  sub: Redis,
  counters?: HeardCounters,
): boolean {
  const handler = adapter.redisListeners.get('pmessageBuffer');
  if (!handler) return false;
  const sample = adapter.parser.encode([adapter.uid, 0, 0]);
  // The array's header and the uid: all but the two zeros.
  const own = sample.subarray(0, sample.length - 2);
  // A single room's broadcast goes on `<channel><room>#`, every other on `<channel>` (encodeRemoteEmit).
  const channelBytes = Buffer.byteLength(adapter.channel);
  const hasRoom = (room: string): boolean => adapter.hasRoom(room);
  const filtered = (pattern: Buffer, channel: Buffer, message: Buffer): void => {
    counters?.bytes.inc(message.length);
    if (message.length > own.length && message.compare(own, 0, own.length, 0, own.length) === 0) {
      counters?.heard.own.inc();
      return;
    }
    if (
      channel.length > channelBytes + 1
        ? !adapter.hasRoom(channel.toString('utf8', channelBytes, channel.length - 1))
        : channel.length === channelBytes && broadcastReachesNode(message, hasRoom) === false
    ) {
      counters?.heard.not_here.inc();
      return;
    }
    counters?.heard.decoded.inc();
    handler(pattern, channel, message);
  };
  sub.off('pmessageBuffer', handler);
  sub.on('pmessageBuffer', filtered);
  // The adapter unsubscribes what this map holds when it closes.
  adapter.redisListeners.set('pmessageBuffer', filtered);
  return true;
}

/**
 * How long a node's sockets spread their catch-up after a `resync` (each waits a random part of it): 1 ms per
 * socket on top of 500 ms, at most 15 s, so ten thousand tabs do not read history in the same second.
 */
export function resyncSpreadMs(sockets: number): number {
  return Math.min(15_000, 500 + sockets);
}

/**
 * How long a Redis connection may leave a command without an answer (no data at all) before it is dropped and
 * connected again: twice the wait for a delivery's answer (delivered.ts), so a merely slow Redis is not cut off.
 */
export const ANSWER_TIMEOUT_MS = 2 * CONFIRM_MS;
/**
 * How often the adapter's clients are pinged: the subscriber sends nothing of its own, so without this a hung
 * Redis would never leave it a command waiting (it would just hear nothing). Hung: noticed within this plus
 * `ANSWER_TIMEOUT_MS`.
 */
const PING_EVERY_MS = CONFIRM_MS;

/** How long closing the node waits for Redis to answer its QUITs before it drops the connections. */
const QUIT_WAIT_MS = 500;

/** Waits until a client is ready, at most `ms`; resolves either way (a late Redis means "degraded"). */
function waitReady(client: Redis, ms: number): Promise<void> {
  if (client.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    client.once('ready', done);
    function done(): void {
      clearTimeout(timer);
      client.off('ready', done);
      resolve();
    }
  });
}

/** Builds the server on the gateway's HTTP server. */
export async function createRelayIo(
  httpServer: HttpServer,
  options: RelayIoOptions,
  logger: FastifyBaseLogger,
  metrics: RelayMetrics,
): Promise<RelayIo> {
  const io: RelayServer = new Server(httpServer, {
    path: SOCKET_PATH,
    serveClient: false,
    transports: ['websocket', 'polling'],
    maxHttpBufferSize: options.maxFrameBytes,
    connectTimeout: 10_000,
    pingInterval: 25_000,
    pingTimeout: 20_000,
    // No connection state recovery: a reconnect is a new handshake (token checked again) and clients catch
    // up from the provider by seq.
    ...(options.allowedOrigins.length > 0
      ? { cors: { origin: [...options.allowedOrigins], credentials: true } }
      : {}),
  });

  if (!options.redisUrl) {
    metrics.setAdapterState('memory');
    return {
      io,
      adapterState: () => 'memory',
      redis: () => undefined,
      onceScript: () => undefined,
      encodeRemote: () => undefined,
      close: async () => closeServer(io),
    };
  }

  // The Redis client and adapter are loaded only with a Redis URL: a single node never holds their modules.
  const [{ Redis }, { createAdapter }] = await Promise.all([
    import('ioredis'),
    import('@socket.io/redis-adapter'),
  ]);
  const redisLog = logger.child({ component: 'relay-redis' });
  // Commands fail at once while disconnected (never queue behind an outage); the adapter's publishes are
  // wrapped below so a failure is a skipped cross-node publish, not an unhandled rejection.
  const retryDelayMs = (attempt: number): number => Math.min(attempt * 200, 2_000);
  const pub = new Redis(options.redisUrl, {
    enableOfflineQueue: false,
    // Publishes issued in the same tick go out in one write.
    enableAutoPipelining: true,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    // A command with no data back for this long destroys the socket (a hung Redis): ioredis reconnects.
    socketTimeout: ANSWER_TIMEOUT_MS,
    retryStrategy: retryDelayMs,
  });
  // The subscriber queues its (re)subscriptions until connected; ioredis resubscribes after a reconnect.
  const sub = pub.duplicate({
    enableOfflineQueue: true,
    maxRetriesPerRequest: null,
    enableAutoPipelining: false,
  });
  // Both pinged, so a hung Redis leaves each a command without an answer (socketTimeout above; duplicate()
  // keeps the options). A ping fails at once while not ready; the subscriber may ping while subscribed.
  const pinger = setInterval(() => {
    for (const client of [pub, sub]) if (client.status === 'ready') client.ping().catch(() => undefined);
  }, PING_EVERY_MS);
  pinger.unref();
  let lastState: AdapterState | undefined;
  // The once-only script of every stored message runs on a lean connection of its own (script-connection.ts:
  // a fraction of ioredis's CPU per call). It counts in the state like pub: while it is away this node
  // delivers its messages to its own sockets only, and their catch-up follows its return.
  const onceScript = new ScriptConnection({
    url: options.redisUrl,
    lua: DELIVER_ONCE_SCRIPT,
    name: `${options.redisPrefix}:delivered-once`,
    retryDelayMs,
    connectTimeoutMs: 2_000,
    answerTimeoutMs: ANSWER_TIMEOUT_MS,
    onStateChange: () => refresh(),
    onError: (error) => redisLog.debug({ err: error }, 'redis script connection error'),
  });
  const state = (): AdapterState =>
    pub.status === 'ready' && sub.status === 'ready' && onceScript.isReady ? 'connected' : 'degraded';
  /**
   * Fan-out was interrupted (Redis away, or it dropped the subscriber, e.g. past its pub/sub output buffer
   * limit): what other nodes published meanwhile never reached this node's sockets, so they catch up. The
   * subscriber sends its re-subscriptions right after 'ready'; a PING answered after them means they are in
   * place, so nothing published from then on is missed between the catch-up read and live delivery.
   */
  const askToResync = (): void => {
    setImmediate(() => {
      sub.ping().then(
        () => {
          const sockets = io.of('/').sockets.size;
          metrics.resyncs.inc({ reason: 'fanout_interrupted' });
          redisLog.info({ sockets }, 'fan-out was interrupted: asking local sockets to catch up');
          io.local.emit(RELAY_SERVER_EVENTS.RESYNC, {
            reason: 'fanout_interrupted',
            spread_ms: resyncSpreadMs(sockets),
          });
        },
        // Gone again before the re-subscriptions were in: the next 'ready' asks.
        () => undefined,
      );
    });
  };
  const refresh = (): void => {
    const current = state();
    if (current === lastState) return;
    const previous = lastState;
    lastState = current;
    metrics.setAdapterState(current);
    if (current === 'connected') {
      redisLog.info('redis adapter connected: cross-node fan-out on');
      if (previous === 'degraded') askToResync();
    } else redisLog.warn('redis adapter degraded: serving local clients only until redis is back');
  };
  for (const client of [pub, sub]) {
    // Errors repeat on every reconnect attempt while Redis is away: the state change is logged once above.
    client.on('error', (error: Error) => redisLog.debug({ err: error }, 'redis client error'));
    for (const event of ['ready', 'close', 'end', 'reconnecting'] as const) client.on(event, refresh);
  }

  const rawPublish = pub.publish.bind(pub) as (
    channel: string | Buffer,
    message: string | Buffer,
  ) => Promise<number>;
  const guardedPublish = (channel: string | Buffer, message: string | Buffer): Promise<number> => {
    if (pub.status !== 'ready') {
      metrics.adapterDroppedPublishes.inc();
      return Promise.resolve(0);
    }
    return rawPublish(channel, message).catch(() => {
      metrics.adapterDroppedPublishes.inc();
      return 0;
    });
  };
  (pub as unknown as { publish: typeof guardedPublish }).publish = guardedPublish;
  // The adapter (8.3.0) subscribes when built and unsubscribes when closed without handling the promises: when
  // Redis hangs, the close's disconnect fails those still waiting ("Connection is closed."), which would be
  // unhandled rejections. Each is marked handled here; the caller still gets the same promise.
  for (const name of ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const) {
    const raw = sub[name].bind(sub) as (...args: unknown[]) => Promise<unknown>;
    (sub as unknown as Record<typeof name, typeof raw>)[name] = (...args) => {
      const sent = raw(...args);
      sent.catch(() => undefined);
      return sent;
    };
  }

  await Promise.all([waitReady(pub, 2_000), waitReady(sub, 2_000), onceScript.ready(2_000)]);
  io.adapter(
    createAdapter(pub, sub, {
      requestsTimeout: options.requestsTimeoutMs,
      key: `${options.redisPrefix}:socket.io`,
    }),
  );
  const { activity } = options;
  skipOwnPublishes(io.of('/').adapter as unknown as RedisAdapterListeners, sub, {
    heard: metrics.adapterHeard,
    // Every broadcast heard passes here once, whatever its outcome.
    bytes: activity
      ? {
          inc: (bytes: number) => {
            activity.note();
            metrics.adapterHeardBytes.inc(bytes);
          },
        }
      : metrics.adapterHeardBytes,
  });
  refresh();

  return {
    io,
    adapterState: state,
    redis: () => (pub.status === 'ready' ? pub : undefined),
    onceScript: () => (onceScript.isReady ? onceScript : undefined),
    encodeRemote: (rooms, event, payload) =>
      encodeRemoteEmit(io.of('/').adapter as unknown as RedisAdapterInternals, rooms, event, payload),
    close: async () => {
      clearInterval(pinger);
      await closeServer(io);
      // QUIT waits for the answers still owed; a hung Redis never sends them (ioredis's socketTimeout would
      // end it after ANSWER_TIMEOUT_MS): the close waits at most QUIT_WAIT_MS, then drops the connections.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.allSettled([pub.quit(), sub.quit()]),
        new Promise((resolve) => (timer = setTimeout(resolve, QUIT_WAIT_MS))),
      ]);
      clearTimeout(timer);
      onceScript.close();
      pub.disconnect();
      sub.disconnect();
    },
  };
}

/** Closes every local socket and the engine, without closing the HTTP server (Fastify owns it). */
async function closeServer(io: RelayServer): Promise<void> {
  io.local.disconnectSockets(true);
  io.engine.close();
  await Promise.resolve(io.of('/').adapter.close());
}
