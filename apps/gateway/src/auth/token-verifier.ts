/**
 * Local verification of the provider's JWTs: the provider's published key set (auth.jwks), cached and fetched
 * again when a token names an unknown key; ES256 only, issuer and expiry checked, claims parsed with the
 * contracts' schema, and the gateway's revocation list consulted. A failure is a 401 with error_code 401.1.
 */
import { createLocalJWKSet, jwtVerify, errors as joseErrors, type JWTVerifyGetKey } from 'jose';
import {
  BACKEND_MESSAGES,
  JwksSchema,
  TokenClaimsSchema,
  type Jwks,
  type Role,
  type TokenClaims,
} from '@showfloor/contracts';
import { ProviderError, invalidTokenError } from '../provider/errors.ts';
import { RevocationList } from './revocations.ts';

/** The caller as the verified token says: identity comes only from here. */
export interface VerifiedUser {
  /** User id (`sub` as a number). */
  id: number;
  event_code: string;
  roles: Role[];
  /** Session id, for revocation. */
  sid: string;
  /** The raw token, forwarded to the provider. */
  token: string;
  claims: TokenClaims;
}

/** Settings of a token verifier. */
export interface TokenVerifierOptions {
  /** Fetches the provider's key set (the auth.jwks call through the provider client). */
  fetchJwks: () => Promise<unknown>;
  /** Expected `iss`; the claims schema pins it too. */
  issuer?: string;
  /** Shortest pause between two key-set fetches caused by unknown `kid`s. @default 5000 */
  jwksCooldownMs?: number;
  /** How long a fetched key set is used before it is fetched again. @default 600000 */
  jwksMaxAgeMs?: number;
  revocations?: RevocationList;
  /** Test clock. */
  now?: () => number;
}

/**
 * The provider's key set, cached: fetched on first use, again after `maxAgeMs`, and again (at most once per
 * cooldown) when a token names a key the cached set does not have, so a key rotation needs no restart.
 */
class CachedKeySet {
  #keys: { getKey: JWTVerifyGetKey; fetchedAt: number } | undefined;
  #loading: Promise<JWTVerifyGetKey> | undefined;

  constructor(
    private readonly fetchJwks: () => Promise<unknown>,
    private readonly cooldownMs: number,
    private readonly maxAgeMs: number,
    private readonly now: () => number,
  ) {}

  readonly getKey: JWTVerifyGetKey = async (header, token) => {
    const cached = this.#keys;
    const getKey =
      cached && this.now() - cached.fetchedAt < this.maxAgeMs ? cached.getKey : await this.#reload();
    try {
      return await getKey(header, token);
    } catch (error) {
      const fetchedAt = this.#keys?.fetchedAt ?? 0;
      if (error instanceof joseErrors.JWKSNoMatchingKey && this.now() - fetchedAt >= this.cooldownMs) {
        return (await this.#reload())(header, token);
      }
      throw error;
    }
  };

  #reload(): Promise<JWTVerifyGetKey> {
    // Concurrent verifications share one fetch.
    this.#loading ??= this.fetchJwks()
      .then((raw) => {
        const parsed = JwksSchema.safeParse(raw);
        if (!parsed.success) {
          throw new ProviderError(502, { message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE }, 'invalid-answer', {
            cause: parsed.error,
          });
        }
        const jwks: Jwks = parsed.data;
        const getKey = createLocalJWKSet(jwks as Parameters<typeof createLocalJWKSet>[0]);
        this.#keys = { getKey, fetchedAt: this.now() };
        return getKey;
      })
      .finally(() => {
        this.#loading = undefined;
      });
    return this.#loading;
  }
}

/** The only algorithm accepted: the provider signs ES256; `none` and HMAC swaps are refused by design. */
export const TOKEN_ALGORITHMS = ['ES256'];

/** Verifies bearer tokens locally. */
export class TokenVerifier {
  readonly revocations: RevocationList;
  readonly #keySet: JWTVerifyGetKey;
  readonly #issuer: string | undefined;
  readonly #now: () => number;

  constructor(options: TokenVerifierOptions) {
    this.revocations = options.revocations ?? new RevocationList();
    this.#issuer = options.issuer;
    this.#now = options.now ?? Date.now;
    this.#keySet = new CachedKeySet(
      options.fetchJwks,
      options.jwksCooldownMs ?? 5_000,
      options.jwksMaxAgeMs ?? 10 * 60 * 1000,
      this.#now,
    ).getKey;
  }

  /**
   * Verifies a token; answers the caller or throws a ProviderError 401 / 401.1 (missing, malformed, forged,
   * wrong algorithm, expired, wrong issuer, bad claims or revoked).
   */
  async verify(token: string | undefined | null): Promise<VerifiedUser> {
    if (!token) throw invalidTokenError('missing token');
    let payload: unknown;
    try {
      ({ payload } = await jwtVerify(token, this.#keySet, {
        algorithms: TOKEN_ALGORITHMS,
        currentDate: new Date(this.#now()),
        ...(this.#issuer === undefined ? {} : { issuer: this.#issuer }),
        requiredClaims: ['sub', 'exp', 'iat'],
      }));
    } catch (error) {
      // A key set we cannot fetch is the provider's outage (502/504), not the caller's fault.
      if (error instanceof ProviderError) throw error;
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) {
        throw invalidTokenError(error instanceof joseErrors.JOSEError ? error.code : 'malformed token');
      }
      throw error;
    }
    const claims = TokenClaimsSchema.safeParse(payload);
    if (!claims.success) throw invalidTokenError('claims do not match the contract');
    if (this.revocations.isRevoked(claims.data)) throw invalidTokenError('session revoked');
    this.revocations.noteSeen(claims.data.sid, claims.data.exp * 1000);
    return {
      id: Number(claims.data.sub),
      event_code: claims.data.event_code,
      roles: claims.data.roles,
      sid: claims.data.sid,
      token,
      claims: claims.data,
    };
  }
}

/** Reads the bearer token of an `Authorization` header; undefined when absent or not a bearer token. */
export function bearerToken(header: string | string[] | undefined): string | undefined {
  const value = Array.isArray(header) ? header[0] : header;
  if (!value) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(value);
  return match?.[1];
}
