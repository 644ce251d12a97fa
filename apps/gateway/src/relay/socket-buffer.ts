/**
 * A cap on what one slow socket can make the node buffer. A tab that reads slowly, or a client that stops
 * reading its socket, leaves every reliable frame sent to it in the node's memory: engine.io's `writeBuffer`
 * (packets queued while the transport is not writable) and the websocket's `bufferedAmount` (bytes handed to
 * the TCP socket and not yet taken by the kernel). Unbounded, a few such clients in a lobby of thousands can
 * grow a node until it dies, and everyone's messages with it.
 *
 * Every `sweepMs` (1 s) the node looks at its engine connections (`io.engine.clients`: also those socket.io
 * already let go of that are still 'closing', waiting to flush a queue a stalled peer never reads); only one
 * whose transport is not writable can hold a backlog (a websocket is writable again once its last write reached
 * the kernel; a polling transport while a GET waits), so a connection that keeps up costs one property read. Of
 * the others it counts the websocket's buffered bytes and the queued packets' UTF-8 bytes (only stalled
 * connections are counted, so the encoding's cost is theirs), stopping once past the ceiling.
 *
 * When it is dropped: a tab on a slow link that still reads can be seconds behind (a reconnecting tab asks for
 * several `catch_up` pages at once, 1.2-1.6 MB each in CJK or emoji); cutting it would only make it reconnect
 * and ask again, forever. So a connection over `maxBytes` is dropped only when it was over it at the previous
 * sweep too and its count did not go down since (it is not draining), or at once past `4 × maxBytes` (the
 * ceiling: what one connection may cost whatever its progress). Dropped: the engine socket closes discarding its
 * queue, and the TCP connection is destroyed (not the websocket close handshake, which would keep the bytes for
 * up to 30 s waiting on a peer that does not read). The client sees its transport close and reconnects; a
 * reconnect is a new handshake, and clients catch up from history on every connect (relay README,
 * "Connecting"): nothing stored is lost.
 *
 * Why a sweep and not a check per write: a write is the hot path (thousands of deliveries a second, one per
 * recipient socket); the sweep costs a walk of the node's sockets once a second, whatever the traffic. What a
 * socket can add between two sweeps is one second of its traffic, bounded by the topics' limits. A throw while
 * handling one connection is reported to `onError` and the sweep goes on (inside a timer it would end the node).
 *
 * Volatile frames (`user_player_events` moves) never reach the queue: socket.io drops them when the transport
 * is not writable (socket.io 4.8 `Client.writeToEngine`).
 */
import type { RelayServer } from './io.ts';

/** How the cap is applied. */
export interface SocketBufferOptions {
  /** Most bytes one socket may have buffered on the node; past it (and not draining) the socket is dropped. */
  maxBytes: number;
  /** How often the node's connections are looked at (tests set it shorter). @default 1000 */
  sweepMs: number;
}

/** Past this many times `maxBytes` a connection is dropped at once, draining or not. */
export const CEILING_FACTOR = 4;

/** The parts of engine.io 6.6's socket (pinned) that the cap reads. */
export interface EngineSocket {
  id: string;
  readyState: string;
  writeBuffer: Array<{ data?: unknown }>;
  transport: {
    writable: boolean;
    /** The `ws` WebSocket of the websocket transport; absent for polling. */
    socket?: { bufferedAmount: number; terminate(): void };
  };
  close(discard?: boolean): void;
}

/** `io.engine.clients`: the node's engine connections by id. */
export type EngineClients = Record<string, EngineSocket>;

function sizeOf(data: unknown): number {
  if (typeof data === 'string') return Buffer.byteLength(data);
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/**
 * What the connection has buffered on the node: the websocket's bytes not yet in the kernel plus the packets the
 * engine queued behind them (UTF-8 bytes). Counts no further than `atMost` (a long queue is not walked to its end).
 */
export function bufferedBytes(conn: EngineSocket, atMost = Infinity): number {
  let total = conn.transport.socket?.bufferedAmount ?? 0;
  const queue = conn.writeBuffer;
  for (let index = 0; index < queue.length && total <= atMost; index += 1) {
    total += sizeOf(queue[index]!.data);
  }
  return total;
}

/**
 * Drops a connection at once, freeing what it buffered: the engine socket closes discarding its queue (a
 * socket.io socket still on it sees `disconnect` with 'forced close', unless its Client was closed first: see
 * {@link SocketIoClient}), and the websocket's TCP connection is destroyed.
 */
export function dropSocket(conn: EngineSocket): void {
  const websocket = conn.transport.socket;
  conn.close(true);
  websocket?.terminate();
}

/**
 * What the relay uses of socket.io's `Client` (socket.io 4.8, pinned; private in its typings, so its behaviour is
 * tested in socket-buffer-client.test.ts): the socket.io side of one engine connection, `socket.client`. socket.io
 * keeps no link from the engine socket to it, so the relay keeps one per connection (attach-relay.ts).
 */
export interface SocketIoClient<S> {
  /** The engine connection. */
  readonly conn: object;
  /** Its socket.io sockets by id (one per namespace joined); emptied when it closes. */
  readonly sockets: ReadonlyMap<string, S>;
  /**
   * Tells each of its sockets `disconnect` with `reason` and stops listening to the connection, so the engine's
   * later 'close' (a drop) tells them nothing more.
   */
  onclose(reason: string): void;
}

/** The socket.io Client a socket is on (socket.io 4.8's `socket.client`). */
export function socketIoClientOf<S>(socket: { client: unknown }): SocketIoClient<S> {
  return socket.client as SocketIoClient<S>;
}

/** Why a connection was dropped: past the ceiling, or over the cap on two sweeps without draining. */
export type OverCapReason = 'ceiling' | 'not_draining';

export interface SocketBufferSweepHooks {
  /** Told before a connection is dropped (logs and counts it). */
  onOverCap(conn: EngineSocket, bytes: number, reason: OverCapReason): void;
  /** A throw while handling one connection; the sweep goes on with the next. */
  onError(error: unknown, conn: EngineSocket): void;
}

/**
 * The sweep with its memory: the connections over the cap at the previous look and their counts (only those,
 * so a connection that drains below the cap, or goes, is forgotten at the next look). Each `sweep(clients)`
 * drops the connections over the ceiling, and those over the cap now and before whose count did not go down.
 */
export function socketBufferSweep(
  maxBytes: number,
  hooks: SocketBufferSweepHooks,
): (clients: EngineClients) => void {
  const ceiling = maxBytes * CEILING_FACTOR;
  let overBefore = new Map<EngineSocket, number>();
  return (clients) => {
    const overNow = new Map<EngineSocket, number>();
    for (const id in clients) {
      const conn = clients[id]!;
      if (conn.transport.writable) continue;
      try {
        if (conn.readyState !== 'open' && conn.readyState !== 'closing') continue;
        const bytes = bufferedBytes(conn, ceiling);
        if (bytes <= maxBytes) continue;
        const before = overBefore.get(conn);
        const reason: OverCapReason | undefined =
          bytes > ceiling ? 'ceiling' : before !== undefined && bytes >= before ? 'not_draining' : undefined;
        if (reason === undefined) {
          overNow.set(conn, bytes);
          continue;
        }
        hooks.onOverCap(conn, bytes, reason);
        dropSocket(conn);
      } catch (error) {
        hooks.onError(error, conn);
      }
    }
    overBefore = overNow;
  };
}

/**
 * Looks at the node's engine connections every `sweepMs` and drops those the sweep's rule says (see above).
 * Returns the stop function.
 */
export function capSocketBuffers(
  io: RelayServer,
  options: SocketBufferOptions,
  hooks: SocketBufferSweepHooks,
): () => void {
  const sweep = socketBufferSweep(options.maxBytes, hooks);
  const engine = io.engine as unknown as { clients: EngineClients };
  const timer = setInterval(() => sweep(engine.clients), options.sweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
