/**
 * A TCP proxy in front of a Redis, for the tests of a Redis that goes away in the ways a close does not show:
 * `hang()` is a host that crashed or a partition (no FIN, no RST): every connection stays open and nothing
 * passes either way, ever again, and new connections are accepted and never answered; `cut()` closes every
 * connection and refuses new ones (a blip, seen by this proxy's clients only); `restore()` forwards new
 * connections again (the connections hung before stay hung).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  /** `redis://127.0.0.1:<port>`. */
  url: string;
  /** Connections accepted so far. */
  accepted(): number;
  hang(): void;
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

/** Starts a proxy to `target` (`host:port`) on a spare loopback port. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'forward' | 'hang' | 'cut' = 'forward';
  let accepted = 0;
  const clients = new Set<Socket>();
  const upstreams = new Set<Socket>();
  const server: Server = createServer((client) => {
    accepted += 1;
    clients.add(client);
    client.once('close', () => clients.delete(client));
    client.on('error', () => undefined);
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    // Accepted and never answered: what a hung host's listening socket (or a SYN-proxying middlebox) does.
    if (mode === 'hang') {
      client.pause();
      return;
    }
    const upstream = connect(target.port, target.host);
    upstreams.add(upstream);
    upstream.on('error', () => client.destroy());
    upstream.once('close', () => {
      upstreams.delete(upstream);
      if (mode === 'forward') client.destroy();
    });
    client.once('close', () => upstream.destroy());
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no proxy port');
  return {
    url: `redis://127.0.0.1:${address.port}`,
    accepted: () => accepted,
    hang() {
      mode = 'hang';
      // Nothing passes either way from now on: the pipes are undone and both sides read nothing.
      for (const client of clients) {
        client.unpipe();
        client.pause();
      }
      for (const upstream of upstreams) {
        upstream.unpipe();
        upstream.pause();
      }
    },
    cut() {
      mode = 'cut';
      for (const client of clients) client.destroy();
    },
    restore() {
      mode = 'forward';
    },
    async close() {
      for (const client of clients) client.destroy();
      for (const upstream of upstreams) upstream.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
