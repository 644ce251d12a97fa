/**
 * The handshake: every connection (and every reconnection: there is no state recovery that skips it) passes
 * the node's connection cap, the exact Origin check, the provider token verified locally (signature, pinned
 * algorithm, issuer, expiry, revocation) and `userId` == the token's user. A refusal is a connect_error whose
 * message says why (RELAY_ERRORS).
 */
import {
  HandshakeAuthSchema,
  HandshakeQuerySchema,
  RELAY_ERRORS,
  type SocketData,
} from '@showfloor/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { ProviderError } from '../provider/errors.ts';
import type { RelayServer, RelaySocket } from './io.ts';
import type { RelayMetrics } from './metrics.ts';

/** Settings of the handshake check. */
export interface HandshakeOptions {
  /** Browser origins allowed besides the gateway's own (exact match). */
  allowedOrigins: readonly string[];
  /** Most sockets this node holds. */
  maxConnections: number;
}

/** A refusal: socket.io sends `message` (and `data`) to the client as its connect_error. */
class HandshakeError extends Error {
  readonly data: { reason: string };
  constructor(message: string, reason: string) {
    super(message);
    this.data = { reason };
  }
}

/** The text for a verifier failure: expired, ended, or anything else invalid. */
function tokenFailure(error: unknown): HandshakeError {
  if (error instanceof ProviderError && error.status === 401) {
    const cause = error.cause instanceof Error ? error.cause.message : '';
    if (cause === 'ERR_JWT_EXPIRED') return new HandshakeError(RELAY_ERRORS.TOKEN_EXPIRED, 'token_expired');
    if (cause === 'session revoked') return new HandshakeError(RELAY_ERRORS.TOKEN_REVOKED, 'token_revoked');
    if (cause === 'missing token') return new HandshakeError(RELAY_ERRORS.TOKEN_MISSING, 'token_missing');
    return new HandshakeError(RELAY_ERRORS.TOKEN_INVALID, 'token_invalid');
  }
  // The key set could not be fetched: the provider's outage, not the client's fault.
  return new HandshakeError(RELAY_ERRORS.AUTH_UNAVAILABLE, 'auth_unavailable');
}

/**
 * True when a browser's Origin may open a socket: absent (not a browser), one of the allowed origins, or the
 * gateway's own origin (same-origin pages). Exact string comparison only.
 */
export function isOriginAllowed(
  headers: IncomingHttpHeaders,
  isSecure: boolean,
  allowed: readonly string[],
): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  const forwardedProto = headers['x-forwarded-proto'];
  const proto = isSecure || forwardedProto === 'https' ? 'https' : 'http';
  const host = headers['x-forwarded-host'] ?? headers.host;
  return typeof host === 'string' && origin === `${proto}://${host}`;
}

/** Installs the handshake middleware on `io`. */
export function installHandshake(
  io: RelayServer,
  verifier: TokenVerifier,
  options: HandshakeOptions,
  metrics: RelayMetrics,
): void {
  io.use((socket: RelaySocket, next) => {
    authenticate(socket).then(
      (data) => {
        socket.data = data;
        next();
      },
      (error: unknown) => {
        const refusal =
          error instanceof HandshakeError
            ? error
            : new HandshakeError(RELAY_ERRORS.TOKEN_INVALID, 'token_invalid');
        metrics.connectionsRefused.inc({ reason: refusal.data.reason });
        next(refusal);
      },
    );
  });

  async function authenticate(socket: RelaySocket): Promise<SocketData> {
    const { handshake } = socket;
    // The engine counts this connection already.
    if (io.engine.clientsCount > options.maxConnections)
      throw new HandshakeError(RELAY_ERRORS.SERVER_FULL, 'server_full');
    if (!isOriginAllowed(handshake.headers, handshake.secure, options.allowedOrigins)) {
      throw new HandshakeError(RELAY_ERRORS.ORIGIN_FORBIDDEN, 'origin_forbidden');
    }
    const auth = HandshakeAuthSchema.safeParse(handshake.auth);
    if (!auth.success) throw new HandshakeError(RELAY_ERRORS.TOKEN_MISSING, 'token_missing');
    const query = HandshakeQuerySchema.safeParse(handshake.query);
    if (!query.success) throw new HandshakeError(RELAY_ERRORS.QUERY_INVALID, 'query_invalid');
    let user;
    try {
      user = await verifier.verify(auth.data.token);
    } catch (error) {
      throw tokenFailure(error);
    }
    if (query.data.userId !== user.claims.sub)
      throw new HandshakeError(RELAY_ERRORS.USER_MISMATCH, 'user_mismatch');
    return {
      userId: user.id,
      eventCode: user.event_code,
      roles: user.roles,
      sid: user.sid,
      issuedAt: user.claims.iat,
      expiresAt: user.claims.exp * 1000,
      token: user.token,
      frontend: query.data.frontend,
    };
  }
}
