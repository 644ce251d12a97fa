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
 * longer waits for them. Threads appear later too (libuv starts its pool on first use), so it looks again
 * every `everyMs`. Linux only (a thread's id is a pid to setpriority there); elsewhere it does nothing.
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

/**
 * Lowers the helper threads to `nice` now and every `everyMs` on a timer that does not keep the process alive;
 * returns its stop, or undefined where threads cannot be listed (not Linux).
 */
export function startHelperPriority(nice: number, everyMs = 10_000): (() => void) | undefined {
  if (process.platform !== 'linux' || linuxThreads() === undefined) return undefined;
  const rule = new HelperPriority(nice, {
    threads: () => linuxThreads() ?? [],
    mainThread: process.pid,
    setNice: (thread, value) => setPriority(thread, value),
  });
  rule.apply();
  const timer = setInterval(() => rule.apply(), everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
