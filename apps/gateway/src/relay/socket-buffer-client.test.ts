/**
 * What the socket buffer cap relies on of socket.io's Client (socket.io 4.8, pinned; private in its typings:
 * socket-buffer.ts `SocketIoClient`), on a bare socket.io server and a real client: `socket.client` is the Client
 * of the socket's engine connection and lists the socket; its `onclose(reason)` tells the socket `disconnect`
 * with that reason, once, and the engine connection's drop afterwards tells it nothing more, while the client
 * sees its transport close (and so reconnects, as a dropped tab does).
 */
import { createServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server, type Socket as ServerSocket } from 'socket.io';
import { io as connect, type Socket as ClientSocket } from 'socket.io-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dropSocket, socketIoClientOf, type EngineSocket } from './socket-buffer.ts';
import { until } from './testing/clients.ts';

let http: HttpServer;
let io: Server;
let client: ClientSocket | undefined;

beforeEach(async () => {
  http = createServer();
  io = new Server(http);
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
});

afterEach(async () => {
  client?.close();
  await io.close();
});

/** A connected websocket client, and the server's socket of it. */
async function connected(): Promise<ServerSocket> {
  const { port } = http.address() as AddressInfo;
  const accepted = new Promise<ServerSocket>((resolve) => io.once('connection', resolve));
  client = connect(`http://127.0.0.1:${port}`, { transports: ['websocket'], reconnection: false });
  return accepted;
}

describe("socket.io's Client of a connection", () => {
  it('is the socket’s engine connection’s and lists the socket', async () => {
    const socket = await connected();
    const ioClient = socketIoClientOf<ServerSocket>(socket);
    expect(ioClient.conn).toBe(socket.conn);
    expect([...ioClient.sockets.values()]).toEqual([socket]);
  });

  it('disconnects its socket with the reason it is closed with, once, also when the engine drops after', async () => {
    const socket = await connected();
    const reasons: string[] = [];
    socket.on('disconnect', (reason) => reasons.push(reason));
    const clientReasons: string[] = [];
    client!.on('disconnect', (reason) => clientReasons.push(reason));
    const ioClient = socketIoClientOf<ServerSocket>(socket);

    ioClient.onclose('buffer_over_cap');
    expect(reasons).toEqual(['buffer_over_cap']);
    expect(socket.connected).toBe(false);
    expect(ioClient.sockets.size).toBe(0);
    expect(io.of('/').sockets.has(socket.id)).toBe(false);

    const conn = socket.conn as unknown as EngineSocket;
    const closed = new Promise<string>((resolve) => socket.conn.once('close', resolve));
    dropSocket(conn);
    expect(await closed).toBe('forced close');
    await until(() => clientReasons.length > 0, 'the client to see its transport close');
    expect(clientReasons).toEqual(['transport close']);
    expect(reasons).toEqual(['buffer_over_cap']);
  });
});
