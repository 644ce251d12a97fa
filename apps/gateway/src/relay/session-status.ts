/**
 * Whether sessions are still alive, asked from the provider (auth.sessionStatus), which is the one place every
 * session ends: a sign-out, force_login or deactivation passed on by any gateway node, and one done at the
 * provider directly that no node saw. The handshake asks (a session seen alive within `aliveTtlMs` is not
 * asked again; handshakes in the same tick share one request), and the session sweep asks for every session
 * with a socket on this node every `aliveTtlMs`, so an ended session's sockets close within that bound.
 */
import { MAX_SESSION_STATUS_SIDS } from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';
import { TtlCache } from './ttl-cache.ts';

/** Settings of the session status checks. */
export interface SessionStatusOptions {
  /** How long a session the provider called alive is trusted at a handshake; also the sweep's period. */
  aliveTtlMs: number;
  /** Time budget of one provider request. @default 1500 */
  timeoutMs?: number;
}

/** The answer for one sid at a handshake. */
export type SessionState = 'alive' | 'ended' | 'unknown';

export class SessionStatus {
  readonly #alive: TtlCache<string, true>;
  readonly #timeoutMs: number;
  /** Sids asked in this tick, answered together. */
  #batch: Map<string, Array<(state: SessionState) => void>> | undefined;

  constructor(
    private readonly provider: ProviderClient,
    options: SessionStatusOptions,
  ) {
    this.#alive = new TtlCache(options.aliveTtlMs, 200_000);
    this.#timeoutMs = options.timeoutMs ?? 1_500;
  }

  /**
   * The state of one session at a handshake: 'alive' (asked within the TTL, or now), 'ended', or 'unknown'
   * when the provider could not answer (the caller decides; the token itself was verified already).
   */
  check(sid: string): Promise<SessionState> {
    if (this.#alive.get(sid)) return Promise.resolve('alive');
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

  /** The sessions among `sids` that are over (asked in requests of at most MAX_SESSION_STATUS_SIDS). Throws on failure. */
  async ended(sids: readonly string[]): Promise<Set<string>> {
    const unique = [...new Set(sids)];
    const ended = new Set<string>();
    for (let start = 0; start < unique.length; start += MAX_SESSION_STATUS_SIDS) {
      const chunk = unique.slice(start, start + MAX_SESSION_STATUS_SIDS);
      const answer = await this.provider.call(
        'auth',
        'sessionStatus',
        { sids: chunk },
        { timeoutMs: this.#timeoutMs },
      );
      const over = new Set(answer.ended);
      for (const sid of chunk) {
        if (over.has(sid)) {
          ended.add(sid);
          this.#alive.delete(sid);
        } else this.#alive.set(sid, true);
      }
    }
    return ended;
  }

  async #flush(): Promise<void> {
    const batch = this.#batch;
    this.#batch = undefined;
    if (!batch) return;
    let ended: Set<string> | undefined;
    try {
      ended = await this.ended([...batch.keys()]);
    } catch {
      ended = undefined;
    }
    for (const [sid, waiting] of batch) {
      const state: SessionState = ended === undefined ? 'unknown' : ended.has(sid) ? 'ended' : 'alive';
      for (const resolve of waiting) resolve(state);
    }
  }
}
