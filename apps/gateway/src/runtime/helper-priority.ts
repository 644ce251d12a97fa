/**
 * The event loop before the process's own helper threads (issue 17). Node starts four V8 platform workers
 * whatever the cores (concurrent marking, parallel scavenges, concurrent sweeping) and a libuv pool; on a node
 * with one core (the relay bench pins each node to one; a container limited to one CPU is the same), the
 * scheduler shares that core equally among every runnable thread, so while V8 marks concurrently the main
 * thread gets a fifth of it. The loop then needs more than it gets (a third of a core at 900 msg/s) and every
 * message that arrives meanwhile waits: the relay bench's ack p99 of 28-120 ms at a p50 under 1 ms. The stall
 * probe (tests/load/src/bench/stall-probe.mjs) showed it: in 44 of the 52 100-ms windows where the gateway's
 * main thread waited 20 ms or more for its core, the gateway's other threads ran at least half that long.
 *
 * This gives every thread of the process but the main one a lower priority (a higher nice value; any process
 * may lower its own threads' priority): they still take every moment the loop leaves idle, and the loop no
 * longer waits for them. The helper threads appear at start-up (V8's platform workers) or on first use (libuv
 * starts its pool with the first file, DNS or crypto job), so it looks at start and a few times early
 * (`HELPER_PRIORITY_LOOKS_MS`: 1 s, 10 s and 60 s after), then never again: listing /proc/self/task for the life
 * of the process would find nothing new. Linux only (a thread's id is a pid to setpriority there); elsewhere it
 * does nothing.
 */
import { readdirSync } from 'node:fs';
import { setPriority } from 'node:os';

/** What the rule needs from the system (fakes in tests). */
export interface HelperPriorityHooks {
  /** The process's thread ids now. */
  threads(): number[];
  /** The main thread's id (the process id on Linux). */
  mainThread: number;
  /** Sets a thread's nice value; may throw (the thread exited meanwhile). */
  setNice(thread: number, nice: number): void;
}

/** Lowers each helper thread once; `apply()` is one look. */
export class HelperPriority {
  readonly #nice: number;
  readonly #hooks: HelperPriorityHooks;
  /** Threads already lowered (forgotten once gone: Linux reuses thread ids). */
  #lowered = new Set<number>();

  constructor(nice: number, hooks: HelperPriorityHooks) {
    if (!Number.isInteger(nice) || nice < 1 || nice > 19) throw new Error(`nice must be 1-19, got ${nice}`);
    this.#nice = nice;
    this.#hooks = hooks;
  }

  /** Lowers the threads not lowered yet; answers how many it lowered this time. */
  apply(): number {
    const now = new Set(this.#hooks.threads());
    for (const thread of this.#lowered) if (!now.has(thread)) this.#lowered.delete(thread);
    let count = 0;
    for (const thread of now) {
      if (thread === this.#hooks.mainThread || this.#lowered.has(thread)) continue;
      try {
        this.#hooks.setNice(thread, this.#nice);
        this.#lowered.add(thread);
        count += 1;
      } catch {
        // The thread ended between the listing and the call: nothing to lower.
      }
    }
    return count;
  }
}

/** The thread ids under /proc/self/task, or undefined where there is no such directory (not Linux). */
function linuxThreads(): number[] | undefined {
  try {
    return readdirSync('/proc/self/task').map(Number);
  } catch {
    return undefined;
  }
}

/** When the rule looks again after its first look (ms after start): the helper threads start early. */
export const HELPER_PRIORITY_LOOKS_MS: readonly number[] = [1_000, 10_000, 60_000];

/** The system's side of the rule on Linux, or undefined where threads cannot be listed. */
function linuxHooks(): HelperPriorityHooks | undefined {
  if (process.platform !== 'linux' || linuxThreads() === undefined) return undefined;
  return {
    threads: () => linuxThreads() ?? [],
    mainThread: process.pid,
    setNice: (thread, value) => setPriority(thread, value),
  };
}

/**
 * Lowers the helper threads to `nice` now and again at each of `looksAtMs` (ms after now, ascending) on timers
 * that do not keep the process alive, then stops looking; returns its stop (the looks not yet taken are
 * cancelled), or undefined where threads cannot be listed (not Linux). `hooks` stand in for the system in tests.
 */
export function startHelperPriority(
  nice: number,
  looksAtMs: readonly number[] = HELPER_PRIORITY_LOOKS_MS,
  hooks: HelperPriorityHooks | undefined = linuxHooks(),
): (() => void) | undefined {
  if (!hooks) return undefined;
  const rule = new HelperPriority(nice, hooks);
  rule.apply();
  let timer: NodeJS.Timeout | undefined;
  const lookFrom = (index: number, at: number) => {
    const next = looksAtMs[index];
    if (next === undefined) return;
    timer = setTimeout(
      () => {
        rule.apply();
        lookFrom(index + 1, next);
      },
      Math.max(0, next - at),
    );
    timer.unref();
  };
  lookFrom(0, 0);
  return () => clearTimeout(timer);
}
