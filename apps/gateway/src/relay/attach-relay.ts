/**
 * The /messaging relay, attached to the gateway's HTTP server by buildApp: the typed socket.io server with its
 * adapter (io.ts), the handshake (handshake.ts), one dispatcher per socket routing emits to topics/<topic>.ts,
 * presence, session enforcement, the effects of successful calls (effects.ts), `/readyz` (Redis state) and `/metrics`.
 */
import { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import {
  HandshakeQuerySchema,
  RELAY_SERVER_EVENTS,
  SOCKET_ROOMS,
  type ResyncEvent,
} from '@showfloor/contracts';
import type { GatewayDeps } from '../deps.ts';
import { installHandshake } from './handshake.ts';
import { joinHandshakeRoom } from './handshake-room.ts';
import { CallTokenIssuer } from './call-tokens.ts';
import type { RelayContext } from './context.ts';
import { DeliveredMessages, type FanoutTarget } from './delivered.ts';
import { Directory } from './directory.ts';
import { installDispatcher } from './dispatch.ts';
import { FanoutLimits, type FanoutLimitOptions } from './fanout-limit.ts';
import { createRelayIo, resyncSpreadMs, type RelayIo, type RelaySocket } from './io.ts';
import { createRelayMetrics } from './metrics.ts';
import { MicrophoneStates } from './microphones.ts';
import { AnnouncementLog } from './announcement-log.ts';
import { RefreshLog } from './refresh-log.ts';
import { Presence } from './presence.ts';
import { installEffects } from './effects.ts';
import { RoomAccess, type RoomAccessContext } from './room-access.ts';
import { SessionStatus } from './session-status.ts';
import {
  capSocketBuffers,
  socketIoClientOf,
  type SocketBufferOptions,
  type SocketIoClient,
} from './socket-buffer.ts';
import { StatusFanout } from './status-fanout.ts';
import { enforceSessions } from './sessions.ts';

/** Tunables of the relay; the defaults come from the environment, tests and the bench may override. */
export interface RelayOptions {
  /** Most sockets per node. */
  maxConnections: number;
  /** Most sockets one user holds on a node. */
  maxSocketsPerUser: number;
  /** Sustained emits per second per connection. */
  emitsPerSecond: number;
  /** Burst above the sustained rate. */
  emitBurst: number;
  /** Largest frame in bytes (socket.io maxHttpBufferSize). */
  maxFrameBytes: number;
  /** Most bytes one socket may have buffered on the node, and how often that is looked at (socket-buffer.ts). */
  socketBuffer: SocketBufferOptions;
  /** Per-user limits of the topics that fan out to a room or the whole event (fanout-limit.ts). */
  fanout: FanoutLimitOptions;
  /** Wait after a last tab disconnects before 'offline'. @default 1500 */
  offlineGraceMs: number;
  /** Expiry sweep interval. @default 5000 */
  sessionSweepMs: number;
  /** How long cached authorisations (room access, members) are trusted. @default 60000 */
  directoryTtlMs: number;
  /** Cross-node request timeout (fetchSockets). @default 2000 */
  requestsTimeoutMs: number;
  /** How often each node emits its event's status changes as one `user_status_batch`. @default 1000 */
  statusBatchMs: number;
  /** Period of the provider's session status checks, and how long a handshake trusts an "alive". @default 3000 */
  sessionCheckMs: number;
  /** The wall clock (ms) microphone versions are stamped by (tests: a node's clock behind another's). @default Date.now */
  microphoneClock?: () => number;
  /**
   * When the node started (ms since epoch): one node answers an `access_catch_up` `unchanged` only for a time away
   * since then (room-access.ts; tests: a node up a minute, without moving the process's clock). @default now
   */
  startedAt?: number;
}

/** The disconnect reason of a socket dropped for what it buffered (socket-buffer.ts). */
const BUFFER_OVER_CAP = 'buffer_over_cap';

/** What the relay exposes on the app (`app.relay`) for tests and operations. */
export interface Relay {
  io: RelayIo['io'];
  adapterState: RelayIo['adapterState'];
  options: RelayOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The /messaging relay (issue 5). */
    relay: Relay;
  }
}

/** Drops the engine's reference to the HTTP request of a connected socket (socket.io's client reads it there). */
function releaseRequest(socket: RelaySocket): void {
  (socket.conn as unknown as { request: unknown }).request = null;
}

/**
 * engine.io (6.6) answers each websocket upgrade with a `WebSocketResponse` for its middlewares, which a
 * `close` listener on the TCP socket keeps until the connection ends, and which points at the upgrade's
 * IncomingMessage: the request (its raw headers, streams state) outlived the handshake, ~0.8 KiB per idle
 * connection with the bench's five headers, more with a browser's. The relay has no engine middleware that
 * uses the response afterwards, so this one, the last in the chain, lets go of the request.
 */
function releaseUpgradeRequests(io: RelayIo['io']): void {
  io.engine.use((_request: unknown, response: unknown, next: () => void) => {
    next();
    if (!(response instanceof ServerResponse)) (response as { req: unknown }).req = null;
  });
}

/** Relay settings from the gateway's environment. */
export function relayOptionsFromEnv(env: GatewayDeps['env']): RelayOptions {
  return {
    maxConnections: env.RELAY_MAX_CONNECTIONS,
    maxSocketsPerUser: env.RELAY_MAX_SOCKETS_PER_USER,
    emitsPerSecond: env.RELAY_EMITS_PER_SECOND,
    emitBurst: env.RELAY_EMIT_BURST,
    maxFrameBytes: env.RELAY_MAX_FRAME_BYTES,
    socketBuffer: { maxBytes: env.RELAY_SOCKET_BUFFER_MAX_BYTES, sweepMs: 1_000 },
    fanout: {
      event: { perSecond: env.RELAY_EVENT_FANOUT_PER_SECOND, burst: env.RELAY_EVENT_FANOUT_BURST },
      room: { perSecond: env.RELAY_ROOM_FANOUT_PER_SECOND, burst: env.RELAY_ROOM_FANOUT_BURST },
      maxBytes: env.RELAY_FANOUT_MAX_BYTES,
      writes: { perSecond: env.RELAY_FANOUT_WRITES_PER_SECOND, burst: env.RELAY_FANOUT_WRITES_BURST },
    },
    offlineGraceMs: 1_500,
    sessionSweepMs: 5_000,
    directoryTtlMs: 60_000,
    requestsTimeoutMs: 2_000,
    sessionCheckMs: env.RELAY_SESSION_CHECK_MS,
    statusBatchMs: env.RELAY_STATUS_BATCH_MS,
  };
}

/**
 * Attaches the relay to the gateway's server. Closes with the app (sockets first, then Redis); adds the Redis
 * readiness check ('degraded' while Redis is away) and the relay metrics.
 */
export async function attachRelay(
  app: FastifyInstance,
  deps: GatewayDeps,
  overrides: Partial<RelayOptions> = {},
): Promise<void> {
  const options: RelayOptions = { ...relayOptionsFromEnv(deps.env), ...overrides };
  const logger = deps.logger.child({ component: 'relay' });
  const metrics = createRelayMetrics(deps.metrics.registry);
  const relayIo = await createRelayIo(
    app.server,
    {
      redisUrl: deps.env.REDIS_URL,
      maxFrameBytes: options.maxFrameBytes,
      allowedOrigins: deps.env.WEB_ORIGIN,
      requestsTimeoutMs: options.requestsTimeoutMs,
      redisPrefix: deps.env.RELAY_REDIS_PREFIX,
      activity: deps.activity,
    },
    logger,
    metrics,
  );
  const { io } = relayIo;
  releaseUpgradeRequests(io);
  const base: RoomAccessContext = {
    io,
    provider: deps.provider,
    directory: new Directory(deps.provider, { ttlMs: options.directoryTtlMs }),
    delivered: new DeliveredMessages(relayIo.onceScript, deps.env.RELAY_REDIS_PREFIX, {
      local: io.local as unknown as FanoutTarget,
      encodeRemote: relayIo.encodeRemote,
      ...(deps.env.REDIS_URL
        ? {
            // The other nodes' sockets in these rooms missed what this node delivered alone; spread as
            // this node's own resync is (the nodes behind a balancer hold about as many sockets each).
            remoteResync: (rooms: string[]) =>
              relayIo.encodeRemote(rooms, RELAY_SERVER_EVENTS.RESYNC, {
                reason: 'fanout_interrupted',
                spread_ms: resyncSpreadMs(io.of('/').sockets.size),
              } satisfies ResyncEvent),
          }
        : {}),
    }),
    callTokens: new CallTokenIssuer(deps.env.CALL_TOKEN_SECRET),
    status: new StatusFanout(
      { io, metrics, adapterState: relayIo.adapterState },
      { batchMs: options.statusBatchMs },
    ),
    microphones: new MicrophoneStates(
      relayIo.redis,
      deps.env.RELAY_REDIS_PREFIX,
      logger,
      undefined,
      options.microphoneClock,
    ),
    announcements: new AnnouncementLog(relayIo.redis, deps.env.RELAY_REDIS_PREFIX, logger),
    refreshes: new RefreshLog(relayIo.redis, deps.env.RELAY_REDIS_PREFIX, logger),
    metrics,
    logger,
    adapterState: relayIo.adapterState,
  };
  const ctx: RelayContext = {
    ...base,
    roomAccess: new RoomAccess(base, {
      redis: relayIo.redis,
      prefix: deps.env.RELAY_REDIS_PREFIX,
      startedAt: options.startedAt,
    }),
  };
  metrics.watchStatusFanout(() => ctx.status.held());
  if (!deps.env.CALL_TOKEN_SECRET && deps.env.REDIS_URL) {
    logger.warn('CALL_TOKEN_SECRET is not set: call widget tokens differ per node');
  }

  const sessionStatus = new SessionStatus(deps.provider, { aliveTtlMs: options.sessionCheckMs });
  installHandshake(
    io,
    deps.verifier,
    {
      allowedOrigins: deps.env.WEB_ORIGIN,
      maxConnections: options.maxConnections,
      maxSocketsPerUser: options.maxSocketsPerUser,
      trustsProxy: deps.env.TRUST_PROXY_HOPS > 0,
      sessions: { status: sessionStatus, revocations: deps.revocations },
    },
    metrics,
  );
  const presence = new Presence(ctx, { offlineGraceMs: options.offlineGraceMs });
  const stopSessions = enforceSessions(ctx, deps.revocations, {
    sweepIntervalMs: options.sessionSweepMs,
    logoutGraceMs: 250,
    recheck: { status: sessionStatus, intervalMs: options.sessionCheckMs },
  });
  const stopEffects = installEffects(deps.events, {
    relay: ctx,
    revocations: deps.revocations,
    roomAccess: ctx.roomAccess,
  });
  const limits = { perSecond: options.emitsPerSecond, burst: options.emitBurst };
  // One per node: a user's tabs on this node share their buckets.
  const fanout = new FanoutLimits(options.fanout);
  // The node's microphone copy of a room goes with its last socket there (microphones.ts).
  ctx.microphones.followRooms(io.of('/').adapter);

  // A tab that does not read what it is sent is dropped once it holds more than the cap and does not drain, or
  // past the ceiling (socket-buffer.ts); it reconnects and catches up. socket.io's Client of each connection is
  // kept here by its engine socket (weakly: it goes with the connection): a drop reaches the connection's sockets
  // there and disconnects them with the reason `buffer_over_cap` (counted as that, below) before the engine
  // closes, whose 'close' socket.io then ignores. A connection socket.io already let go of (still 'closing') has
  // no sockets left: it was counted then, and is only logged.
  const socketIoClients = new WeakMap<object, SocketIoClient<RelaySocket>>();
  const stopBufferCap = capSocketBuffers(io, options.socketBuffer, {
    onOverCap(conn, bytes, why) {
      const client = socketIoClients.get(conn);
      const socket: RelaySocket | undefined = client?.sockets.values().next().value;
      logger.warn(
        {
          socketId: socket?.id,
          engineId: conn.id,
          userId: socket?.data.userId,
          bufferedBytes: bytes,
          maxBytes: options.socketBuffer.maxBytes,
          why,
        },
        'socket dropped: it buffered more than RELAY_SOCKET_BUFFER_MAX_BYTES (a client not reading)',
      );
      if (socket) client?.onclose(BUFFER_OVER_CAP);
    },
    onError(error, conn) {
      logger.error({ err: error, engineId: conn.id }, 'socket buffer sweep: handling one connection failed');
    },
  });

  const { activity } = deps;
  io.on('connection', (socket: RelaySocket) => {
    const { data } = socket;
    activity.note();
    metrics.connectedSockets.inc();
    socketIoClients.set(socket.conn, socketIoClientOf(socket));
    // The phase room: the group of this node's tabs of the event that hears the status batch on the same phase
    // of the interval (status-fanout.ts).
    void socket.join([
      SOCKET_ROOMS.user(data.userId),
      SOCKET_ROOMS.event(data.eventCode),
      ctx.status.phaseRoom(data.eventCode),
    ]);
    // The handshake (headers, query, auth) is kept; the raw HTTP request is not needed after it and costs a
    // few KiB per connection (socket.io's memory advice).
    releaseRequest(socket);
    presence.connected(data.userId);
    sessionStatus.track(data.sid);
    socket.on('disconnect', (reason) => {
      activity.note();
      sessionStatus.untrack(data.sid);
      metrics.connectedSockets.dec();
      metrics.disconnects.inc({ reason });
      presence.disconnected(data.userId, data.eventCode, data.roomId);
    });
    // The room the tab shows: joined once the provider says the user may access it (asked again with back-off
    // while the check fails: handshake-room.ts). The socket's packets wait for the first answer
    // (installDispatcher), so nothing the client asks is answered from before the join.
    const query = HandshakeQuerySchema.safeParse(socket.handshake.query);
    const roomId = query.success && query.data.roomId ? Number(query.data.roomId) : undefined;
    const joined = roomId ? joinHandshakeRoom(ctx, socket, roomId) : undefined;
    installDispatcher(ctx, socket, { limits, fanout }, activity, joined);
  });

  app.decorate('relay', { io, adapterState: relayIo.adapterState, options } satisfies Relay);
  app.readinessChecks.push(async () => {
    const state = relayIo.adapterState();
    if (state === 'memory') return { name: 'relay', ok: true, detail: 'single node, in-memory adapter' };
    return state === 'connected'
      ? { name: 'redis', ok: true }
      : { name: 'redis', ok: true, degraded: true, detail: 'redis unreachable: local delivery only' };
  });
  app.addHook('preClose', async () => {
    stopSessions();
    stopEffects();
    stopBufferCap();
    presence.close();
    ctx.status.close();
    await relayIo.close();
  });
}
