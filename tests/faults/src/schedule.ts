/**
 * The fault schedules: what happens when, in seconds from the start of the traffic. The short form runs in
 * `pnpm test` (about two minutes, a few faults of each kind); the long form (`--long`) is ten minutes with
 * 5 node kills and 3 Redis restarts. Faults run one after the other; a slow restart pushes the rest back.
 */

/** One fault. */
export type Fault =
  | { at: number; kind: 'kill-node'; node: 0 | 1 }
  | { at: number; kind: 'pause-node'; node: 0 | 1 }
  | { at: number; kind: 'restart-redis' }
  | { at: number; kind: 'restart-provider' }
  | { at: number; kind: 'overload' };

export interface Schedule {
  name: 'short' | 'long';
  /** Seconds of traffic (the drain follows). */
  durationS: number;
  /** Messages per second in total outside the overload phases. */
  rate: number;
  /** Messages per second in total during an overload phase, and how long it lasts. */
  overloadRate: number;
  overloadS: number;
  faults: readonly Fault[];
}

/** How long each fault keeps its victim down. */
export const FAULT_TIMINGS = {
  /** A SIGKILLed gateway node is started again after this. */
  NODE_DOWN_MS: 5_000,
  /** Redis is started again after this. */
  REDIS_DOWN_MS: 10_000,
  /** A node is SIGSTOPped this long, then SIGCONTed. */
  PAUSE_MS: 20_000,
  /** After a node is back, the clients whose home it is return to it within this window (ms). */
  REBALANCE_MS: [1_000, 5_000],
} as const;

export const SHORT: Schedule = {
  name: 'short',
  durationS: 100,
  rate: 20,
  overloadRate: 400,
  overloadS: 5,
  faults: [
    { at: 5, kind: 'kill-node', node: 0 },
    { at: 20, kind: 'restart-redis' },
    { at: 38, kind: 'pause-node', node: 1 },
    { at: 62, kind: 'restart-provider' },
    { at: 68, kind: 'kill-node', node: 1 },
    { at: 80, kind: 'restart-redis' },
    { at: 94, kind: 'overload' },
  ],
};

export const LONG: Schedule = {
  name: 'long',
  durationS: 600,
  rate: 20,
  overloadRate: 400,
  overloadS: 10,
  faults: [
    { at: 20, kind: 'kill-node', node: 0 },
    { at: 60, kind: 'restart-redis' },
    { at: 100, kind: 'kill-node', node: 1 },
    { at: 150, kind: 'pause-node', node: 0 },
    { at: 200, kind: 'restart-provider' },
    { at: 240, kind: 'kill-node', node: 0 },
    { at: 290, kind: 'restart-redis' },
    { at: 340, kind: 'overload' },
    { at: 380, kind: 'kill-node', node: 1 },
    { at: 430, kind: 'restart-redis' },
    { at: 480, kind: 'kill-node', node: 0 },
    { at: 530, kind: 'overload' },
  ],
};

/** Counts of each kind of fault in a schedule. */
export function faultCounts(schedule: Schedule): Record<Fault['kind'], number> {
  const counts = { 'kill-node': 0, 'pause-node': 0, 'restart-redis': 0, 'restart-provider': 0, overload: 0 };
  for (const fault of schedule.faults) counts[fault.kind] += 1;
  return counts;
}
