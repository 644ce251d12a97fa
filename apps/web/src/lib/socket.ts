// The one socket.io connection of a signed-in tab (spec 01 §7): path /messaging, reconnect 500 -> 3000 ms,
// unlimited attempts, the user's token in the handshake. Features listen through `getSocket()`; nobody opens a
// second connection.
import { useEffect, useSyncExternalStore } from 'react';
import { io, type Socket } from 'socket.io-client';
import { AckSchema, SOCKET_CLIENT_OPTIONS, type Ack, type CurrentUser } from '@showfloor/contracts';
import { env } from '../config/env.ts';

let socket: Socket | null = null;
const listeners = new Set<(socket: Socket | null) => void>();

function emitChange(): void {
  for (const listener of listeners) listener(socket);
}

export interface ConnectOptions {
  /** The room the tab shows, if any. */
  roomId?: number | undefined;
  /** Tests inject a fake `io`. */
  connect?: typeof io;
}

/** Opens the tab's connection, or returns the open one. */
export function connectSocket(user: Pick<CurrentUser, 'id' | 'jwt_token'>, { roomId, connect = io }: ConnectOptions = {}): Socket {
  if (socket) return socket;
  const options = {
    ...SOCKET_CLIENT_OPTIONS,
    transports: [...SOCKET_CLIENT_OPTIONS.transports],
    auth: { token: user.jwt_token },
    query: { frontend: 'visitor', userId: String(user.id), roomId: roomId ? String(roomId) : '' },
  };
  socket = env.gatewayUrl ? connect(env.gatewayUrl, options) : connect(options);
  emitChange();
  return socket;
}

export function getSocket(): Socket | null {
  return socket;
}

/** Called with the socket whenever it is opened or closed. */
export function onSocketChange(listener: (socket: Socket | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function disconnectSocket(): void {
  if (!socket) return;
  socket.removeAllListeners();
  socket.disconnect();
  socket = null;
  emitChange();
}

/** Emits and waits for the relay's acknowledgement; undefined when not connected or no answer in time. */
export async function emitWithAck(topic: string, payload: unknown, timeoutMs = 2000): Promise<Ack | undefined> {
  const s = socket;
  if (!s?.connected) return undefined;
  try {
    const answer: unknown = await s.timeout(timeoutMs).emitWithAck(topic, payload);
    const parsed = AckSchema.safeParse(answer);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** The tab's socket, re-rendering when it is opened or closed. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(onSocketChange, getSocket, getSocket);
}

/** Keeps the tab's one connection open while a user is signed in (reconnects only for a new user or token). */
export function useSocketConnection(user: CurrentUser | null): void {
  const id = user?.id;
  const token = user?.jwt_token;
  useEffect(() => {
    if (id === undefined || !token) return undefined;
    connectSocket({ id, jwt_token: token });
    return () => disconnectSocket();
  }, [id, token]);
}
