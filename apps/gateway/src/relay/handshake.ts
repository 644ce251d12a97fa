/**
 * The handshake: every connection (and every reconnection: there is no state recovery that skips it) passes
 * the node's connection cap, the exact Origin check, the provider token verified locally (signature, pinned
 * algorithm, issuer, expiry, revocation), `userId` == the token's user, and the session still alive at the
 * provider (asked, with a short cache: session-status.ts). A refusal is a connect_error whose message says why
 * (RELAY_ERRORS).
 */
import {
  HandshakeAuthSchema,
  HandshakeQuerySchema,
  RELAY_ERRORS,
  SOCKET_ROOMS,
  type SocketData,
} from '@showfloor/contracts';
import type { IncomingHttpHeaders } from 'node:http';
import type { RevocationList } from '../auth/revocations.ts';
import { ownOrigin } from '../http/own-origin.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import { ProviderError } from '../provider/errors.ts';
import type { RelayServer, RelaySocket } from './io.ts';
import type { RelayMetrics } from './metrics.ts';
import type { SessionStatus } from './session-status.ts';

/** Settings of the handshake check. */
export interface HandshakeOptions {
  /** Browser origins allowed besides the gateway's own (exact match). */
  allowedOrigins: readonly string[];
  /** Most sockets this node holds. */
  maxConnections: number;
  /** Most sockets one user holds on this node; more are refused with TOO_MANY_SOCKETS. */
  maxSocketsPerUser: number;
  /**
   * Whether a proxy hop is configured in front (TRUST_PROXY_HOPS > 0): only then do X-Forwarded-Host and
   * X-Forwarded-Proto name the gateway's own origin; without one anyone could send them.
   */
  trustsProxy: boolean;
  /**
   * Asks the provider whether the token's session is still alive (a session ended at the provider directly is
   * refused here); an ended one is recorded in `revocations`, so every node learns of it. Without it, only the
   * revocations the gateway saw are refused.
   */
  sessions?: { status: SessionStatus; revocations: RevocationList };
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
 * gateway's own origin (same-origin pages). Exact string comparison only. The own origin is read from Host,
 * and from X-Forwarded-Host / -Proto only when `trustsProxy` (a configured proxy hop sets them; otherwise
 * a client could name any origin there and pass).
 */
export function isOriginAllowed(
  headers: IncomingHttpHeaders,
  isSecure: boolean,
  allowed: readonly string[],
  trustsProxy: boolean,
): boolean {
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (allowed.includes(origin)) return true;
  const own = ownOrigin(headers, isSecure, trustsProxy);
  return own.host !== undefined && origin === `${own.isSecure ? 'https' : 'http'}://${own.host}`;
}

/** Installs the handshake middleware on `io`. */
export function installHandshake(
  io: RelayServer,
  verifier: TokenVerifier,
  options: HandshakeOptions,
  metrics: RelayMetrics,
): void {
  /**
   * Sockets admitted but not yet in their `user:<id>` room, by user. Handshakes of one user that finish
   * together (they share one session status request) would otherwise all see the same room size and all pass
   * the per-user cap. socket.io joins an admitted socket on the next tick (its `connection` handler puts it in
   * `user:<id>`), or drops it there when the client left; by the next setImmediate it is counted by its room.
   */
  const admitting = new Map<number, number>();
  const release = (userId: number): void => {
    const left = (admitting.get(userId) ?? 1) - 1;
    if (left > 0) admitting.set(userId, left);
    else admitting.delete(userId);
  };

  io.use((socket: RelaySocket, next) => {
    authenticate(socket)
      .then((data) => {
        // Synchronous from the count to next(): no other handshake can pass in between.
        const held =
          (io.of('/').adapter.rooms.get(SOCKET_ROOMS.user(data.userId))?.size ?? 0) +
          (admitting.get(data.userId) ?? 0);
        if (held >= options.maxSocketsPerUser)
          throw new HandshakeError(RELAY_ERRORS.TOO_MANY_SOCKETS, 'too_many_sockets');
        admitting.set(data.userId, (admitting.get(data.userId) ?? 0) + 1);
        setImmediate(() => release(data.userId));
        socket.data = data;
        next();
      })
      .catch((error: unknown) => {
        const refusal =
          error instanceof HandshakeError
            ? error
            : new HandshakeError(RELAY_ERRORS.TOKEN_INVALID, 'token_invalid');
        metrics.connectionsRefused.inc({ reason: refusal.data.reason });
        next(refusal);
      });
  });

  async function authenticate(socket: RelaySocket): Promise<SocketData> {
    const { handshake } = socket;
    // The engine counts this connection already.
    if (io.engine.clientsCount > options.maxConnections)
      throw new HandshakeError(RELAY_ERRORS.SERVER_FULL, 'server_full');
    if (!isOriginAllowed(handshake.headers, handshake.secure, options.allowedOrigins, options.trustsProxy)) {
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
    if (options.sessions) {
      const { state, reason } = await options.sessions.status.check(user.sid);
      if (state === 'ended') {
        // With the provider's reason, the session's sockets on any node are told what that end gets (a replaced
        // one hears `logout`); without one, closed as a sign-out.
        options.sessions.revocations.revokeSession(
          user.sid,
          user.claims.exp * 1000,
          user.claims.sub,
          reason === undefined ? {} : { reason },
        );
        throw new HandshakeError(RELAY_ERRORS.TOKEN_REVOKED, 'token_revoked');
      }
      // 'unknown': the provider could not answer. The token is verified and not revoked as far as the gateway
      // knows; the session sweep asks again and closes the socket if the session turns out to be over.
      if (state === 'unknown') metrics.sessionChecksFailed.inc({ where: 'handshake' });
    }
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
