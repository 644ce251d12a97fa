/**
 * The per-user socket cap when a user's handshakes finish together: they wait on one session status answer
 * (handshakes in one tick share a request), so they resume in the same turn, before socket.io has put any of
 * them in `user:<id>`. A bare socket.io server with the handshake, a verifier stand-in and a session status
 * whose answer the test releases once every handshake is waiting for it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { Server } from 'socket.io';
import { RELAY_ERRORS, SOCKET_PATH, SOCKET_ROOMS, TOKEN_ISSUER } from '@showfloor/contracts';
import { RevocationList } from '../auth/revocations.ts';
import type { TokenVerifier, VerifiedUser } from '../auth/token-verifier.ts';
import { installHandshake } from './handshake.ts';
import type { RelayServer } from './io.ts';
import { createRelayMetrics } from './metrics.ts';
import type { SessionCheck, SessionStatus } from './session-status.ts';
import { createClient, open, until, type TestClient } from './testing/clients.ts';

const CAP = 2;
let stop: (() => Promise<void>) | undefined;
const clients: TestClient[] = [];

afterEach(async () => {
  for (const each of clients.splice(0)) each.close();
  await stop?.();
});

/** Every token is user 53's; the session status answers only when the test says so. */
async function startRelay(): Promise<{
  url: string;
  io: RelayServer;
  waiting: () => number;
  answer: () => void;
}> {
  const http = createServer();
  const io: RelayServer = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  const now = Math.floor(Date.now() / 1000);
  const verifier = {
    verify: async (token: string): Promise<VerifiedUser> => ({
      id: 53,
      event_code: 'DEMO',
      roles: [{ role: 'visitor' }],
      sid: 'sid-53',
      token,
      claims: {
        sub: '53',
        event_code: 'DEMO',
        roles: [{ role: 'visitor' }],
        sid: 'sid-53',
        iss: TOKEN_ISSUER,
        iat: now,
        exp: now + 600,
      },
    }),
  } as unknown as TokenVerifier;
  let waiting = 0;
  let release!: (check: SessionCheck) => void;
  const answer = new Promise<SessionCheck>((resolve) => (release = resolve));
  const status = {
    check: () => {
      waiting += 1;
      return answer;
    },
  } as unknown as SessionStatus;
  installHandshake(
    io,
    verifier,
    {
      allowedOrigins: [],
      maxConnections: 100,
      maxSocketsPerUser: CAP,
      trustsProxy: false,
      sessions: { status, revocations: new RevocationList() },
    },
    createRelayMetrics(new Registry()),
  );
  io.on('connection', (socket) => void socket.join(SOCKET_ROOMS.user(socket.data.userId)));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise((resolve) => void io.close(() => resolve()));
  const { port } = http.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    io,
    waiting: () => waiting,
    answer: () => release({ state: 'alive' }),
  };
}

describe('per-user socket cap', () => {
  it("admits no more than the cap when the user's handshakes finish in the same turn", async () => {
    const relay = await startRelay();
    const attempts = Array.from({ length: 5 }, () => createClient(relay.url, { token: 't', userId: 53 }));
    clients.push(...attempts);
    const outcomes = Promise.allSettled(attempts.map((attempt) => open(attempt)));
    await until(() => relay.waiting() === attempts.length, 'every handshake to wait for the session status');
    relay.answer();
    const settled = await outcomes;
    const refused = settled.flatMap((outcome) =>
      outcome.status === 'rejected' ? [(outcome.reason as Error).message] : [],
    );
    expect(settled.filter((outcome) => outcome.status === 'fulfilled')).toHaveLength(CAP);
    expect(refused).toEqual(Array.from({ length: 5 - CAP }, () => RELAY_ERRORS.TOO_MANY_SOCKETS));
    expect(relay.io.of('/').adapter.rooms.get(SOCKET_ROOMS.user(53))?.size).toBe(CAP);
  });
});
