/**
 * Calibration target: a trivial `ws` echo server (every frame straight back), so the generator's own ceiling
 * is measured with a server that costs next to nothing. Usage: `echo.ts <port>`; prints `READY <port>`.
 */
import { WebSocketServer } from 'ws';

const server = new WebSocketServer({
  port: Number(process.argv[2] ?? 0),
  host: '127.0.0.1',
  perMessageDeflate: false,
});
server.on('connection', (socket) => {
  socket.on('message', (data, isBinary) => socket.send(data, { binary: isBinary }));
});
server.on('listening', () => {
  const address = server.address();
  process.stdout.write(`READY ${typeof address === 'object' && address ? address.port : String(address)}\n`);
});
process.on('SIGTERM', () => process.exit(0));
