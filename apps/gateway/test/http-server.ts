/**
 * Servers on a spare port for the unit tests of the provider transport, the provider client and the token
 * verifier: one way to listen, count what came and close with every open connection.
 */
import { createServer, type RequestListener } from 'node:http';
import type { Server, Socket } from 'node:net';

export interface SpareServer {
  /** `http://127.0.0.1:<port>` */
  url: string;
  port: number;
  /** Connections accepted so far. */
  connections(): number;
  /** `METHOD /path` of each request a node:http (or https) server read. */
  requests: string[];
  /** Stops listening and destroys every open connection; a second call does nothing. */
  close(): Promise<void>;
}

/** Listens on a spare port of 127.0.0.1 with `server`, or with a node:http server of `handler`. */
export async function listenOnSparePort(server: Server | RequestListener): Promise<SpareServer> {
  const listening = typeof server === 'function' ? createServer(server) : server;
  const sockets = new Set<Socket>();
  const requests: string[] = [];
  let connections = 0;
  listening.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  listening.on('request', (request: { method?: string; url?: string }) => {
    requests.push(`${request.method} ${request.url}`);
  });
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
  const address = listening.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  let closed: Promise<void> | undefined;
  return {
    url: `http://127.0.0.1:${address.port}`,
    port: address.port,
    connections: () => connections,
    requests,
    close: () => {
      closed ??= new Promise<void>((resolve) => {
        listening.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
      return closed;
    },
  };
}

/** A node:http server that answers `/fast` at once (`{"ok":true}`) and every other path after `ms` (`{}`). */
export async function slowServer(ms: number): Promise<SpareServer> {
  const timers = new Set<NodeJS.Timeout>();
  const server = await listenOnSparePort((request, response) => {
    if (request.url === '/fast') {
      response.end('{"ok":true}');
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      response.end('{}');
    }, ms);
    timers.add(timer);
  });
  const close = server.close;
  server.close = () => {
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    return close();
  };
  return server;
}

/** The error `promise` rejects with, if it is a `type`; any other outcome fails the test. */
export async function rejectionOf<E extends Error>(
  promise: Promise<unknown>,
  type: abstract new (...args: never[]) => E,
): Promise<E> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof type) return error;
    throw error;
  }
  throw new Error(`expected a ${type.name}`);
}
