/**
 * The handshake and the per-connection rules, against a stub provider (its JWKS and signer): who may connect,
 * with which connect_error, and what happens to a connection that misbehaves.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import { RELAY_ERRORS, TOKEN_ISSUER } from '@showfloor/contracts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { connectAs, createClient, open, refusal, settle, until, type TestClient } from './testing/clients.ts';

const ORIGIN = 'https://app.example.com';
let provider: StubProvider;
let gateway: RunningGateway;
const clients: TestClient[] = [];

async function client(options: Parameters<typeof connectAs>[1]): Promise<TestClient> {
  const connected = await connectAs(gateway.url, options);
  clients.push(connected);
  return connected;
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString('base64url');
}

beforeAll(async () => {
  provider = await startStubProvider();
  gateway = await startGateway(provider.url, {
    WEB_ORIGIN: ORIGIN,
    RELAY_EMITS_PER_SECOND: '5',
    RELAY_EMIT_BURST: '5',
    RELAY_MAX_CONNECTIONS: '6',
    RELAY_MAX_SOCKETS_PER_USER: '2',
  });
});
afterAll(async () => {
  for (const each of clients) each.close();
  await gateway?.close();
  await provider?.close();
});

describe('relay handshake', () => {
  it('accepts a valid token whose user matches userId', async () => {
    const token = await provider.sign({ sub: '11' });
    const connected = await client({ token, userId: 11 });
    expect(connected.socket.connected).toBe(true);
  });

  it('works over long-polling and after an upgrade from polling to websocket', async () => {
    const token = await provider.sign({ sub: '13', sid: 'sid-13' });
    for (const transports of [['polling'], ['polling', 'websocket']] as const) {
      const client = createClient(gateway.url, { token, userId: 13 });
      client.socket.io.opts.transports = [...transports];
      clients.push(await open(client));
      expect(await client.request('user_status_changes', { user_id: 13, user_status: 'available' })).toEqual({
        statusCode: 200,
      });
      if (transports.length === 2)
        await until(() => client.socket.io.engine.transport.name === 'websocket', 'the upgrade');
      expect(await client.request('no_such_topic', {})).toEqual({
        statusCode: 400,
        message: RELAY_ERRORS.TOPIC_INVALID,
      });
    }
  });

  it('asks the provider whether the session is alive: an ended one is refused, and stays refused', async () => {
    const token = await provider.sign({ sub: '21', sid: 'sid-ended-at-provider' });
    provider.endedSessions.add('sid-ended-at-provider');
    const asked = provider.hits.filter((hit) => hit === 'POST /api/v1/auth/sessions/status').length;
    expect(await refusal(gateway.url, { token, userId: 21 })).toBe(RELAY_ERRORS.TOKEN_REVOKED);
    expect(provider.hits.filter((hit) => hit === 'POST /api/v1/auth/sessions/status').length).toBe(asked + 1);
    // Recorded as revoked: the next handshake is refused without asking again.
    provider.endedSessions.delete('sid-ended-at-provider');
    expect(await refusal(gateway.url, { token, userId: 21 })).toBe(RELAY_ERRORS.TOKEN_REVOKED);
    expect(provider.hits.filter((hit) => hit === 'POST /api/v1/auth/sessions/status').length).toBe(asked + 1);
  });

  it('refuses a missing token', async () => {
    expect(await refusal(gateway.url, { userId: 11 })).toBe(RELAY_ERRORS.TOKEN_MISSING);
  });

  it('refuses an expired token', async () => {
    const token = await provider.sign({ sub: '11' }, { expiresInSeconds: -60 });
    expect(await refusal(gateway.url, { token, userId: 11 })).toBe(RELAY_ERRORS.TOKEN_EXPIRED);
  });

  it('refuses a token signed by another key', async () => {
    const { privateKey } = await generateKeyPair('ES256');
    const token = await provider.sign({ sub: '11' }, { key: privateKey });
    expect(await refusal(gateway.url, { token, userId: 11 })).toBe(RELAY_ERRORS.TOKEN_INVALID);
  });

  it('refuses an alg none token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = {
      sub: '11',
      event_code: 'DEMO',
      roles: [{ role: 'admin' }],
      sid: 's',
      iss: TOKEN_ISSUER,
      iat: now,
      exp: now + 600,
    };
    const token = `${base64url({ alg: 'none', typ: 'JWT' })}.${base64url(claims)}.`;
    expect(await refusal(gateway.url, { token, userId: 11 })).toBe(RELAY_ERRORS.TOKEN_INVALID);
  });

  it('refuses a token whose algorithm was swapped to HS256 with the public key as secret', async () => {
    const jwks = (await (await fetch(`${provider.url}/api/v1/auth/jwks`)).json()) as { keys: unknown[] };
    const secret = new TextEncoder().encode(JSON.stringify(jwks.keys[0]));
    const token = await new SignJWT({ event_code: 'DEMO', roles: [{ role: 'admin' }], sid: 's' })
      .setProtectedHeader({ alg: 'HS256', kid: 'stub-1' })
      .setSubject('11')
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt()
      .setExpirationTime('10m')
      .sign(secret);
    expect(await refusal(gateway.url, { token, userId: 11 })).toBe(RELAY_ERRORS.TOKEN_INVALID);
  });

  it("refuses a userId that is not the token's user", async () => {
    const token = await provider.sign({ sub: '11' });
    expect(await refusal(gateway.url, { token, userId: 12 })).toBe(RELAY_ERRORS.USER_MISMATCH);
    expect(await refusal(gateway.url, { token })).toBe(RELAY_ERRORS.QUERY_INVALID);
  });

  it('lets a browser in only from an allowed origin, matched exactly', async () => {
    const token = await provider.sign({ sub: '11' });
    await client({ token, userId: 11, headers: { origin: ORIGIN } });
    for (const origin of [
      'https://evil.example.com',
      `${ORIGIN}.evil.com`,
      'https://app.example.co',
      'null',
    ]) {
      expect(await refusal(gateway.url, { token, userId: 11, headers: { origin } })).toBe(
        RELAY_ERRORS.ORIGIN_FORBIDDEN,
      );
    }
  });

  it('reads the own origin from X-Forwarded-Host only when a proxy hop is configured', async () => {
    const token = await provider.sign({ sub: '14' });
    const forged = {
      origin: 'https://evil.example',
      'x-forwarded-host': 'evil.example',
      'x-forwarded-proto': 'https',
    };
    // No TRUST_PROXY_HOPS here: the forwarded headers are anyone's words.
    expect(await refusal(gateway.url, { token, userId: 14, headers: forged })).toBe(
      RELAY_ERRORS.ORIGIN_FORBIDDEN,
    );
    // The gateway's own origin by Host is still same-origin.
    const before = gateway.app.relay.io.engine.clientsCount;
    const sameOrigin = await connectAs(gateway.url, { token, userId: 14, headers: { origin: gateway.url } });
    sameOrigin.close();
    await until(() => gateway.app.relay.io.engine.clientsCount === before, 'the socket to close');
    const proxied = await startGateway(provider.url, { WEB_ORIGIN: ORIGIN, TRUST_PROXY_HOPS: '1' });
    try {
      const behindProxy = await connectAs(proxied.url, {
        token,
        userId: 14,
        headers: {
          origin: 'https://shows.example',
          'x-forwarded-host': 'shows.example',
          'x-forwarded-proto': 'https',
        },
      });
      expect(behindProxy.socket.connected).toBe(true);
      behindProxy.close();
    } finally {
      await proxied.close();
    }
  });

  it('refuses a revoked session and closes its open socket within seconds', async () => {
    const token = await provider.sign({ sub: '21', sid: 'sid-revoked' });
    const connected = await client({ token, userId: 21 });
    const started = Date.now();
    gateway.app.gatewayDeps.revocations.revokeSession('sid-revoked', Date.now() + 600_000, '21');
    await until(() => !connected.socket.connected, 'the revoked socket to close', 5_000);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(await refusal(gateway.url, { token, userId: 21 })).toBe(RELAY_ERRORS.TOKEN_REVOKED);
  });
});

describe('relay emits', () => {
  it("acks an unknown topic with 'the socket topic is invalid' and keeps the socket usable", async () => {
    const token = await provider.sign({ sub: '31', sid: 'sid-31' });
    const connected = await client({ token, userId: 31 });
    expect(await connected.request('no_such_topic', {})).toEqual({
      statusCode: 400,
      message: 'the socket topic is invalid',
    });
    expect(await connected.request('chat', {})).toEqual({
      statusCode: 400,
      message: 'the socket topic is invalid',
    });
    expect(await connected.request('user_access_change', {})).toEqual({
      statusCode: 400,
      message: RELAY_ERRORS.TOPIC_SERVER_ONLY,
    });
    expect(await connected.request('user_status_changes', { user_id: 31, user_status: 'busy' })).toEqual({
      statusCode: 200,
    });
    expect(connected.socket.connected).toBe(true);
  });

  it('acks 400 beyond the emit rate and disconnects a connection that keeps hammering', async () => {
    const token = await provider.sign({ sub: '41', sid: 'sid-41' });
    const connected = await client({ token, userId: 41 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        connected.request<{ statusCode: number; message?: string }>('user_status_changes', {
          user_id: 41,
          user_status: 'busy',
        }),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === RELAY_ERRORS.RATE_LIMITED)).toHaveLength(3);
    expect(connected.socket.connected).toBe(true);
    for (let index = 0; index < 10; index += 1)
      connected.socket.emit('user_status_changes', { user_id: 41, user_status: 'busy' }, () => {});
    await until(() => !connected.socket.connected, 'the abusive socket to be disconnected');
  });

  it("refuses a user's socket above the per-user cap with a clear reason, and takes one again after a close", async () => {
    for (const each of clients.splice(0)) each.close();
    await until(() => gateway.app.relay.io.engine.clientsCount === 0, 'the earlier sockets to close');
    const token = await provider.sign({ sub: '51', sid: 'sid-51' });
    const first = await client({ token, userId: 51 });
    await client({ token, userId: 51 });
    expect(await refusal(gateway.url, { token, userId: 51 })).toBe(RELAY_ERRORS.TOO_MANY_SOCKETS);
    // Another user is not counted against user 51.
    await client({ token: await provider.sign({ sub: '52', sid: 'sid-52' }), userId: 52 });
    first.close();
    await until(() => gateway.app.relay.io.of('/').adapter.rooms.get('user:51')?.size === 1, 'the close');
    const again = await client({ token, userId: 51 });
    expect(again.socket.connected).toBe(true);
  });

  it('refuses connections above the per-node cap with a clear message', async () => {
    const extra: TestClient[] = [];
    const cap = gateway.app.relay.options.maxConnections;
    const open = gateway.app.relay.io.engine.clientsCount;
    for (let index = open; index < cap; index += 1) {
      extra.push(
        await client({ token: await provider.sign({ sub: String(100 + index) }), userId: 100 + index }),
      );
    }
    const token = await provider.sign({ sub: '99' });
    expect(await refusal(gateway.url, { token, userId: 99 })).toBe(RELAY_ERRORS.SERVER_FULL);
    for (const each of extra) each.close();
    await settle(100);
  });
});
