/**
 * A handshake whose session the provider calls over is refused, and the session is revoked on every node with
 * the provider's reason, so the session's other sockets are told what that way of ending gets (a replaced one
 * hears `logout`, sessions.ts); without a reason (an older provider) it is revoked as a sign-out, as before.
 * A bare socket.io server with the handshake, a verifier stand-in and a session status stand-in.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { Registry } from 'prom-client';
import { Server } from 'socket.io';
import { RELAY_ERRORS, SOCKET_PATH, TOKEN_ISSUER } from '@showfloor/contracts';
import { RevocationList, type Revocation } from '../auth/revocations.ts';
import type { TokenVerifier, VerifiedUser } from '../auth/token-verifier.ts';
import { installHandshake } from './handshake.ts';
import type { RelayServer } from './io.ts';
import { createRelayMetrics } from './metrics.ts';
import type { SessionCheck, SessionStatus } from './session-status.ts';
import { refusal } from './testing/clients.ts';

let stop: (() => Promise<void>) | undefined;

afterEach(async () => {
  await stop?.();
  stop = undefined;
});

/** Every token is user 54's session `sid-54`; the session status answers `answer`. */
async function startRelay(answer: SessionCheck): Promise<{ url: string; revoked: Revocation[] }> {
  const http = createServer();
  const io: RelayServer = new Server(http, { path: SOCKET_PATH, transports: ['websocket'] });
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    sub: '54',
    event_code: 'DEMO',
    roles: [{ role: 'visitor' as const }],
    sid: 'sid-54',
    iss: TOKEN_ISSUER,
    iat: now,
    exp: now + 600,
  };
  const verifier = {
    verify: async (token: string): Promise<VerifiedUser> =>
      ({ id: 54, event_code: 'DEMO', roles: claims.roles, sid: 'sid-54', token, claims }) as VerifiedUser,
  } as unknown as TokenVerifier;
  const status = { check: async () => answer } as unknown as SessionStatus;
  const revocations = new RevocationList();
  const revoked: Revocation[] = [];
  revocations.onRevoke((revocation) => revoked.push(revocation));
  installHandshake(
    io,
    verifier,
    {
      allowedOrigins: [],
      maxConnections: 100,
      maxSocketsPerUser: 10,
      trustsProxy: false,
      sessions: { status, revocations },
    },
    createRelayMetrics(new Registry()),
  );
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  stop = () => new Promise((resolve) => void io.close(() => resolve()));
  const { port } = http.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, revoked };
}

describe('a handshake of a session the provider calls over', () => {
  it("is refused, and the session revoked with the provider's reason", async () => {
    const relay = await startRelay({ state: 'ended', reason: 'replaced' });
    expect(await refusal(relay.url, { token: 't', userId: 54 })).toBe(RELAY_ERRORS.TOKEN_REVOKED);
    expect(relay.revoked).toEqual([
      { kind: 'session', sid: 'sid-54', userId: '54', expiresAt: expect.any(Number), reason: 'replaced' },
    ]);
  });

  it('without a reason (an older provider): revoked as a sign-out', async () => {
    const relay = await startRelay({ state: 'ended' });
    expect(await refusal(relay.url, { token: 't', userId: 54 })).toBe(RELAY_ERRORS.TOKEN_REVOKED);
    expect(relay.revoked).toEqual([
      { kind: 'session', sid: 'sid-54', userId: '54', expiresAt: expect.any(Number) },
    ]);
  });
});
