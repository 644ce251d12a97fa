// The tab's socket as the rest of the app sees it: set by connection.ts (which loads socket.io only in the
// signed-in shell), read and closed from anywhere without pulling socket.io into the login route. Typed with the
// contracts' event maps: an emit with the wrong payload for its topic does not compile.
import { useEffect, useState } from 'react';
import type { Socket } from 'socket.io-client';
import type {
  ClientEmit,
  ClientToServerEvents,
  EmitAck,
  EmitPayload,
  ServerToClientEvents,
} from '@showfloor/contracts';
import { createExternalStore } from '../external-store.ts';

/** The app's socket: listens to what the server sends, emits what the relay accepts. */
export type AppSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

const socketStore = createExternalStore<AppSocket | null>(null);

/**
 * How many times each socket has connected, counted from `setSocket` on (one already connected then counts as its
 * first): `useSocketRecovery` (use-socket-recovery.ts) tells a reconnect from the first connect by it, whenever its
 * listener was bound.
 */
const connectCounts = new WeakMap<AppSocket, number>();

/**
 * When each socket last heard from the server (`heard`: wall-clock ms of its last packet or engine ping) and since
 * when it has been away (`since`: the `heard` before its first drop not yet answered for; `drops` counts its drops).
 */
interface Away {
  heard: number;
  since: number | undefined;
  drops: number;
}
const aways = new WeakMap<AppSocket, Away>();

export function setSocket(next: AppSocket | null): void {
  if (next && !connectCounts.has(next)) {
    const socket = next;
    connectCounts.set(socket, socket.connected ? 1 : 0);
    const away: Away = { heard: Date.now(), since: undefined, drops: 0 };
    aways.set(socket, away);
    const heard = () => {
      away.heard = Date.now();
    };
    // Bound before any other listener of this socket, so every later 'connect' listener reads the new count.
    listenerView(socket).on('connect', () => {
      heard();
      connectCounts.set(socket, (connectCounts.get(socket) ?? 0) + 1);
    });
    // The tab notices a half-open connection only when a ping is overdue (up to pingInterval + pingTimeout after
    // the server last reached it), and after sleep or a frozen background tab only on waking: the time away counts
    // from the last packet or ping the server sent, on the wall clock (which runs on during sleep).
    listenerView(socket).on('disconnect', () => {
      away.drops += 1;
      away.since ??= away.heard;
    });
    socket.io.on('packet', heard);
    socket.io.on('ping', heard);
  }
  socketStore.set(next);
}

/**
 * How long (ms) the socket has been away from the server, counted from the last packet or ping it heard before its
 * first drop not yet answered for (undefined: no drop since, or not the tab's socket), and `answered`, which a
 * catch-up that was answered for that time calls: the next time away counts from its own drop (a drop while it was
 * asked keeps the older start: a longer span is safe).
 */
export function awayOf(socket: AppSocket): { awayMs: number | undefined; answered: () => void } {
  const away = aways.get(socket);
  if (!away || away.since === undefined) return { awayMs: undefined, answered: () => undefined };
  const { drops } = away;
  return {
    awayMs: Math.max(0, Date.now() - away.since),
    answered: () => {
      if (away.drops === drops) away.since = undefined;
    },
  };
}

/**
 * How many times a socket has connected since it became the tab's (0: not yet). A 'connect' listener reads the count
 * with this connection in it: the counter's own listener is bound first.
 */
export function connectCountOf(socket: AppSocket): number {
  return connectCounts.get(socket) ?? 0;
}

export function getSocket(): AppSocket | null {
  return socketStore.get();
}

/** Called with the socket whenever it is opened or closed. */
export function onSocketChange(listener: (socket: AppSocket | null) => void): () => void {
  return socketStore.subscribe(() => listener(socketStore.get()));
}

/** The tab's socket, re-rendering when it is opened or closed. */
export function useSocket(): AppSocket | null {
  return socketStore.useValue();
}

export function disconnectSocket(): void {
  const current = socketStore.get();
  if (!current) return;
  current.removeAllListeners();
  current.disconnect();
  setSocket(null);
}

/**
 * The socket as socket.io's untyped `Socket`, for code that binds listeners by name from a table and checks each
 * payload with its schema itself (useServerEvent, the session events). Emits stay typed: use emitWithAck.
 */
export function listenerView(socket: AppSocket): Socket {
  return socket as Socket;
}

/**
 * How long a chat send or catch-up, an announcement and a kept catch-up (announcements, refreshes) wait for the
 * relay's acknowledgement: longer than emitWithAck's default of 2 s.
 */
export const ACK_TIMEOUT_MS = 10_000;

/** socket.io's emitWithAck as this module calls it (its generic signature cannot follow a generic topic). */
type AckEmitter = { emitWithAck(topic: string, payload: unknown): Promise<unknown> };

/**
 * Emits on a topic and waits for the relay's acknowledgement, checked with that topic's ack schema (a chat
 * topic's carries the stored message, catch_up's the messages). Undefined when not connected, when no answer
 * came within `timeoutMs`, or when the answer is not a valid ack.
 */
export async function emitWithAck<T extends ClientEmit>(
  topic: T,
  payload: EmitPayload<T>,
  timeoutMs = 2000,
): Promise<EmitAck<T> | undefined> {
  const socket = socketStore.get();
  if (!socket?.connected) return undefined;
  try {
    const emitter: AckEmitter = socket.timeout(timeoutMs);
    const answer = await emitter.emitWithAck(topic, payload);
    const { parseAck } = await import('./ack.ts');
    return parseAck(topic, answer);
  } catch {
    return undefined;
  }
}

/**
 * The room a reconnect's handshake names (the relay joins the socket to it without a new enter_room: an entry is
 * announced once, not again after a reconnect). Undefined: none.
 */
export function setHandshakeRoom(roomId: number | undefined): void {
  const socket = socketStore.get();
  const query = socket?.io.opts.query as Record<string, string> | undefined;
  if (query) query.roomId = roomId ? String(roomId) : '';
}

/** Whether the tab's socket is connected now, re-rendering on connect and disconnect. */
export function useSocketConnected(): boolean {
  const socket = useSocket();
  const [connected, setConnected] = useState(() => socket?.connected ?? false);
  useEffect(() => {
    if (!socket) return undefined;
    const update = () => setConnected(socket.connected);
    update();
    socket.on('connect', update);
    socket.on('disconnect', update);
    return () => {
      socket.off('connect', update);
      socket.off('disconnect', update);
    };
  }, [socket]);
  return socket ? connected : false;
}
