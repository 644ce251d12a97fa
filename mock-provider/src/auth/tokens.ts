/**
 * Token signing for the mock provider: one ES256 key pair per process (a restart invalidates every token, as a
 * key rotation would, unless the key comes back from the state file), published as a JWKS so the gateway
 * verifies tokens without calling back.
 */
import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  randomUUID,
  type KeyObject,
} from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import type { SigningKeyData } from '../store/snapshot.ts';
import { TOKEN_ISSUER, TokenClaimsSchema, type Jwk, type Jwks, type TokenClaims } from '@showfloor/contracts';

const ALG = 'ES256';
/** Verified tokens remembered (oldest dropped first). */
const VERIFIED_CACHE_SIZE = 10_000;

export class TokenSigner {
  private readonly privateKey: KeyObject;
  private readonly publicKey: KeyObject;
  readonly publicJwk: Jwk;
  readonly kid: string;
  private readonly verified = new Map<string, TokenClaims>();

  /** @param saved the key of an earlier run (PKCS#8 PEM and kid); absent = a new key pair. */
  constructor(
    private readonly now: () => number,
    saved?: SigningKeyData,
  ) {
    if (saved) {
      this.privateKey = createPrivateKey(saved.pkcs8);
      this.publicKey = createPublicKey(this.privateKey);
      this.kid = saved.kid;
    } else {
      const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      this.privateKey = pair.privateKey;
      this.publicKey = pair.publicKey;
      this.kid = `mock-${randomUUID().slice(0, 8)}`;
    }
    const { publicKey } = this;
    const jwk = publicKey.export({ format: 'jwk' });
    this.publicJwk = {
      kty: String(jwk.kty),
      crv: jwk.crv,
      x: jwk.x,
      y: jwk.y,
      kid: this.kid,
      alg: ALG,
      use: 'sig',
    };
  }

  /** Signs the claims of a session; `iat`/`exp` come from the injected clock. */
  async sign(claims: Omit<TokenClaims, 'iat' | 'exp' | 'iss'>, ttlSeconds: number): Promise<string> {
    const iat = Math.floor(this.now() / 1000);
    return new SignJWT({ event_code: claims.event_code, roles: claims.roles, sid: claims.sid })
      .setProtectedHeader({ alg: ALG, kid: this.kid, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(TOKEN_ISSUER)
      .setIssuedAt(iat)
      .setExpirationTime(iat + ttlSeconds)
      .sign(this.privateKey);
  }

  /** Verifies signature, issuer and expiry against the injected clock; `null` when any check fails. */
  async verify(token: string): Promise<TokenClaims | null> {
    // A signature, once checked, stays valid: remembering it keeps ECDSA off the per-request path (load tests).
    const known = this.verified.get(token);
    if (known) return known.exp * 1000 > this.now() ? known : null;
    try {
      const { payload } = await jwtVerify(token, this.publicKey, {
        issuer: TOKEN_ISSUER,
        algorithms: [ALG],
        currentDate: new Date(this.now()),
      });
      const parsed = TokenClaimsSchema.safeParse(payload);
      if (!parsed.success) return null;
      if (this.verified.size >= VERIFIED_CACHE_SIZE) {
        const oldest = this.verified.keys().next().value;
        if (oldest !== undefined) this.verified.delete(oldest);
      }
      this.verified.set(token, parsed.data);
      return parsed.data;
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }

  /** The signing key, for the state file. */
  signingKey(): SigningKeyData {
    return { pkcs8: this.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), kid: this.kid };
  }

  /** The JWKS document. */
  jwks(): Jwks {
    return { keys: [this.publicJwk] };
  }
}
