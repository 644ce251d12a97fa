/**
 * A small bounded map with per-entry expiry (room access, event membership, conversation participation, seen
 * message ids). Insertion order is age order, so the oldest entries go first when the bound is hit.
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
      const oldest = this.#entries.keys().next();
      if (!oldest.done) this.#entries.delete(oldest.value);
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
