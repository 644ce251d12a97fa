/**
 * Sessions the gateway knows to be over (sign-out, DELETE session, force_login) so their tokens are refused
 * locally, before the provider, for the rest of their lifetime. In memory per node; the relay may mirror it
 * through Redis and listens to `onRevoke` to close the affected sockets.
 */
import type { SessionEndReason } from '@showfloor/contracts';

/** The claims a revocation check needs. */
export interface RevocableToken {
  /** User id (`sub`). */
  sub: string;
  sid: string;
  event_code: string;
  /** Issued-at, seconds since epoch. */
  iat: number;
  /** Expiry, seconds since epoch. */
  exp: number;
}

/** One revocation, as told to listeners (and to other nodes by the relay). */
export type Revocation =
  /**
   * One session. `reason`: how it ended, as the provider said when a node's recheck found it over (contracts'
   * SessionEndReasonSchema; only `replaced` makes its tabs hear `logout` first). `elsewhere`: it ended by
   * something other than its own sign-out but the provider did not say how (an older provider's answer), so its
   * tabs hear `logout` first, the guess made before the provider said how. Neither: its own sign-out.
   */
  | {
      kind: 'session';
      sid: string;
      userId?: string;
      expiresAt: number;
      reason?: SessionEndReason;
      elsewhere?: boolean;
    }
  /** Every session of a user issued up to `before` (ms), except `exceptSid` (the session that replaced them). */
  | { kind: 'user'; userId: string; before: number; exceptSid?: string; expiresAt: number }
  /** Every session of an event issued up to `before` (ms). */
  | { kind: 'event'; eventCode: string; before: number; expiresAt: number };

export type RevocationListener = (revocation: Revocation) => void;

/** Sessions whose first sighting is remembered (about 100 bytes each); beyond it, `iat` alone decides. */
const MAX_SEEN_SESSIONS = 200_000;

/** Longest token lifetime we keep a user- or event-wide cut for; tokens issued before it are expired anyway. */
const DEFAULT_CUT_TTL_MS = 24 * 60 * 60 * 1000;

/** Revoked sessions, users and events, with expiry so the set never grows without bound. */
export class RevocationList {
  readonly #sessions = new Map<string, number>();
  readonly #users = new Map<string, { before: number; exceptSid?: string; expiresAt: number }>();
  readonly #events = new Map<string, { before: number; expiresAt: number }>();
  /** When this node first saw each session's token (ms): more precise than the whole-second `iat`. */
  readonly #firstSeen = new Map<string, { at: number; expiresAt: number }>();
  readonly #listeners = new Set<RevocationListener>();
  readonly #now: () => number;
  readonly #cutTtlMs: number;

  constructor(options: { now?: () => number; cutTtlMs?: number } = {}) {
    this.#now = options.now ?? Date.now;
    this.#cutTtlMs = options.cutTtlMs ?? DEFAULT_CUT_TTL_MS;
  }

  /**
   * Ends one session (its sign-out, unless `how` says otherwise, see `Revocation`). `expiresAt` (ms) is the
   * token's expiry: after it the entry is dropped.
   */
  revokeSession(
    sid: string,
    expiresAt: number,
    userId?: string,
    how: { reason?: SessionEndReason; elsewhere?: boolean } = {},
  ): void {
    this.apply({
      kind: 'session',
      sid,
      expiresAt,
      ...(userId === undefined ? {} : { userId }),
      ...(how.reason === undefined ? {} : { reason: how.reason }),
      ...(how.elsewhere ? { elsewhere: true } : {}),
    });
  }

  /** Ends every session of a user issued so far, except `exceptSid` (force_login keeps the new session). */
  revokeUser(userId: string, exceptSid?: string): void {
    const now = this.#now();
    this.apply({
      kind: 'user',
      userId,
      before: now,
      expiresAt: now + this.#cutTtlMs,
      ...(exceptSid === undefined ? {} : { exceptSid }),
    });
  }

  /** Ends every session of an event issued so far. */
  revokeEvent(eventCode: string): void {
    const now = this.#now();
    this.apply({ kind: 'event', eventCode, before: now, expiresAt: now + this.#cutTtlMs });
  }

  /** Records a revocation (also one received from another node) and tells the listeners. */
  apply(revocation: Revocation): void {
    this.#prune();
    switch (revocation.kind) {
      case 'session':
        this.#sessions.set(revocation.sid, revocation.expiresAt);
        break;
      case 'user':
        this.#users.set(revocation.userId, {
          before: revocation.before,
          expiresAt: revocation.expiresAt,
          ...(revocation.exceptSid === undefined ? {} : { exceptSid: revocation.exceptSid }),
        });
        break;
      case 'event':
        this.#events.set(revocation.eventCode, {
          before: revocation.before,
          expiresAt: revocation.expiresAt,
        });
        break;
    }
    for (const listener of this.#listeners) listener(revocation);
  }

  /**
   * Records that this node has seen a session's (valid) token, the first time only. A user- or event-wide cut
   * then ends the session exactly when it was seen before the cut (see `isRevoked`).
   */
  noteSeen(sid: string, expiresAt: number): void {
    if (this.#firstSeen.has(sid)) return;
    if (this.#firstSeen.size >= MAX_SEEN_SESSIONS) this.#pruneSeen();
    if (this.#firstSeen.size < MAX_SEEN_SESSIONS) this.#firstSeen.set(sid, { at: this.#now(), expiresAt });
  }

  /**
   * True when the token's session has been ended through this list. A user- or event-wide cut ends a session
   * this node saw before the cut; for one it never saw, only tokens issued in an earlier second than the cut
   * (`iat` has whole seconds), so a session started elsewhere right after a cut is not refused by mistake; an
   * older one from that same second is left to the provider, which refuses it itself.
   */
  isRevoked(token: RevocableToken): boolean {
    const now = this.#now();
    const sessionUntil = this.#sessions.get(token.sid);
    if (sessionUntil !== undefined && sessionUntil > now) return true;
    const seenAt = this.#firstSeen.get(token.sid)?.at;
    const isBefore = (cutAt: number) =>
      seenAt === undefined ? token.iat < Math.floor(cutAt / 1000) : seenAt <= cutAt;
    const userCut = this.#users.get(token.sub);
    if (userCut && userCut.expiresAt > now && token.sid !== userCut.exceptSid && isBefore(userCut.before))
      return true;
    const eventCut = this.#events.get(token.event_code);
    return Boolean(eventCut && eventCut.expiresAt > now && isBefore(eventCut.before));
  }

  /** Calls `listener` for every revocation from now on; returns the unsubscribe function. */
  onRevoke(listener: RevocationListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #prune(): void {
    const now = this.#now();
    for (const [sid, until] of this.#sessions) if (until <= now) this.#sessions.delete(sid);
    for (const [key, cut] of this.#users) if (cut.expiresAt <= now) this.#users.delete(key);
    for (const [key, cut] of this.#events) if (cut.expiresAt <= now) this.#events.delete(key);
  }

  #pruneSeen(): void {
    const now = this.#now();
    for (const [sid, seen] of this.#firstSeen) if (seen.expiresAt <= now) this.#firstSeen.delete(sid);
  }
}
