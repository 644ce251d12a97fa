/**
 * What was set recently, in two generations: plain Maps dropped whole, never entry by entry. A key is found at
 * least until it is `minAgeMs` old or `minCount` newer keys came after it, whichever comes first (as a TtlCache
 * of that bound and TTL would), and at most until two generations came after its own: it holds at most
 * `2 × minCount` keys, and nothing set more than `2 × minAgeMs` ago once that long passed without a rotation.
 * Used by the relay (delivered.ts: which stored ids were delivered, on the per-message path), by the provider
 * client (provider/client.ts: the request headers per caller's token, kept by count only) and by the load
 * bench's instant provider (the stored message per client_id, for a resend): no imports, so the bench takes it
 * from the gateway's source without its internals.
 *
 * Why not a TtlCache: that keeps one entry object with its expiry time per key in a Map and deletes the oldest
 * entry on each insertion once full. For ids added at the message rate and kept for minutes, every entry
 * outlives the young generation, so each one is copied by the scavenger and promoted, and the Map is rehashed
 * whenever its deleted slots fill up. Here a key costs one Map slot, and a generation becomes garbage in one
 * piece when it is dropped.
 *
 * The current generation takes keys until it holds `minCount` or is `minAgeMs` old; then it becomes the
 * previous one and the previous one is dropped (both, when the current one is `2 × minAgeMs` old: all it holds
 * is `minAgeMs` old then). A key is therefore dropped only after a whole generation came after its own, which
 * lasted `minAgeMs` or took `minCount` keys. The clock is passed in (tests drive it).
 */
export class RecentMap<K, V> {
  readonly #minAgeMs: number;
  readonly #minCount: number;
  readonly #now: () => number;
  #current = new Map<K, V>();
  #currentSince: number;
  #previous = new Map<K, V>();

  /**
   * @param minAgeMs how long a key is kept at least (unless `minCount` newer keys came), > 0; `Infinity` keeps
   *   by count only (the clock is then never read)
   * @param options.minCount how many newer keys a key is kept for at least (unless it is `minAgeMs` old);
   *   bounds the size to twice that. @default Infinity (kept by age only). One of the two must be finite.
   * @param options.now the clock, ms. @default Date.now
   */
  constructor(
    minAgeMs: number,
    { minCount = Infinity, now = Date.now }: { minCount?: number; now?: () => number } = {},
  ) {
    if (!(minAgeMs > 0)) throw new Error(`RecentMap: minAgeMs must be > 0, got ${minAgeMs}`);
    if (!(minCount >= 1)) throw new Error(`RecentMap: minCount must be >= 1, got ${minCount}`);
    if (minAgeMs === Infinity && minCount === Infinity) {
      throw new Error('RecentMap: minAgeMs or minCount must be finite (it would never drop a key)');
    }
    this.#minAgeMs = minAgeMs;
    this.#minCount = minCount;
    // Kept by count only: no generation ever gets old, so the clock need not be read (one call per lookup).
    this.#now = minAgeMs === Infinity ? () => 0 : now;
    this.#currentSince = this.#now();
  }

  get(key: K): V | undefined {
    this.#rotate(false);
    return this.#current.has(key) ? this.#current.get(key) : this.#previous.get(key);
  }

  has(key: K): boolean {
    this.#rotate(false);
    return this.#current.has(key) || this.#previous.has(key);
  }

  /** Sets the key's value (a later value of a key wins). */
  set(key: K, value: V): void {
    this.#rotate(true);
    this.#current.set(key, value);
  }

  /** Sets the key unless it is held already; true when it was set (one clock read: the relay's hot path). */
  add(key: K, value: V): boolean {
    this.#rotate(true);
    if (this.#current.has(key) || this.#previous.has(key)) return false;
    this.#current.set(key, value);
    return true;
  }

  /** Keys held (both generations; a key set again after a rotation counts twice). At most 2 × minCount. */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  /** A full generation rotates only for a key to come in; an old one on any call. */
  #rotate(isAdding: boolean): void {
    const now = this.#now();
    const age = now - this.#currentSince;
    if (age < this.#minAgeMs && !(isAdding && this.#current.size >= this.#minCount)) return;
    this.#previous = age >= 2 * this.#minAgeMs ? new Map() : this.#current;
    this.#current = new Map();
    this.#currentSince = now;
  }
}
