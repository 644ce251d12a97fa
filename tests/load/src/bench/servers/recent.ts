/**
 * A map that remembers its keys for a while, in two generations rotated wholesale: a key is found for at least
 * `windowMs` after it was set (under steady use, for less than twice that). No per-key timers or timestamps: a
 * rotation drops a whole generation at once, so what it holds is what was set in the last two windows at most.
 * The clock is passed in (tests drive it).
 */
export class RecentMap<V> {
  readonly #windowMs: number;
  readonly #now: () => number;
  #current = new Map<string, V>();
  #previous = new Map<string, V>();
  #rotatedAt: number;

  constructor(windowMs: number, now: () => number = Date.now) {
    if (!(windowMs > 0)) throw new Error(`RecentMap: windowMs must be > 0, got ${windowMs}`);
    this.#windowMs = windowMs;
    this.#now = now;
    this.#rotatedAt = now();
  }

  get(key: string): V | undefined {
    this.#rotate();
    return this.#current.get(key) ?? this.#previous.get(key);
  }

  set(key: string, value: V): void {
    this.#rotate();
    this.#current.set(key, value);
  }

  /** Keys held now (both generations; a key set in both counts twice). */
  get size(): number {
    return this.#current.size + this.#previous.size;
  }

  #rotate(): void {
    const elapsed = this.#now() - this.#rotatedAt;
    if (elapsed < this.#windowMs) return;
    // Two windows or more since the last rotation: the current generation is as old as the previous one.
    this.#previous = elapsed >= 2 * this.#windowMs ? new Map() : this.#current;
    this.#current = new Map();
    this.#rotatedAt = this.#now();
  }
}
