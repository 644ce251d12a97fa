/**
 * A small bounded map with per-entry expiry (room access). Insertion order is age order, so the oldest entries
 * go first when the bound is hit: a sixteenth of the bound at once, because a Map's iterator walks over every
 * slot deleted since the table was last rehashed before it reaches the first live one, so dropping the oldest
 * entry on every insertion (one iterator each) cost tens of microseconds per insertion once the map was full.
 */

export class TtlCache<K, V> {
  readonly #entries = new Map<K, { value: V; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly now: () => number = Date.now,
  ) {}

  get(key: K): V | undefined {
    const entry = this.#entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= this.now()) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  set(key: K, value: V, ttlMs = this.ttlMs): void {
    this.#entries.delete(key);
    this.#entries.set(key, { value, expiresAt: this.now() + ttlMs });
    if (this.#entries.size > this.maxEntries) {
      let excess = this.#entries.size - this.maxEntries + Math.floor(this.maxEntries / 16);
      for (const oldest of this.#entries.keys()) {
        this.#entries.delete(oldest);
        if (--excess <= 0) break;
      }
    }
  }

  /** Sets the key only if absent (or expired); true when it was set. */
  add(key: K, value: V): boolean {
    if (this.get(key) !== undefined) return false;
    this.set(key, value);
    return true;
  }

  delete(key: K): void {
    this.#entries.delete(key);
  }

  /** Drops every entry whose key matches. */
  deleteWhere(predicate: (key: K) => boolean): void {
    for (const key of this.#entries.keys()) if (predicate(key)) this.#entries.delete(key);
  }

  get size(): number {
    return this.#entries.size;
  }
}
