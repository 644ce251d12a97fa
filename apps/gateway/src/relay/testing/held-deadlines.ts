import type { Deadlines } from '../room-access.ts';

/** Deadlines for RoomAccess that a test ends itself (no timer, no waiting). */
export interface HeldDeadlines {
  /** RoomAccess's `deadlines` option. */
  deadlines: (ms: number) => Deadlines;
  /** The length each keeper was made with. */
  made: number[];
  /** `spend[i]()` ends the i-th ask's wait as its deadline would (the clock is the test's to move). */
  spend: Array<() => void>;
}

export function heldDeadlines(): HeldDeadlines {
  const made: number[] = [];
  const spend: Array<() => void> = [];
  const deadlines = (ms: number): Deadlines => {
    made.push(ms);
    return {
      wait: <T>(answer: PromiseLike<T>) =>
        new Promise<T | undefined>((resolve, reject) => {
          spend.push(() => resolve(undefined));
          answer.then(resolve, reject);
        }),
    };
  };
  return { deadlines, made, spend };
}
