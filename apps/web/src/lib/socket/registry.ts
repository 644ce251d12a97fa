// The tab's socket as the rest of the app sees it: set by lib/socket.ts (which loads socket.io only in the
// signed-in shell), read and closed from anywhere without pulling socket.io into the login route.
import { useSyncExternalStore } from 'react';
import type { Socket } from 'socket.io-client';
import type { Ack } from '@showfloor/contracts';

let socket: Socket | null = null;
const listeners = new Set<(socket: Socket | null) => void>();

function emitChange(): void {
  for (const listener of listeners) listener(socket);
}

export function setSocket(next: Socket | null): void {
  socket = next;
  emitChange();
}

export function getSocket(): Socket | null {
  return socket;
}

/** Called with the socket whenever it is opened or closed. */
export function onSocketChange(listener: (socket: Socket | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The tab's socket, re-rendering when it is opened or closed. */
export function useSocket(): Socket | null {
  return useSyncExternalStore(onSocketChange, getSocket, getSocket);
}

export function disconnectSocket(): void {
  const current = socket;
  if (!current) return;
  current.removeAllListeners();
  current.disconnect();
  setSocket(null);
}

/** Emits and waits for the relay's acknowledgement; undefined when not connected or no answer in time. */
export async function emitWithAck(
  topic: string,
  payload: unknown,
  timeoutMs = 2000,
): Promise<Ack | undefined> {
  const s = socket;
  if (!s?.connected) return undefined;
  try {
    const answer: unknown = await s.timeout(timeoutMs).emitWithAck(topic, payload);
    const { parseAck } = await import('./ack.ts');
    return parseAck(answer);
  } catch {
    return undefined;
  }
}
