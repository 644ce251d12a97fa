import { FixedWaits } from './fixed-waits.ts';

/**
 * A wait with a budget for an answer that comes over a socket (Redis's, here): the answer, or undefined when it
 * did not come within `ms`, ended after the loop has read its sockets once more (the rule and why:
 * fixed-waits.ts). A rejection is passed on. One `FixedWaits` (a timer) per call: for rare waits (an
 * announcement's write, an event's read); a caller that waits often keeps its own (microphones.ts, delivered.ts).
 */
export function answerWithin<T>(answer: Promise<T>, ms: number): Promise<T | undefined> {
  return new FixedWaits(ms).wait(answer);
}
