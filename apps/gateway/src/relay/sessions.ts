/**
 * Ended sessions close their sockets within seconds, on every node:
 * - a revocation recorded here (sign-out, force_login, DELETE session, deactivation) is told to the other
 *   nodes (their verifiers refuse the token too) and closes the affected sockets everywhere; force_login and
 *   DELETE session first send `logout` to the older session's tabs;
 * - a sweep closes sockets whose token expired (or whose session a revocation ended meanwhile).
 */
import { SOCKET_ROOMS, SessionRevokedSchema, type LogoutEvent, type SessionRevoked } from '@showfloor/contracts';
import type { Revocation, RevocationList } from '../auth/revocations.ts';
import type { RelayContext } from './context.ts';

/** Settings of session enforcement. */
export interface SessionOptions {
  /** How often local sockets are checked for expiry. @default 5000 */
  sweepIntervalMs: number;
  /** Pause between `logout` and closing, so the event reaches the tab first. @default 250 */
  logoutGraceMs: number;
}

/** socket.io room of one session's tabs. */
export const sessionRoom = (sid: string): string => `session:${sid}`;

/** Wires revocations and expiry to socket closing; returns the stop function. */
export function enforceSessions(ctx: RelayContext, revocations: RevocationList, options: SessionOptions): () => void {
  const { io, logger, metrics } = ctx;
  // Revocations that came from another node: applied to our list, but their sockets were closed by the sender.
  const fromOtherNodes = new WeakSet<Revocation>();

  const close = (selection: ReturnType<typeof io.in>, reason: string): void => {
    metrics.disconnects.inc({ reason });
    selection.disconnectSockets(true);
  };

  const logoutThenClose = (selection: ReturnType<typeof io.in>, userId: number | undefined, reason: string): void => {
    if (userId !== undefined) {
      const logout: LogoutEvent = { user_id: userId };
      selection.emit('logout', logout);
    }
    const timer = setTimeout(() => close(selection, reason), options.logoutGraceMs);
    timer.unref();
  };

  const stopListening = revocations.onRevoke((revocation) => {
    if (fromOtherNodes.has(revocation)) return;
    if (ctx.adapterState() !== 'memory') io.serverSideEmit('session_revoked', revocation);
    switch (revocation.kind) {
      case 'session':
        // The user signed out themself: their other tabs reconnect, are refused and sign out.
        close(io.in(sessionRoom(revocation.sid)), 'signout');
        break;
      case 'user': {
        const room = io.in(SOCKET_ROOMS.user(revocation.userId));
        const selection = revocation.exceptSid ? room.except(sessionRoom(revocation.exceptSid)) : room;
        logoutThenClose(selection, Number(revocation.userId), revocation.exceptSid ? 'force_login' : 'session_ended');
        break;
      }
      case 'event': {
        const selection = io.in(SOCKET_ROOMS.event(revocation.eventCode));
        // Every user of the event hears logout for themself: each tab compares user_id with its own.
        for (const socket of io.of('/').sockets.values()) {
          if (socket.data.eventCode === revocation.eventCode) socket.emit('logout', { user_id: socket.data.userId });
        }
        const timer = setTimeout(() => close(selection, 'session_ended'), options.logoutGraceMs);
        timer.unref();
        break;
      }
    }
  });

  io.on('session_revoked', (payload: SessionRevoked) => {
    const parsed = SessionRevokedSchema.safeParse(payload);
    if (!parsed.success) {
      logger.warn({ issues: parsed.error.issues }, 'relay: ignored a malformed session_revoked from another node');
      return;
    }
    const revocation = parsed.data as Revocation;
    fromOtherNodes.add(revocation);
    revocations.apply(revocation);
    if (revocation.kind === 'event') {
      // The sender's `logout` per socket only reached its own sockets; ours hear it here.
      for (const socket of io.of('/').sockets.values()) {
        if (socket.data.eventCode === revocation.eventCode) socket.emit('logout', { user_id: socket.data.userId });
      }
    }
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

  return () => {
    stopListening();
    clearInterval(sweep);
  };
}
