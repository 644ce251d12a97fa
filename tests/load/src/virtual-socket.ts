/**
 * One interface over the two clients of a run: socket.io-client for senders (the reference client, acks and
 * reconnects as browsers do them) and the light wire-protocol client for listeners.
 */
import { io } from 'socket.io-client';
import { SOCKET_CLIENT_OPTIONS } from '@showfloor/contracts';
import { LiteSocket } from './lite-socket.ts';

export interface VirtualSocket {
  readonly connected: boolean;
  /** Reconnects after the first connection. */
  readonly reconnects: number;
  readonly errors: number;
  connect(timeoutMs?: number): Promise<void>;
  emit(name: string, payload: unknown, ack?: (answer: unknown) => void): boolean;
  request<T = unknown>(name: string, payload: unknown, timeoutMs?: number): Promise<T>;
  onAny(listener: (name: string, payload: unknown) => void): void;
  /** Called after every (re)connection. */
  onConnected(listener: () => void): void;
  close(): void;
}

export interface VirtualSocketOptions {
  url: string;
  token?: string;
  query: Record<string, string>;
}

/** A listener on the light client. */
export function liteSocket(options: VirtualSocketOptions): VirtualSocket {
  const socket = new LiteSocket({
    url: options.url,
    query: options.query,
    auth: options.token ? { token: options.token } : {},
  });
  let afterConnect: (() => void) | undefined;
  return {
    get connected() {
      return socket.connected;
    },
    get reconnects() {
      return socket.reconnects;
    },
    get errors() {
      return socket.errors;
    },
    async connect(timeoutMs) {
      await socket.connect(timeoutMs);
      // Later connections (reconnects) run the listener from here on.
      socket.onConnect = () => afterConnect?.();
    },
    emit: (name, payload, ack) => socket.emit(name, payload, ack),
    request: (name, payload, timeoutMs) => socket.request(name, payload, timeoutMs),
    onAny: (listener) => socket.onAny(listener),
    onConnected(listener) {
      afterConnect = listener;
    },
    close: () => socket.close(),
  };
}

/** A sender on socket.io-client with the app's reconnect policy. */
export function socketIoSocket(options: VirtualSocketOptions): VirtualSocket {
  const socket = io(options.url, {
    ...SOCKET_CLIENT_OPTIONS,
    transports: ['websocket'],
    autoConnect: false,
    forceNew: true,
    auth: options.token ? { token: options.token } : {},
    query: options.query,
  });
  let reconnects = 0;
  let errors = 0;
  let afterConnect: (() => void) | undefined;
  socket.io.on('reconnect', () => {
    reconnects += 1;
  });
  socket.on('connect_error', () => {
    errors += 1;
  });
  return {
    get connected() {
      return socket.connected;
    },
    get reconnects() {
      return reconnects;
    },
    get errors() {
      return errors;
    },
    connect(timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('connect timed out')), timeoutMs);
        socket.once('connect', () => {
          clearTimeout(timer);
          socket.on('connect', () => afterConnect?.());
          resolve();
        });
        socket.once('connect_error', (error) => {
          clearTimeout(timer);
          socket.disconnect();
          reject(error);
        });
        socket.connect();
      });
    },
    emit(name, payload, ack) {
      if (!socket.connected) return false;
      if (ack) socket.emit(name, payload, ack);
      else socket.emit(name, payload);
      return true;
    },
    request: <T>(name: string, payload: unknown, timeoutMs = 10_000) =>
      socket.timeout(timeoutMs).emitWithAck(name, payload) as Promise<T>,
    onAny: (listener) => socket.onAny(listener),
    onConnected(listener) {
      afterConnect = listener;
    },
    close: () => {
      socket.disconnect();
    },
  };
}
