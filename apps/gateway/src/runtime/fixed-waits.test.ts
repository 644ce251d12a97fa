// The clock and the timers are the test's; the poll behind a due timer (setImmediate) is real, so a stall of the
// loop can be played: the budget's timer fires alone, an answer arrives (its callbacks run before any
// setImmediate, as an answer read in the poll phase does), and only then does the poll behind the timer run.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answerWithin } from './answer-within.ts';
import { FixedWaits } from './fixed-waits.ts';

/** An answer the test gives (or refuses) when it likes. */
function held<T>(): { answer: Promise<T>; give: (value: T) => void; refuse: (error: Error) => void } {
  let give!: (value: T) => void;
  let refuse!: (error: Error) => void;
  const answer = new Promise<T>((resolve, reject) => {
    give = resolve;
    refuse = reject;
  });
  return { answer, give, refuse };
}

/** Lets every promise callback already due run (no timer). */
async function settle(): Promise<void> {
  for (let i = 0; i < 10; i += 1) await Promise.resolve();
}

/** Moves the clock on `ms`, running the timers due, the polls behind them, then the callbacks they made due. */
async function at(ms: number): Promise<void> {
  await vi.advanceTimersByTimeAsync(ms);
  await new Promise((resolve) => setImmediate(resolve));
  await settle();
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'performance'] });
});
afterEach(() => {
  vi.useRealTimers();
});

describe('FixedWaits', () => {
  it('ends each wait at its own budget, not an older one’s, and keeps an answer that came after an older wait ended', async () => {
    const waits = new FixedWaits(100);
    const outcomes = new Map<string, string | undefined>();
    const answers = new Map<string, (value: string) => void>();
    const start = (name: string): void => {
      const { answer, give } = held<string>();
      answers.set(name, give);
      void waits.wait(answer).then((outcome) => outcomes.set(name, outcome));
    };
    start('w1'); // t = 0, never answered: ends at 100
    await at(40);
    start('w2'); // t = 40, answered at 110: after w1 ended, before its own end (140)
    await at(20);
    start('w3'); // t = 60, never answered: ends at 160
    await at(39);
    expect(outcomes.size).toBe(0);
    await at(1);
    // t = 100: w1's budget is over; w2 and w3 still wait.
    expect(Object.fromEntries(outcomes)).toEqual({ w1: undefined });
    await at(10);
    answers.get('w2')?.('stored');
    await at(0);
    expect(Object.fromEntries(outcomes)).toEqual({ w1: undefined, w2: 'stored' });
    await at(49);
    expect(outcomes.has('w3')).toBe(false);
    await at(1);
    expect(Object.fromEntries(outcomes)).toEqual({ w1: undefined, w2: 'stored', w3: undefined });
  });

  it('changes nothing for a late answer to an ended wait', async () => {
    const waits = new FixedWaits(100);
    const late = held<string>();
    let outcome: string | undefined = 'not ended';
    let ends = 0;
    void waits.wait(late.answer).then((value) => {
      outcome = value;
      ends += 1;
    });
    await at(100);
    expect(outcome).toBeUndefined();
    // A wait started after it is not ended by the late answer, nor early.
    const next = held<string>();
    let nextOutcome: string | undefined = 'not ended';
    void waits.wait(next.answer).then((value) => (nextOutcome = value));
    late.give('late');
    await at(0);
    expect(outcome).toBeUndefined();
    expect(ends).toBe(1);
    expect(nextOutcome).toBe('not ended');
    await at(99);
    expect(nextOutcome).toBe('not ended');
    await at(1);
    expect(nextOutcome).toBeUndefined();
  });

  it('takes an answer that arrived while the loop stalled past the budget (the poll behind the timer)', async () => {
    const waits = new FixedWaits(100);
    const { answer, give } = held<string>();
    let outcome: string | undefined = 'not ended';
    void waits.wait(answer).then((value) => (outcome = value));
    // The loop stalled past the budget: when it runs again the timer is due and runs first (only it runs here),
    // while the answer is already in the socket; the poll phase reads it before the check phase's setImmediate.
    vi.advanceTimersToNextTimer();
    expect(outcome).toBe('not ended');
    give('stored');
    await settle();
    await at(0);
    expect(outcome).toBe('stored');
  });

  it('ends with undefined when nothing came by the poll behind a stalled timer', async () => {
    const waits = new FixedWaits(100);
    let outcome: string | undefined = 'not ended';
    void waits.wait(held<string>().answer).then((value) => (outcome = value));
    vi.advanceTimersToNextTimer();
    await settle();
    expect(outcome).toBe('not ended');
    await at(0);
    expect(outcome).toBeUndefined();
  });

  it('passes a rejection on, or takes it as no answer when told to', async () => {
    const passing = new FixedWaits(100);
    await expect(passing.wait(Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    const quiet = new FixedWaits(100, { rejectionIsNoAnswer: true });
    expect(await quiet.wait(Promise.reject(new Error('refused')))).toBeUndefined();
  });
});

describe('answerWithin', () => {
  it('follows the same rule: its answer, undefined after its budget, an answer in a stalled loop taken', async () => {
    expect(await answerWithin(Promise.resolve('stored'), 50)).toBe('stored');
    let outcome: string | undefined = 'not ended';
    void answerWithin(held<string>().answer, 50).then((value) => (outcome = value));
    await at(49);
    expect(outcome).toBe('not ended');
    await at(1);
    expect(outcome).toBeUndefined();

    const stalled = held<string>();
    let stalledOutcome: string | undefined = 'not ended';
    void answerWithin(stalled.answer, 50).then((value) => (stalledOutcome = value));
    vi.advanceTimersToNextTimer();
    stalled.give('stored');
    await settle();
    await at(0);
    expect(stalledOutcome).toBe('stored');
    await expect(answerWithin(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });
});
