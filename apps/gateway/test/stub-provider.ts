/**
 * A tiny stand-in provider for unit tests of the provider client and the token verifier: a JWKS of a real
 * ES256 key pair, a token signer, and whatever routes a test adds. The Done-when tests use the real mock
 * provider instead (test/mock-provider.ts).
 */
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWK } from 'jose';
import { TOKEN_ISSUER } from '@showfloor/contracts';

export interface StubProvider {
  app: FastifyInstance;
  url: string;
  /** Requests seen, by "METHOD /path" (query left out), JWKS fetches included. */
  hits: string[];
  sign(
    claims?: Partial<TokenClaimsInput>,
    options?: { expiresInSeconds?: number; kid?: string; key?: CryptoKey },
  ): Promise<string>;
  /** Session ids the stub's auth.sessionStatus calls over (every other named session is alive). */
  endedSessions: Set<string>;
  /** Publishes one more signing key (a key rotation); answers its kid and private key. */
  rotateKey(): Promise<{ kid: string; privateKey: CryptoKey }>;
  close(): Promise<void>;
}

export interface TokenClaimsInput {
  sub: string;
  event_code: string;
  roles: Array<{ role: string; room_id?: number; mode?: string }>;
  sid: string;
  iss: string;
}

export async function startStubProvider(setup?: (app: FastifyInstance) => void): Promise<StubProvider> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const keys: JWK[] = [{ ...(await exportJWK(publicKey)), kid: 'stub-1', alg: 'ES256', use: 'sig' }];
  const hits: string[] = [];
  const app = Fastify({ logger: false });
  app.addHook('onRequest', async (request) => {
    hits.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  app.get('/api/v1/auth/jwks', async () => ({ keys }));
  const endedSessions = new Set<string>();
  app.post('/api/v1/auth/sessions/status', async (request) => ({
    ended: ((request.body as { sids?: string[] }).sids ?? []).filter((sid) => endedSessions.has(sid)),
  }));
  setup?.(app);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url: address,
    hits,
    endedSessions,
    async sign(claims = {}, options = {}) {
      const now = Math.floor(Date.now() / 1000);
      const {
        sub = '1',
        event_code = 'DEMO',
        roles = [{ role: 'visitor' }],
        sid = 'sid-1',
        iss = TOKEN_ISSUER,
      } = claims;
      return new SignJWT({ event_code, roles, sid })
        .setProtectedHeader({ alg: 'ES256', kid: options.kid ?? 'stub-1' })
        .setSubject(sub)
        .setIssuer(iss)
        .setIssuedAt(now - 5)
        .setExpirationTime(now + (options.expiresInSeconds ?? 600))
        .sign(options.key ?? privateKey);
    },
    async rotateKey() {
      const rotated = await generateKeyPair('ES256', { extractable: true });
      const kid = `stub-${keys.length + 1}`;
      keys.push({ ...(await exportJWK(rotated.publicKey)), kid, alg: 'ES256', use: 'sig' });
      return { kid, privateKey: rotated.privateKey };
    },
    close: () => app.close(),
  };
}
