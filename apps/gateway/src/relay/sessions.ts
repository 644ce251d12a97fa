/**
 * Ended sessions close their sockets within seconds, on every node:
 * - a revocation recorded here (sign-out, force_login, DELETE session, deactivation) is told to the other
 *   nodes (their verifiers then refuse the token too) and every node closes its own affected sockets;
 * - what the tab is told follows how the session ended (spec 01 §8): a session replaced by a newer sign-in
 *   (force_login) hears `logout` first ("Did you switch devices?"); every other end (its own sign-out, DELETE
 *   session, deactivation, expiry) just closes the socket: the tab connects again, is refused, and shows the
 *   session-problem text ("Please log in again...");
 * - a sweep closes sockets whose token expired, or whose session a revocation ended meanwhile (the safety net
 *   when a revocation could not reach a node, e.g. during a Redis outage);
 * - a recheck asks the provider which of this node's sessions are over (ended at the provider directly, which
 *   no node saw, or before the ending node's revocation arrived) and how each ended (contracts'
 *   SessionEndReasonSchema), and revokes those here with that reason, which closes them on every node as above.
 *   The provider ends a session before the node that passed the call on tells the others, so a recheck can find
 *   it over first (issue 17's flaky force_login test): with the reason, the tab is told the same whichever comes
 *   first, and hears `logout` at most once. An answer without a reason (an older provider) gets the old guess:
 *   `logout` first, unless the token simply expired.
 */
import {
  SessionRevokedSchema,
  type SessionEndReason,
  type SessionRevoked,
  type SocketData,
} from '@showfloor/contracts';
import type { Revocation, RevocationList } from '../auth/revocations.ts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';
import type { EndedSessions, SessionStatus } from './session-status.ts';

/** Settings of session enforcement. */
export interface SessionOptions {
  /** How often local sockets are checked for expiry. @default 5000 */
  sweepIntervalMs: number;
  /** Pause between `logout` and closing, so the event reaches the tab first. @default 250 */
  logoutGraceMs: number;
  /**
   * Asks the provider every `recheckIntervalMs` which sessions with a socket on this node are over (ended at
   * the provider directly, or a revocation this node missed); each is revoked here, which tells every node.
   */
  recheck?: { status: SessionStatus; intervalMs: number };
}

/** Whether a revocation ends this socket's session. */
function isEndedBy(revocation: Revocation, data: SocketData): boolean {
  switch (revocation.kind) {
    case 'session':
      return data.sid === revocation.sid;
    case 'user':
      return (
        String(data.userId) === revocation.userId &&
        data.sid !== revocation.exceptSid &&
        data.issuedAt * 1000 <= revocation.before
      );
    case 'event':
      return data.eventCode === revocation.eventCode && data.issuedAt * 1000 <= revocation.before;
  }
}

/**
 * Whether the ended session's tabs hear `logout` before the close: only when a newer sign-in replaced it (spec 01
 * §8 "Logged in elsewhere"), or when the provider found it over without saying how (the guess before it said).
 */
function tellsLogout(revocation: Revocation): boolean {
  switch (revocation.kind) {
    case 'session':
      return revocation.reason === undefined
        ? revocation.elsewhere === true
        : revocation.reason === 'replaced';
    case 'user':
      return revocation.exceptSid !== undefined;
    case 'event':
      return false;
  }
}

/** The `relay_disconnects_total` reason of the sockets a revocation closes. */
function disconnectReason(revocation: Revocation): string {
  if (revocation.kind === 'user' && revocation.exceptSid !== undefined) return 'force_login';
  if (revocation.kind !== 'session') return 'session_ended';
  const reason: SessionEndReason | undefined =
    revocation.reason ?? (revocation.elsewhere ? undefined : 'signed_out');
  if (reason === 'signed_out') return 'signout';
  if (reason === 'replaced') return 'force_login';
  if (reason === 'expired') return 'token_expired';
  return 'session_ended';
}

/** Wires revocations and expiry to socket closing; returns the stop function. */
export function enforceSessions(
  ctx: RelayContext,
  revocations: RevocationList,
  options: SessionOptions,
): () => void {
  const { io, logger, metrics } = ctx;
  // Revocations that came from another node: recorded in our list without being sent back out.
  const fromOtherNodes = new WeakSet<Revocation>();
  // Sockets already sent `logout` and waiting out the grace: a second revocation of the same session (the
  // recheck's and the force_login's, in either order) neither repeats it nor closes them early.
  const toldLogout = new WeakSet<RelaySocket>();

  /** Closes this node's sockets of the ended sessions; `logout` first only as `tellsLogout` says. */
  const closeLocal = (revocation: Revocation): void => {
    const ended: RelaySocket[] = [];
    for (const socket of io.of('/').sockets.values())
      if (isEndedBy(revocation, socket.data) && !toldLogout.has(socket)) ended.push(socket);
    if (ended.length === 0) return;
    const reason = disconnectReason(revocation);
    if (!tellsLogout(revocation)) {
      // Not replaced by a newer sign-in: the tabs reconnect, are refused and show the session-problem text.
      for (const socket of ended) socket.disconnect(true);
      metrics.disconnects.inc({ reason }, ended.length);
      return;
    }
    for (const socket of ended) {
      toldLogout.add(socket);
      socket.emit('logout', { user_id: socket.data.userId });
    }
    const timer = setTimeout(() => {
      for (const socket of ended) socket.disconnect(true);
      metrics.disconnects.inc({ reason }, ended.length);
    }, options.logoutGraceMs);
    timer.unref();
  };

  const stopListening = revocations.onRevoke((revocation) => {
    if (fromOtherNodes.has(revocation)) return;
    if (ctx.adapterState() !== 'memory') io.serverSideEmit('session_revoked', revocation);
    closeLocal(revocation);
  });

  io.on('session_revoked', (payload: SessionRevoked) => {
    const parsed = SessionRevokedSchema.safeParse(payload);
    if (!parsed.success) {
      logger.warn(
        { issues: parsed.error.issues },
        'relay: ignored a malformed session_revoked from another node',
      );
      return;
    }
    const revocation = parsed.data as Revocation;
    fromOtherNodes.add(revocation);
    revocations.apply(revocation);
    closeLocal(revocation);
  });

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const socket of io.of('/').sockets.values()) {
      const { data } = socket;
      const isExpired = data.expiresAt <= now;
      const isRevoked =
        !isExpired &&
        revocations.isRevoked({
          sub: String(data.userId),
          sid: data.sid,
          event_code: data.eventCode,
          iat: data.issuedAt,
          exp: Math.floor(data.expiresAt / 1000),
        });
      if (isExpired || isRevoked) {
        metrics.disconnects.inc({ reason: isExpired ? 'token_expired' : 'session_ended' });
        socket.disconnect(true);
      }
    }
  }, options.sweepIntervalMs);
  sweep.unref();

  let recheckTimer: NodeJS.Timeout | undefined;
  let isStopped = false;
  const { recheck } = options;
  if (recheck) {
    /**
     * One request per MAX_SESSION_STATUS_SIDS distinct sessions held here (the status keeps them as sockets come
     * and go); the next round starts once this one is done. The sockets are read only when a session ended.
     */
    const recheckOnce = async (): Promise<void> => {
      if (recheck.status.trackedSessions === 0) return;
      let ended: EndedSessions;
      try {
        ended = await recheck.status.sweep();
      } catch (error) {
        metrics.sessionChecksFailed.inc({ where: 'sweep' });
        logger.debug({ err: error }, 'relay: session status unavailable; asking again next round');
        return;
      }
      if (ended.size === 0 || isStopped) return;
      const sessions = new Map<string, SocketData>();
      for (const socket of io.of('/').sockets.values())
        if (ended.has(socket.data.sid)) sessions.set(socket.data.sid, socket.data);
      const now = Date.now();
      for (const [sid, data] of sessions) {
        const reason = ended.get(sid);
        // Over at the provider, how said: the tab is told what that way of ending gets. How not said (an older
        // provider): ended elsewhere (`logout` first), unless its token simply expired (the sweep's).
        const how = reason === undefined ? { elsewhere: data.expiresAt > now } : { reason };
        revocations.revokeSession(sid, data.expiresAt, String(data.userId), how);
      }
    };
    const schedule = (): void => {
      if (isStopped) return;
      recheckTimer = setTimeout(() => {
        void recheckOnce().finally(schedule);
      }, recheck.intervalMs);
      recheckTimer.unref();
    };
    schedule();
  }

  return () => {
    isStopped = true;
    stopListening();
    clearInterval(sweep);
    clearTimeout(recheckTimer);
  };
}
