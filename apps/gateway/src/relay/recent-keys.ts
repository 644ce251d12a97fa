/**
 * The keys added recently, each remembered at least until it is `minAgeMs` old or `minCount` newer keys came
 * after it, whichever comes first (as a TtlCache of that bound and TTL would), and up to twice that, in two
 * generations: plain Sets that are dropped whole, never entry by entry.
 *
 * Why not a TtlCache: that keeps one entry object with its expiry time per key in a Map and deletes the oldest
 * entry on each insertion once full. For ids added at the message rate and kept for minutes, every entry
 * outlives the young generation, so each one is copied by the scavenger and promoted, and the Map is rehashed
 * whenever its deleted slots fill up. Here a key costs one Set slot, and a generation becomes garbage in one
 * piece when it is dropped.
 *
 * The current generation takes keys until it holds `minCount` or is `minAgeMs` old; then it becomes the
 * previous one and the previous one is dropped. A key is therefore dropped only after a whole generation came
 * after its own, which lasted `minAgeMs` or took `minCount` keys. At most it holds `2 × minCount` keys.
 */
export class RecentKeys<K> {
  #current = new Set<K>();
  #currentSince: number;
  #previous = new Set<K>();

  constructor(
    private readonly minAgeMs: number,
    private readonly minCount: number,
    private readonly now: () => number = Date.now,
  ) {
    this.#currentSince = now();
  }

  has(key: K): boolean {
    return this.#current.has(key) || this.#previous.has(key);
  }

  /** Adds the key unless it is remembered already; true when it was added. */
  add(key: K): boolean {
    if (this.has(key)) return false;
    const now = this.now();
    if (this.#current.size >= this.minCount || now - this.#currentSince >= this.minAgeMs) {
      this.#previous = this.#current;
      this.#current = new Set();
      this.#currentSince = now;
    }
    this.#current.add(key);
    return true;
  }

  /** How many keys are held (at most 2 × minCount). */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }
}
