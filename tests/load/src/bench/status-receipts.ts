/**
 * The capacity bench's count of batched status receipts (`user_status_batch`), per latest state.
 *
 * The relay sends each tab, at most once per batch interval (RELAY_STATUS_BATCH_MS), the LATEST status of each
 * user who changed since that tab's previous batch (relay status-fanout.ts). A change followed by a newer change
 * of the same user within one interval reaches only the tabs whose batch was written between the two (each tab
 * has its own phase of the interval): for the others it is superseded, by design. So the bench expects:
 *
 * - every change NOT followed by a newer change of the same user within the interval plus 100 ms (the delivery
 *   limit: a node's write may slip by its loop lag, and two changes reach the nodes with their own delays) to
 *   reach every watcher (every connected visitor but the sender); each watcher that never heard it is **lost**;
 *   a user's latest change is never superseded, so every watcher must hear each user's latest status;
 * - a change followed sooner is **superseded**: not expected, its receipts counted apart (heard by some tabs);
 * - every watcher ends up with each user's latest status: a watcher whose last batched status of a user is
 *   another one (an older batch after a newer one) is **stale**.
 *
 * A receipt is credited to the latest change of that user to that status sent before it that the watcher was
 * not yet credited with (a user may return to a status); a receipt with none left is **duplicated**. Receipts of
 * changes sent before the window (resetCounters) are not counted.
 */
import { Latency } from '../latency.ts';
import { BENCH_STATUSES, CAPACITY_LIMITS } from './capacity-rules.ts';

interface Change {
  userId: number;
  /** statusKey(userId, status). */
  key: number;
  sentAt: number;
  /** One bit per watcher (user id) credited with a receipt of this change. */
  heard: Uint32Array;
}

/** What a window's batched receipts came to. */
export interface BatchedStatusTotals {
  /** Receipts the changes not superseded should get: their watchers. */
  expected: number;
  /** Of those, received. */
  received: number;
  /** Watchers that never heard a change not superseded (a user's latest change included). */
  lost: number;
  /** Changes superseded by the same user's next one within the interval (plus 100 ms). */
  supersededChanges: number;
  /** Receipts of superseded changes (the tabs whose batch was written between the two). */
  supersededReceipts: number;
  /** Watchers whose last batched status of a user who changed is not that user's latest. */
  stale: number;
  /** Receipts with no change of the window left to credit them to. */
  duplicated: number;
}

export class BatchedStatusReceipts {
  readonly latency = new Latency();
  readonly #changes = new Map<number, Change[]>();
  /** Per user who changed: each watcher's last batched status (BENCH_STATUSES index + 1; 0 none yet). */
  readonly #lastHeard = new Map<number, Uint8Array>();
  #duplicated = 0;

  constructor(
    /** Watchers are user ids 1 to `watchers`. */
    private readonly watchers: number,
    /** The relay's batch interval (ms). */
    private readonly batchMs: number,
    /** How much later than one interval a newer change may still supersede one. */
    private readonly slackMs: number = CAPACITY_LIMITS.deliveryP99Ms,
  ) {}

  /** A change sent: `key` its statusKey. */
  sent(userId: number, key: number, at: number): void {
    const changes = this.#changes.get(userId) ?? [];
    changes.push({ userId, key, sentAt: at, heard: new Uint32Array(Math.ceil((this.watchers + 1) / 32)) });
    this.#changes.set(userId, changes);
  }

  /** A watcher heard a user's status in a batch (`key` its statusKey); false when no change of the window has it. */
  heard(watcher: number, userId: number, key: number, at: number): boolean {
    const changes = this.#changes.get(userId);
    if (!changes || watcher < 1 || watcher > this.watchers) return false;
    let isOfWindow = false;
    for (let index = changes.length - 1; index >= 0; index -= 1) {
      const change = changes[index] as Change;
      if (change.key !== key) continue;
      isOfWindow = true;
      if (hasBit(change.heard, watcher)) continue;
      setBit(change.heard, watcher);
      this.latency.record(at - change.sentAt);
      this.#noteLast(watcher, userId, key);
      return true;
    }
    if (isOfWindow) {
      this.#duplicated += 1;
      this.#noteLast(watcher, userId, key);
    }
    return isOfWindow;
  }

  /** The window's count; `isWatching(userId)`: the visitor is connected (the sender is never its own watcher). */
  totals(isWatching: (userId: number) => boolean): BatchedStatusTotals {
    const totals: BatchedStatusTotals = {
      expected: 0,
      received: 0,
      lost: 0,
      supersededChanges: 0,
      supersededReceipts: 0,
      stale: 0,
      duplicated: this.#duplicated,
    };
    const watching: number[] = [];
    for (let watcher = 1; watcher <= this.watchers; watcher += 1)
      if (isWatching(watcher)) watching.push(watcher);
    for (const [userId, changes] of this.#changes) {
      changes.forEach((change, index) => {
        const next = changes[index + 1];
        if (next && next.sentAt - change.sentAt < this.batchMs + this.slackMs) {
          totals.supersededChanges += 1;
          for (const watcher of watching)
            if (watcher !== userId && hasBit(change.heard, watcher)) totals.supersededReceipts += 1;
          return;
        }
        for (const watcher of watching) {
          if (watcher === userId) continue;
          totals.expected += 1;
          if (hasBit(change.heard, watcher)) totals.received += 1;
          else totals.lost += 1;
        }
      });
      const latest = statusIndexOf((changes[changes.length - 1] as Change).key) + 1;
      const lastHeard = this.#lastHeard.get(userId);
      for (const watcher of watching) {
        const last = lastHeard?.[watcher] ?? 0;
        // Never heard: counted lost above (the latest change is never superseded).
        if (watcher !== userId && last !== 0 && last !== latest) totals.stale += 1;
      }
    }
    return totals;
  }

  #noteLast(watcher: number, userId: number, key: number): void {
    let lastHeard = this.#lastHeard.get(userId);
    if (!lastHeard) {
      lastHeard = new Uint8Array(this.watchers + 1);
      this.#lastHeard.set(userId, lastHeard);
    }
    lastHeard[watcher] = statusIndexOf(key) + 1;
  }
}

const statusIndexOf = (key: number): number => key % BENCH_STATUSES.length;
const hasBit = (bits: Uint32Array, index: number): boolean =>
  ((bits[index >>> 5] as number) & (1 << (index & 31))) !== 0;
const setBit = (bits: Uint32Array, index: number): void => {
  bits[index >>> 5] = (bits[index >>> 5] as number) | (1 << (index & 31));
};
