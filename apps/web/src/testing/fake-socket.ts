// A stand-in for the tab's socket in component tests: the server side `fire`s events at the app's listeners, and
// the app's acknowledged emits are recorded and answered by `answer` (a 200 ack unless told otherwise).
import { vi } from 'vitest';
import { listenerView, setSocket, type AppSocket } from '../lib/socket/registry.ts';

export interface Emitted {
  topic: string;
  payload: unknown;
}

export function createFakeSocket(answer: (emitted: Emitted) => unknown = () => ({ statusCode: 200 })) {
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>();
  const managerListeners = new Map<string, Set<() => void>>();
  const emitted: Emitted[] = [];
  const fake = {
    connected: true,
    active: true,
    // The handshake's query (a room scene names its room there for a reconnect).
    // The manager: the registry hears its packets and engine pings.
    io: {
      opts: { query: {} as Record<string, string> },
      on(event: string, listener: () => void) {
        managerListeners.set(event, (managerListeners.get(event) ?? new Set()).add(listener));
      },
    },
    on(event: string, listener: (...args: unknown[]) => void) {
      listeners.set(event, (listeners.get(event) ?? new Set()).add(listener));
      return fake;
    },
    off(event: string, listener: (...args: unknown[]) => void) {
      listeners.get(event)?.delete(listener);
      return fake;
    },
    timeout: () => ({
      emitWithAck: async (topic: string, payload: unknown) => {
        const entry = { topic, payload };
        emitted.push(entry);
        return answer(entry);
      },
    }),
    connect: vi.fn(),
    removeAllListeners: vi.fn(() => listeners.clear()),
    disconnect: vi.fn(),
  };
  // The app sees it as its typed socket; the fake implements the part the app uses.
  const socket = fake as unknown as AppSocket;
  const fire = (event: string, payload: unknown) => {
    // Every event the server sends is a packet to the manager first (a drop is none).
    if (event !== 'disconnect')
      for (const listener of [...(managerListeners.get('packet') ?? [])]) listener();
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload);
  };
  return {
    socket,
    emitted,
    /** Sends an event to every listener, as the relay would. */
    fire,
    /** The server's engine ping reaching it (socket.io's manager 'ping'). */
    ping: () => {
      for (const listener of [...(managerListeners.get('ping') ?? [])]) listener();
    },
    /** Connects it as socket.io does: `connected` first, then 'connect' to every listener. */
    connect: () => {
      fake.connected = true;
      fire('connect', undefined);
    },
    /** Drops it as a lost transport does: not `connected`, then 'disconnect' to every listener. */
    drop: () => {
      fake.connected = false;
      fire('disconnect', 'transport close');
    },
    /** How many listeners an event has (a topic hook binds exactly one). */
    listenerCount: (event: string) => listeners.get(event)?.size ?? 0,
    /** Makes it the tab's socket. */
    install() {
      setSocket(socket);
      return socket;
    },
    /** The same socket as listeners see it. */
    view: () => listenerView(socket),
  };
}

/**
 * A fake socket made the tab's socket before it connects, as connection.ts makes it: its first `connect()` is the
 * socket's first connection, each later one (after a `drop()`) a reconnect.
 */
export function unconnectedSocket(answer?: (emitted: Emitted) => unknown) {
  const fake = createFakeSocket(answer);
  (fake.socket as unknown as { connected: boolean }).connected = false;
  fake.install();
  return fake;
}
