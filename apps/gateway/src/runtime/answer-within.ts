import { FixedWaits } from './fixed-waits.ts';

/** The queues of the budgets callers use (each caller's is fixed); past this many lengths, a queue per call. */
const QUEUED_LENGTHS_MAX = 8;
const queues = new Map<number, FixedWaits>();

/**
 * A wait with a budget for an answer that comes over a socket (Redis's, here): the answer, or undefined when it
 * did not come within `ms`, ended after the loop has read its sockets once more (the rule and why:
 * fixed-waits.ts). A rejection is passed on. The waits of one length share one `FixedWaits`.
 */
export function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  let queue = queues.get(ms);
  if (!queue) {
    queue = new FixedWaits(ms);
    if (queues.size < QUEUED_LENGTHS_MAX) queues.set(ms, queue);
  }
  return queue.wait(answer);
}
