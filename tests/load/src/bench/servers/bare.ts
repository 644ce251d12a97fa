/**
 * Bench system A: a bare socket.io 4.8 server on /messaging. It acks, then emits to the room (or to the
 * sender and recipients of a private message); no auth, no validation, no persistence. The ceiling the relay
 * is compared with. Usage: `bare.ts <port> <eventCode>`; prints `READY <port>` when listening.
 */
import { createServer } from 'node:http';
import { Server } from 'socket.io';

const port = Number(process.argv[2] ?? 0);
const topic = `chat_${process.argv[3] ?? 'DEMO'}`;

interface Payload {
  from?: number;
  to?: number[];
  room?: { id: number };
  room_id?: number;
}
type Ack = (answer: unknown) => void;

const http = createServer();
const io = new Server(http, { path: '/messaging', serveClient: false, transports: ['websocket', 'polling'] });
io.on('connection', (socket) => {
  void socket.join(`user:${String(socket.handshake.query.userId)}`);
  socket.on('user_room_events', (payload: Payload, ack?: Ack) => {
    void socket.join(`room:${payload.room_id}`);
    ack?.({ statusCode: 200 });
  });
  socket.on(topic, (payload: Payload, ack?: Ack) => {
    ack?.({ statusCode: 200 });
    const rooms =
      payload.to && payload.to.length > 0
        ? [`user:${payload.from}`, ...payload.to.map((id) => `user:${id}`)]
        : [`room:${payload.room?.id}`];
    io.to(rooms).emit(topic, payload);
  });
});
http.listen(port, '127.0.0.1', () => {
  const address = http.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : port}\n`);
});
process.on('SIGTERM', () => process.exit(0));
