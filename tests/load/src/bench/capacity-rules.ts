/**
 * The capacity bench's decisions, kept pure so they can be tested: when a step of the ramp holds, how many
 * visitors the next step has, and the event-loop lag read from a node's /metrics.
 */

/** Past these a step does not hold (issue 17). */
export const CAPACITY_LIMITS = { deliveryP99Ms: 100, loopLagP99Ms: 100 } as const;

/**
 * Past these the generator (one process holding every visitor) is itself the bottleneck: its event loop delays
 * receipts by as much as the limit the step is judged by, so the step says nothing about the nodes. Looser than
 * the relay bench's (10 ms): that one measures milliseconds, this one a 100 ms limit.
 */
export const GENERATOR_LIMITS = { loopP99Ms: 50, cpuShare: 0.9 } as const;

export function isGeneratorSaturated(health: { loopP99Ms: number; cpuShare: number }): boolean {
  return health.loopP99Ms >= GENERATOR_LIMITS.loopP99Ms || health.cpuShare >= GENERATOR_LIMITS.cpuShare;
}

/** What one step of the ramp measured. */
export interface StepFigures {
  /** Visitors the step meant to hold. */
  visitors: number;
  /** Visitors still connected at the end of the step. */
  connected: number;
  /** Connections refused or timed out while growing to this step. */
  connectFailures: number;
  chatDeliveryP99Ms: number;
  /**
   * Status changes as the room hears them at once (`user_status_changes` to the room the sender shows);
   * undefined when none were heard.
   */
  statusDeliveryP99Ms: number | undefined;
  /**
   * Status changes as the rest of the event hears them, in the nodes' `user_status_batch` (one per interval per
   * tab); undefined when none were heard. Judged against the batch interval plus the delivery limit.
   */
  statusBatchP99Ms?: number | undefined;
  /** Chat receipts never delivered (after the drain and the late window). */
  lost: number;
  /**
   * Batched status receipts lost or stale, counted per latest state (status-receipts.ts: a change superseded by
   * the same user's next one within the interval is not expected).
   */
  statusBatchLost?: number;
  /** Chat messages refused (400) or never acknowledged. */
  unacknowledged: number;
  /** Event-loop lag p99 of each gateway node over the step, ms. */
  nodeLagP99Ms: readonly number[];
  /** The generator itself saturated: the step's figures are the generator's, not the nodes'. */
  isGeneratorSaturated: boolean;
}

export interface StepVerdict {
  isHeld: boolean;
  /** Why it did not hold (empty when it held). */
  reasons: string[];
  /** The step says nothing about the nodes (the generator saturated). */
  isVoid: boolean;
}

export function stepVerdict(
  figures: StepFigures,
  limits: { deliveryP99Ms: number; loopLagP99Ms: number; statusBatchMs?: number } = CAPACITY_LIMITS,
): StepVerdict {
  const reasons: string[] = [];
  if (figures.connectFailures > 0) reasons.push(`${figures.connectFailures} visitors could not connect`);
  if (figures.connected < figures.visitors - figures.connectFailures)
    reasons.push(
      `${figures.visitors - figures.connectFailures - figures.connected} visitors were disconnected`,
    );
  if (figures.lost > 0) reasons.push(`${figures.lost} chat receipts lost`);
  if ((figures.statusBatchLost ?? 0) > 0)
    reasons.push(`${figures.statusBatchLost} batched status receipts lost or stale`);
  if (figures.unacknowledged > 0) reasons.push(`${figures.unacknowledged} chat messages not acknowledged`);
  if (figures.chatDeliveryP99Ms > limits.deliveryP99Ms)
    reasons.push(`chat delivery p99 ${figures.chatDeliveryP99Ms} ms > ${limits.deliveryP99Ms} ms`);
  if (figures.statusDeliveryP99Ms !== undefined && figures.statusDeliveryP99Ms > limits.deliveryP99Ms)
    reasons.push(`status delivery p99 ${figures.statusDeliveryP99Ms} ms > ${limits.deliveryP99Ms} ms`);
  // A batched receipt waits for its interval by design: it is late when it needs more than that.
  const batchLimitMs = (limits.statusBatchMs ?? 0) + limits.deliveryP99Ms;
  if (figures.statusBatchP99Ms !== undefined && figures.statusBatchP99Ms > batchLimitMs)
    reasons.push(`status batch delivery p99 ${figures.statusBatchP99Ms} ms > ${batchLimitMs} ms`);
  figures.nodeLagP99Ms.forEach((lag, index) => {
    if (lag > limits.loopLagP99Ms)
      reasons.push(`node ${index + 1} event-loop lag p99 ${lag} ms > ${limits.loopLagP99Ms} ms`);
  });
  if (figures.isGeneratorSaturated) reasons.push('the generator saturated (its figures, not the nodes’)');
  return { isHeld: reasons.length === 0, reasons, isVoid: figures.isGeneratorSaturated };
}

/** The next step's visitors: `step` more, at most `max`; undefined when `max` is reached. */
export function nextVisitors(current: number, step: number, max: number): number | undefined {
  if (current >= max) return undefined;
  return Math.min(max, current + step);
}

/**
 * A gauge's value from Prometheus text (the first series of that name, any labels); undefined when absent.
 * `nodejs_eventloop_lag_p99_seconds` is reset at every scrape (prom-client), so it covers the time since the
 * previous one.
 */
export function readGauge(text: string, name: string): number | undefined {
  for (const line of text.split('\n')) {
    if (!line.startsWith(name)) continue;
    const rest = line.slice(name.length);
    if (rest[0] !== ' ' && rest[0] !== '{') continue;
    const value = Number(rest.slice(rest.lastIndexOf(' ') + 1));
    if (Number.isFinite(value)) return value;
  }
  return undefined;
}

/** The statuses the bench's visitors choose from. */
export const BENCH_STATUSES = ['available', 'away', 'busy'] as const;

/**
 * A status change's key in the bench's map of changes in flight: one number per user and status, not a
 * `user:status` string built and hashed for each entry of each batch each visitor hears (every visitor hears a
 * batch a second); undefined for what the bench never sends (another status, no user id).
 */
export function statusKey(userId: unknown, status: unknown): number | undefined {
  const index = BENCH_STATUSES.indexOf(status as (typeof BENCH_STATUSES)[number]);
  if (index < 0 || typeof userId !== 'number' || !Number.isSafeInteger(userId)) return undefined;
  return userId * BENCH_STATUSES.length + index;
}
