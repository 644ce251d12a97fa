/**
 * Per-connection emit limit: a token bucket (sustained rate plus a burst). Refused emits are acked 400; a
 * connection that keeps hammering after being refused is disconnected.
 */

/** Settings of the emit limiter. */
export interface EmitLimitOptions {
  /** Sustained emits per second. */
  perSecond: number;
  /** Emits allowed above the sustained rate in a burst. */
  burst: number;
  /** Refused emits in a row (without a pause long enough to refill one token) before disconnecting. @default burst */
  abuseLimit?: number;
}

/** The verdict for one emit. */
export type EmitVerdict = 'ok' | 'limited' | 'abusive';

/** The default clock: one function for every limiter (a bound one per connection would cost memory). */
const monotonicNow = (): number => performance.now();

/** One connection's bucket; allocation-free on the hot path. */
export class EmitLimiter {
  #tokens: number;
  #updatedAt: number;
  #refusedInRow = 0;
  readonly #perMs: number;
  readonly #capacity: number;
  readonly #abuseLimit: number;

  constructor(
    options: EmitLimitOptions,
    private readonly now: () => number = monotonicNow,
  ) {
    this.#capacity = options.burst;
    this.#tokens = options.burst;
    this.#perMs = options.perSecond / 1000;
    this.#abuseLimit = options.abuseLimit ?? options.burst;
    this.#updatedAt = now();
  }

  /**
   * Takes one token; says whether the emit may pass, is limited, or the connection is abusive. `now` is the
   * limiter's clock read by the caller (the dispatcher reads `performance.now()` once per emit).
   */
  take(now = this.now()): EmitVerdict {
    this.#tokens = Math.min(this.#capacity, this.#tokens + (now - this.#updatedAt) * this.#perMs);
    this.#updatedAt = now;
    if (this.#tokens >= 1) {
      this.#tokens -= 1;
      this.#refusedInRow = 0;
      return 'ok';
    }
    this.#refusedInRow += 1;
    return this.#refusedInRow > this.#abuseLimit ? 'abusive' : 'limited';
  }
}
