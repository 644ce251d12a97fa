// The one socket.io connection of a signed-in tab (spec 01 §7): path /messaging, reconnect 500 -> 3000 ms,
// unlimited attempts, the user's token in the handshake. Features listen through their topic hooks
// (`useServerEvent`) and emit through `emitWithAck` (registry.ts); nobody opens a second connection.
import { useEffect } from 'react';
import { io } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS, type CurrentUser } from '@showfloor/contracts';
import { env } from '../../config/env.ts';
import { FRONTEND } from '../../config/frontend.ts';
import { disconnectSocket, getSocket, setSocket, type AppSocket } from './registry.ts';

export interface ConnectOptions {
  /** The room the tab shows, if any. */
  roomId?: number | undefined;
  /** Tests inject a fake `io`. */
  connect?: typeof io;
}

/** Opens the tab's connection, or returns the open one. */
export function connectSocket(
  user: Pick<CurrentUser, 'id' | 'jwt_token'>,
  { roomId, connect = io }: ConnectOptions = {},
): AppSocket {
  const open = getSocket();
  if (open) return open;
  const options = {
    ...SOCKET_CLIENT_OPTIONS,
    transports: [...SOCKET_CLIENT_OPTIONS.transports],
    auth: { token: user.jwt_token },
    query: { frontend: FRONTEND, userId: String(user.id), roomId: roomId ? String(roomId) : '' },
  };
  const socket: AppSocket = env.gatewayUrl ? connect(env.gatewayUrl, options) : connect(options);
  setSocket(socket);
  return socket;
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
