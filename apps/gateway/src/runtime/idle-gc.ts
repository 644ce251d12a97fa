/**
 * Compacting garbage collections while the node is quiet, as browsers collect in idle time (issue 17). Left to
 * itself V8 lets the old generation grow well past what is live before its next mark-compact, so a burst of
 * handshakes leaves promoted garbage, and the pages it sat in, in an idle node's RSS; the node flag
 * `--heap-growing-percent=20` kept the heap small with more frequent mark-compacts, under load too, where they
 * lengthened the latency tail. This scheduler runs one full, compacting collection once no traffic (`Activity`)
 * has come for `quietMs` (looks on time all along: a held-up event loop is not quiet), at most once per
 * `minIntervalMs`, and only when the old generation has grown by `minGrowthBytes` since the last collection:
 * never while traffic flows, nothing when there is nothing to collect. A message that arrives during the
 * collection waits for it (~130-200 ms with 10,000 sockets on the bench's core, seconds on a starved one).
 */
import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Activity } from './activity.ts';

/** When the scheduler collects. */
export interface IdleGcOptions {
  /** No traffic for this long (ms) before a collection. @default 1000 */
  quietMs: number;
  /** Least time (ms) between the starts of two collections. @default 10000 */
  minIntervalMs: number;
  /**
   * Old-generation growth (bytes) since the last collection (or the lowest reading since, when V8 collected
   * on its own) that is worth a collection. @default 8388608 (8 MiB)
   */
  minGrowthBytes: number;
  /** How often (ms) the scheduler looks. @default 250 */
  checkEveryMs: number;
}

export const IDLE_GC_DEFAULTS: IdleGcOptions = {
  quietMs: 1_000,
  minIntervalMs: 10_000,
  minGrowthBytes: 8 * 1024 * 1024,
  checkEveryMs: 250,
};

/**
 * What one look decided. 'stalled': the look came more than a period late, so the event loop was held up
 * (a long task, a starved core) and packets may be waiting unread: that is no evidence of quiet.
 */
export type IdleGcDecision =
  'busy' | 'stalled' | 'settling' | 'rate-limited' | 'nothing-to-collect' | 'collected';

/** What the scheduler needs from the runtime (a fake clock and heap in tests). */
export interface IdleGcHooks {
  /** A monotonic clock in ms. */
  now(): number;
  /** Bytes in use in the old generation (every heap space but the young generation's). */
  oldGenerationUsed(): number;
  /** Runs a full collection; blocks until it is done. */
  collect(): void;
  /** Told after each collection: its pause and the old generation before and after. */
  collected?(info: { pauseMs: number; beforeBytes: number; afterBytes: number }): void;
}

/** The rules; `check()` is one look (a timer calls it every `checkEveryMs`). */
export class IdleGc {
  readonly #activity: Activity;
  readonly #options: IdleGcOptions;
  readonly #hooks: IdleGcHooks;
  #seenCount: number;
  /** When a look last saw new traffic or came late (start-up counts as traffic). */
  #lastActiveAt: number;
  #lastLookAt: number;
  #lastCollectAt = Number.NEGATIVE_INFINITY;
  /** The old generation's lowest reading since the last collection (or start). */
  #floor: number;

  constructor(activity: Activity, options: IdleGcOptions, hooks: IdleGcHooks) {
    this.#activity = activity;
    this.#options = options;
    this.#hooks = hooks;
    this.#seenCount = activity.count;
    this.#lastActiveAt = hooks.now();
    this.#lastLookAt = this.#lastActiveAt;
    this.#floor = hooks.oldGenerationUsed();
  }

  check(): IdleGcDecision {
    const now = this.#hooks.now();
    const sinceLook = now - this.#lastLookAt;
    this.#lastLookAt = now;
    // Traffic since the last look: the quiet period starts again (only a compare while busy).
    if (this.#activity.count !== this.#seenCount) {
      this.#seenCount = this.#activity.count;
      this.#lastActiveAt = now;
      return 'busy';
    }
    // A late look runs in the timers phase before the loop reads what arrived while it was held up: only
    // looks on time, one period apart with the loop's I/O in between, count towards quiet.
    if (sinceLook > 2 * this.#options.checkEveryMs) {
      this.#lastActiveAt = now;
      return 'stalled';
    }
    if (now - this.#lastActiveAt < this.#options.quietMs) return 'settling';
    if (now - this.#lastCollectAt < this.#options.minIntervalMs) return 'rate-limited';
    const used = this.#hooks.oldGenerationUsed();
    if (used < this.#floor) this.#floor = used;
    if (used - this.#floor < this.#options.minGrowthBytes) return 'nothing-to-collect';
    this.#lastCollectAt = now;
    this.#hooks.collect();
    const after = this.#hooks.oldGenerationUsed();
    this.#floor = after;
    this.#hooks.collected?.({ pauseMs: this.#hooks.now() - now, beforeBytes: used, afterBytes: after });
    return 'collected';
  }
}

/** Bytes in use in every heap space but the young generation's. */
export function oldGenerationUsed(): number {
  let used = 0;
  for (const space of getHeapSpaceStatistics()) {
    if (space.space_name !== 'new_space' && space.space_name !== 'new_large_object_space') {
      used += space.space_used_size;
    }
  }
  return used;
}

/**
 * A full, compacting collection: V8's `gc()`, exposed to one fresh context only and the flag taken back (no
 * global `gc` in the gateway's own realm, no node flag). Undefined if this V8 does not offer it.
 *
 * A plain full collection frees the garbage but leaves the pages it sat in committed (10,000 idle sockets: old
 * space 7 MiB less used, RSS unchanged), so V8 is told to compact every page for this one collection: the live
 * objects move together and the emptied pages go back to the system (RSS 266 → 244 MiB in the same probe).
 */
function compactingCollection(): (() => void) | undefined {
  setFlagsFromString('--expose-gc');
  const gc: unknown = runInNewContext('gc');
  setFlagsFromString('--no-expose-gc');
  if (typeof gc !== 'function') return undefined;
  return () => {
    setFlagsFromString('--compact-on-every-full-gc');
    try {
      // Without arguments: a full mark-compact (Node 20's V8 runs a scavenge for `gc({ type: 'major' })`).
      (gc as () => void)();
    } finally {
      setFlagsFromString('--no-compact-on-every-full-gc');
    }
  };
}

/**
 * Starts the scheduler on a timer that does not keep the process alive; returns its stop, or undefined when
 * full collections cannot be asked for (the gateway then runs as without it).
 */
export function startIdleGc(
  activity: Activity,
  options: IdleGcOptions,
  collected?: IdleGcHooks['collected'],
): (() => void) | undefined {
  const collect = compactingCollection();
  if (!collect) return undefined;
  const scheduler = new IdleGc(activity, options, {
    now: () => performance.now(),
    oldGenerationUsed,
    collect,
    ...(collected ? { collected } : {}),
  });
  const timer = setInterval(() => scheduler.check(), options.checkEveryMs);
  timer.unref();
  return () => clearInterval(timer);
}
