/**
 * A cap on what one slow socket can make the node buffer. A tab that reads slowly, or a client that stops
 * reading its socket, leaves every reliable frame sent to it in the node's memory: engine.io's `writeBuffer`
 * (packets queued while the transport is not writable) and the websocket's `bufferedAmount` (bytes handed to
 * the TCP socket and not yet taken by the kernel). Unbounded, a few such clients in a lobby of thousands can
 * grow a node until it dies, and everyone's messages with it.
 *
 * Every `sweepMs` (1 s) the node looks at its sockets; only one whose transport is not writable can hold a
 * backlog (a websocket is writable again once its last write reached the kernel; a polling transport while a
 * GET waits), so a socket that keeps up costs one property read. Of the others it counts the websocket's
 * buffered bytes and the queued packets' encoded lengths (characters of their text, bytes of binary), stopping
 * once past the cap. Past `maxBytes` the socket is dropped at once: the engine socket closes discarding its
 * queue, and the TCP connection is destroyed (not the websocket close handshake, which would keep the bytes
 * for up to 30 s waiting on a peer that does not read). The client sees its transport close and reconnects;
 * a reconnect is a new handshake, and clients catch up from history on every connect (relay README,
 * "Connecting"): nothing stored is lost.
 *
 * Why a sweep and not a check per write: a write is the hot path (thousands of deliveries a second, one per
 * recipient socket); the sweep costs a walk of the node's sockets once a second, whatever the traffic. What a
 * socket can add between two sweeps is one second of its traffic, bounded by the topics' limits.
 *
 * Volatile frames (`user_player_events` moves) never reach the queue: socket.io drops them when the transport
 * is not writable (socket.io 4.8 `Client.writeToEngine`).
 */
import type { RelayServer, RelaySocket } from './io.ts';

/** How the cap is applied. */
export interface SocketBufferOptions {
  /** Most bytes one socket may have buffered on the node; past it the socket is dropped. */
  maxBytes: number;
  /** How often the node's sockets are looked at. @default 1000 */
  sweepMs: number;
}

/** The parts of engine.io 6.6's socket (pinned) that the cap reads. */
interface EngineSocket {
  readyState: string;
  writeBuffer: Array<{ data?: unknown }>;
  transport: {
    writable: boolean;
    /** The `ws` WebSocket of the websocket transport; absent for polling. */
    socket?: { bufferedAmount: number; terminate(): void };
  };
  close(discard?: boolean): void;
}

function engineOf(socket: RelaySocket): EngineSocket {
  return socket.conn as unknown as EngineSocket;
}

function sizeOf(data: unknown): number {
  if (typeof data === 'string') return data.length;
  if (data instanceof ArrayBuffer) return data.byteLength;
  if (ArrayBuffer.isView(data)) return data.byteLength;
  return 0;
}

/**
 * What the socket has buffered on the node: the websocket's bytes not yet in the kernel plus the packets the
 * engine queued behind them. Counts no further than `atMost` (a long queue is not walked to its end).
 */
export function bufferedBytes(socket: RelaySocket, atMost = Infinity): number {
  const conn = engineOf(socket);
  let total = conn.transport.socket?.bufferedAmount ?? 0;
  const queue = conn.writeBuffer;
  for (let index = 0; index < queue.length && total <= atMost; index += 1) {
    total += sizeOf(queue[index]!.data);
  }
  return total;
}

/**
 * Drops a socket at once, freeing what it buffered: the engine socket closes discarding its queue (the socket's
 * `disconnect` fires with 'forced close'), and the websocket's TCP connection is destroyed.
 */
export function dropSocket(socket: RelaySocket): void {
  const conn = engineOf(socket);
  const websocket = conn.transport.socket;
  conn.close(true);
  websocket?.terminate();
}

/**
 * One look at `sockets`: drops each one buffering more than `maxBytes`, after telling `onOverCap`. A socket
 * whose transport is writable costs one property read (measured: see the relay README, "Limits and metrics").
 */
export function sweepSocketBuffers(
  sockets: Map<string, RelaySocket>,
  maxBytes: number,
  onOverCap: (socket: RelaySocket, bytes: number) => void,
): void {
  for (const socket of sockets.values()) {
    const conn = engineOf(socket);
    if (conn.transport.writable || conn.readyState !== 'open') continue;
    const bytes = bufferedBytes(socket, maxBytes);
    if (bytes <= maxBytes) continue;
    onOverCap(socket, bytes);
    dropSocket(socket);
  }
}

/**
 * Looks at the node's sockets every `sweepMs` and drops each one buffering more than `maxBytes`, after telling
 * `onOverCap` (which logs and counts it). Returns the stop function.
 */
export function capSocketBuffers(
  io: RelayServer,
  options: SocketBufferOptions,
  onOverCap: (socket: RelaySocket, bytes: number) => void,
): () => void {
  const sockets = io.of('/').sockets;
  const timer = setInterval(() => sweepSocketBuffers(sockets, options.maxBytes, onOverCap), options.sweepMs);
  timer.unref();
  return () => clearInterval(timer);
}
