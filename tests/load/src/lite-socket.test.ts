import { createServer, type Server as HttpServer } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Server } from 'socket.io';
import { LiteSocket } from './lite-socket.ts';

let http: HttpServer;
let io: Server;
let url: string;

beforeAll(async () => {
  http = createServer();
  io = new Server(http, {
    path: '/messaging',
    transports: ['websocket'],
    pingInterval: 200,
    pingTimeout: 200,
  });
  io.use((socket, next) => {
    const token = (socket.handshake.auth as { token?: string }).token;
    if (token === 'good') next();
    else next(new Error('Authentication failed: invalid token.'));
  });
  io.on('connection', (socket) => {
    void socket.join(String(socket.handshake.query.userId));
    socket.on('echo', (payload: unknown, ack: (answer: unknown) => void) => {
      ack({ statusCode: 200, payload });
      io.to(String(socket.handshake.query.userId)).emit('echoed', payload);
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(async () => {
  await io.close();
});

describe('LiteSocket', () => {
  it('connects with auth and query, acks emits and hears events', async () => {
    const socket = new LiteSocket({ url, auth: { token: 'good' }, query: { userId: '7' } });
    await socket.connect();
    const heard: unknown[] = [];
    socket.on('echoed', (payload) => heard.push(payload));
    expect(await socket.request('echo', { text: 'hi [1]' })).toEqual({
      statusCode: 200,
      payload: { text: 'hi [1]' },
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(heard).toEqual([{ text: 'hi [1]' }]);
    // Survives several ping intervals (answers pings).
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(socket.connected).toBe(true);
    socket.close();
  });

  it("rejects with the server's connect_error message and does not reconnect", async () => {
    const socket = new LiteSocket({
      url,
      auth: { token: 'bad' },
      query: { userId: '8' },
      reconnectDelayMs: 10,
    });
    await expect(socket.connect()).rejects.toThrow('Authentication failed: invalid token.');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(socket.reconnects).toBe(0);
  });

  it('reconnects after the server drops the connection', async () => {
    const socket = new LiteSocket({
      url,
      auth: { token: 'good' },
      query: { userId: '9' },
      reconnectDelayMs: 20,
    });
    await socket.connect();
    let connects = 0;
    socket.onConnect = () => (connects += 1);
    io.in('9').disconnectSockets(true);
    const deadline = Date.now() + 3000;
    while (connects === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(socket.reconnects).toBe(1);
    expect(socket.connected).toBe(true);
    socket.close();
  });
});
