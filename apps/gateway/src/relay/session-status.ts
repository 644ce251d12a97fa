/**
 * Whether sessions are still alive, asked from the provider (auth.sessionStatus), which is the one place every
 * session ends: a sign-out, force_login or deactivation passed on by any gateway node, and one done at the
 * provider directly that no node saw. The handshake asks (a session seen alive within `aliveTtlMs` is not
 * asked again; handshakes in the same tick share one request), and the session sweep asks for every session
 * with a socket on this node every `aliveTtlMs`, so an ended session's sockets close within that bound.
 *
 * What it keeps costs in proportion to what changes: the node's sessions are one entry per distinct session
 * (`track`/`untrack` at connect and disconnect, not a scan of the sockets per sweep), and an answer rewrites
 * one number in the session's entry instead of allocating a cache entry per session per sweep. At 10,000
 * sockets the old sweep re-set 10,000 cache entries (delete and re-insert) every 3 s, old-space garbage that
 * made an idle node's heap grow between full collections.
 */
import { MAX_SESSION_STATUS_SIDS, type SessionEndReason } from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';

/** Settings of the session status checks. */
export interface SessionStatusOptions {
  /** How long a session the provider called alive is trusted at a handshake; also the sweep's period. */
  aliveTtlMs: number;
  /** Time budget of one provider request. @default 1500 */
  timeoutMs?: number;
  /** Most sessions without a socket here whose handshake answer is kept. @default 200000 */
  maxUntracked?: number;
  /** The clock (tests). @default Date.now */
  now?: () => number;
}

/**
 * Sessions the provider called over, each with how it ended (`undefined`: the answer did not say, e.g. an older
 * provider's; see contracts' SessionStatusSchema).
 */
export type EndedSessions = Map<string, SessionEndReason | undefined>;

/** The answer for one sid at a handshake. */
export type SessionState = 'alive' | 'ended' | 'unknown';

/** A handshake's answer: the state, and for an ended session how it ended when the provider said so. */
export interface SessionCheck {
  state: SessionState;
  reason?: SessionEndReason;
}

const ALIVE: SessionCheck = Object.freeze({ state: 'alive' });

/** One session: how many of this node's sockets hold it, and when the provider last called it alive. */
interface SessionEntry {
  sockets: number;
  /** The time the request that called it alive was sent; 0 when it was never asked or is over. */
  aliveAt: number;
}

export class SessionStatus {
  /** Sessions with a socket here (swept), and sessions answered at a handshake within the TTL (not swept). */
  readonly #sessions = new Map<string, SessionEntry>();
  #untracked = 0;
  readonly #ttlMs: number;
  readonly #timeoutMs: number;
  readonly #maxUntracked: number;
  readonly #now: () => number;
  /** Sids asked in this tick, answered together. */
  #batch: Map<string, Array<(check: SessionCheck) => void>> | undefined;

  constructor(
    private readonly provider: ProviderClient,
    options: SessionStatusOptions,
  ) {
    this.#ttlMs = options.aliveTtlMs;
    this.#timeoutMs = options.timeoutMs ?? 1_500;
    this.#maxUntracked = options.maxUntracked ?? 200_000;
    this.#now = options.now ?? Date.now;
  }

  /**
   * The state of one session at a handshake: 'alive' (asked within the TTL, or now), 'ended' (with how, when the
   * provider said), or 'unknown' when the provider could not answer (the caller decides; the token itself was
   * verified already).
   */
  check(sid: string): Promise<SessionCheck> {
    const entry = this.#sessions.get(sid);
    if (entry && entry.aliveAt > 0 && this.#now() - entry.aliveAt < this.#ttlMs)
      return Promise.resolve(ALIVE);
    return new Promise((resolve) => {
      if (!this.#batch) {
        this.#batch = new Map();
        setImmediate(() => void this.#flush());
      }
      const waiting = this.#batch.get(sid);
      if (waiting) waiting.push(resolve);
      else this.#batch.set(sid, [resolve]);
    });
  }

  /** A socket of the session connected to this node: the sweep asks about it from now on. */
  track(sid: string): void {
    const entry = this.#sessions.get(sid);
    if (!entry) this.#sessions.set(sid, { sockets: 1, aliveAt: 0 });
    else if (entry.sockets++ === 0) this.#untracked -= 1;
  }

  /** A socket of the session left this node; its last one ends the sweep's questions about it. */
  untrack(sid: string): void {
    const entry = this.#sessions.get(sid);
    if (!entry || entry.sockets === 0) return;
    entry.sockets -= 1;
    if (entry.sockets > 0) return;
    // Kept as a handshake answer while it is fresh (a reconnect right after); dropped by the next sweep after.
    if (this.#isFresh(entry, this.#now())) this.#untracked += 1;
    else this.#sessions.delete(sid);
  }

  /** How many distinct sessions hold a socket here (what a sweep asks about). */
  get trackedSessions(): number {
    return this.#sessions.size - this.#untracked;
  }

  /**
   * Asks the provider about every session with a socket here, in requests of at most MAX_SESSION_STATUS_SIDS;
   * answers the ones that are over, with how each ended. Drops stale handshake answers. Throws on failure (what
   * was answered before the failure is kept).
   */
  async sweep(): Promise<EndedSessions> {
    const ended: EndedSessions = new Map();
    const now = this.#now();
    let chunk: string[] = [];
    for (const [sid, entry] of this.#sessions) {
      if (entry.sockets === 0) {
        if (!this.#isFresh(entry, now)) this.#forgetUntracked(sid);
        continue;
      }
      chunk.push(sid);
      if (chunk.length === MAX_SESSION_STATUS_SIDS) {
        await this.#ask(chunk, ended);
        chunk = [];
      }
    }
    if (chunk.length > 0) await this.#ask(chunk, ended);
    return ended;
  }

  /**
   * The sessions among `sids` that are over, with how each ended (asked in requests of at most
   * MAX_SESSION_STATUS_SIDS). Throws on failure.
   */
  async ended(sids: readonly string[]): Promise<EndedSessions> {
    const unique = [...new Set(sids)];
    const ended: EndedSessions = new Map();
    for (let start = 0; start < unique.length; start += MAX_SESSION_STATUS_SIDS)
      await this.#ask(unique.slice(start, start + MAX_SESSION_STATUS_SIDS), ended);
    return ended;
  }

  /** One request; records each answer in place (a session's entry is only created for a new handshake answer). */
  async #ask(sids: string[], ended: EndedSessions): Promise<void> {
    const askedAt = this.#now();
    const answer = await this.provider.call(
      'auth',
      'sessionStatus',
      { sids },
      { timeoutMs: this.#timeoutMs },
    );
    const over = new Set(answer.ended);
    const reasons = answer.reasons;
    for (const sid of sids) {
      const entry = this.#sessions.get(sid);
      if (over.has(sid)) {
        // `Object.hasOwn`: a sid like `__proto__` must not read the prototype.
        ended.set(sid, reasons && Object.hasOwn(reasons, sid) ? reasons[sid] : undefined);
        if (!entry) continue;
        if (entry.sockets === 0) this.#forgetUntracked(sid);
        else entry.aliveAt = 0;
      } else if (entry) {
        if (entry.aliveAt < askedAt) entry.aliveAt = askedAt;
      } else if (this.#untracked < this.#maxUntracked) {
        this.#sessions.set(sid, { sockets: 0, aliveAt: askedAt });
        this.#untracked += 1;
      }
    }
  }

  #isFresh(entry: SessionEntry, now: number): boolean {
    return entry.aliveAt > 0 && now - entry.aliveAt < this.#ttlMs;
  }

  #forgetUntracked(sid: string): void {
    this.#sessions.delete(sid);
    this.#untracked -= 1;
  }

  async #flush(): Promise<void> {
    const batch = this.#batch;
    this.#batch = undefined;
    if (!batch) return;
    let ended: EndedSessions | undefined;
    try {
      ended = await this.ended([...batch.keys()]);
    } catch {
      ended = undefined;
    }
    for (const [sid, waiting] of batch) {
      let check: SessionCheck = ALIVE;
      if (ended === undefined) check = { state: 'unknown' };
      else if (ended.has(sid)) {
        const reason = ended.get(sid);
        check = reason === undefined ? { state: 'ended' } : { state: 'ended', reason };
      }
      for (const resolve of waiting) resolve(check);
    }
  }
}
