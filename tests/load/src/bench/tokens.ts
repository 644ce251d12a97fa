/**
 * Bench identities: one ES256 key pair whose public JWK the instant provider publishes, and a provider-shaped
 * token per virtual user (signed with node:crypto, no round trips).
 */
import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import { TOKEN_ISSUER } from '@showfloor/contracts';

export interface BenchKeys {
  jwk: Record<string, unknown>;
  tokenFor(userId: number): string;
}

const encode = (value: unknown): string => Buffer.from(JSON.stringify(value)).toString('base64url');

export function benchKeys(eventCode: string): BenchKeys {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = 'bench-1';
  const jwk = {
    ...(publicKey.export({ format: 'jwk' }) as Record<string, unknown>),
    kid,
    alg: 'ES256',
    use: 'sig',
  };
  const header = encode({ alg: 'ES256', kid, typ: 'JWT' });
  return {
    jwk,
    tokenFor(userId) {
      const now = Math.floor(Date.now() / 1000);
      const claims = encode({
        sub: String(userId),
        event_code: eventCode,
        roles: [{ role: 'visitor' }],
        sid: `bench-${userId}`,
        iat: now,
        exp: now + 6 * 60 * 60,
        iss: TOKEN_ISSUER,
      });
      return `${header}.${claims}.${signature(privateKey, `${header}.${claims}`)}`;
    },
  };
}

function signature(key: KeyObject, data: string): string {
  return sign('sha256', Buffer.from(data), { key, dsaEncoding: 'ieee-p1363' }).toString('base64url');
}
