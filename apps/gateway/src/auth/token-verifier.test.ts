import { afterEach, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair, exportJWK, base64url } from 'jose';
import { ERROR_CODES } from '@showfloor/contracts';
import { rejectionOf } from '../../test/http-server.ts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { ProviderClient } from '../provider/client.ts';
import { ProviderError } from '../provider/errors.ts';
import { TokenVerifier } from './token-verifier.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function setup(): Promise<{
  provider: StubProvider;
  verifier: TokenVerifier;
  jwksFetches: () => number;
}> {
  const provider = await startStubProvider();
  const client = new ProviderClient({ baseUrl: provider.url, timeoutMs: 2_000 });
  cleanups.push(
    () => provider.close(),
    () => client.close(),
  );
  const verifier = new TokenVerifier({ fetchJwks: () => client.call('auth', 'jwks', {}), jwksCooldownMs: 0 });
  return {
    provider,
    verifier,
    jwksFetches: () => provider.hits.filter((hit) => hit.endsWith('/jwks')).length,
  };
}

const refusal = (promise: Promise<unknown>): Promise<ProviderError> => rejectionOf(promise, ProviderError);

describe('TokenVerifier', () => {
  it('answers the caller from a valid token and caches the key set', async () => {
    const { provider, verifier, jwksFetches } = await setup();
    const token = await provider.sign({ sub: '7', roles: [{ role: 'admin' }], sid: 's-7' });
    const user = await verifier.verify(token);
    expect(user).toMatchObject({ id: 7, event_code: 'DEMO', sid: 's-7', token, roles: [{ role: 'admin' }] });
    await verifier.verify(token);
    expect(jwksFetches()).toBe(1);
  });

  it.each([
    ['missing', async () => undefined],
    ['garbage', async () => 'not.a.token'],
    ['expired', async (p: StubProvider) => p.sign({}, { expiresInSeconds: -60 })],
    ['wrong issuer', async (p: StubProvider) => p.sign({ iss: 'someone-else' })],
    [
      'forged (signed by another key)',
      async (p: StubProvider) => p.sign({}, { key: (await generateKeyPair('ES256')).privateKey }),
    ],
    [
      "alg 'none'",
      async () => {
        const header = base64url.encode(JSON.stringify({ alg: 'none', typ: 'JWT', kid: 'stub-1' }));
        const now = Math.floor(Date.now() / 1000);
        const claims = {
          sub: '1',
          event_code: 'DEMO',
          roles: [],
          sid: 's',
          iat: now,
          exp: now + 600,
          iss: 'showfloor-mock-provider',
        };
        return `${header}.${base64url.encode(JSON.stringify(claims))}.`;
      },
    ],
    [
      'HS256 keyed with the public key (algorithm swap)',
      async () => {
        const { publicKey } = await generateKeyPair('ES256', { extractable: true });
        const secret = new TextEncoder().encode(JSON.stringify(await exportJWK(publicKey)));
        return new SignJWT({ event_code: 'DEMO', roles: [], sid: 's' })
          .setProtectedHeader({ alg: 'HS256', kid: 'stub-1' })
          .setSubject('1')
          .setIssuer('showfloor-mock-provider')
          .setIssuedAt()
          .setExpirationTime('10m')
          .sign(secret);
      },
    ],
    ['bad claims (non-numeric sub)', async (p: StubProvider) => p.sign({ sub: 'ada' })],
  ])('refuses a %s token with 401 / 401.1', async (_name, make) => {
    const { provider, verifier } = await setup();
    const error = await refusal(verifier.verify(await make(provider)));
    expect(error.status).toBe(401);
    expect(error.error_code).toBe(ERROR_CODES.INVALID_TOKEN);
  });

  it('refuses a revoked session', async () => {
    const { provider, verifier } = await setup();
    const token = await provider.sign({ sid: 'gone' });
    verifier.revocations.revokeSession('gone', Date.now() + 60_000);
    expect((await refusal(verifier.verify(token))).error_code).toBe('401.1');
  });

  it('fetches the key set again when a token names an unknown key (rotation)', async () => {
    const { provider, verifier, jwksFetches } = await setup();
    await verifier.verify(await provider.sign());
    const rotated = await provider.rotateKey();
    const user = await verifier.verify(
      await provider.sign({ sub: '9' }, { kid: rotated.kid, key: rotated.privateKey }),
    );
    expect(user.id).toBe(9);
    expect(jwksFetches()).toBe(2);
  });

  it('reports an unreachable key set as the provider being down, not as a bad token', async () => {
    const client = new ProviderClient({ baseUrl: 'http://127.0.0.1:1', timeoutMs: 500 });
    cleanups.push(() => client.close());
    const verifier = new TokenVerifier({ fetchJwks: () => client.call('auth', 'jwks', {}) });
    const provider = await startStubProvider();
    cleanups.push(() => provider.close());
    const error = await refusal(verifier.verify(await provider.sign()));
    expect(error.status).toBe(502);
  });
});
