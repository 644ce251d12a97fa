// What a stall of the loop does to the budget (an answer waiting unread when the timer is due) is tested where it
// matters, against a real Redis in another process: relay/delivered.test.ts and relay/microphones.test.ts.
import { describe, expect, it } from 'vitest';
import { answerWithin } from './answer-within.ts';

describe('answerWithin', () => {
  it('gives the answer that came within the budget', async () => {
    expect(await answerWithin(Promise.resolve('stored'), 50)).toBe('stored');
  });

  it('gives undefined when no answer comes within the budget', async () => {
    expect(await answerWithin(new Promise<string>(() => {}), 20)).toBeUndefined();
  });

  it('passes a rejection on', async () => {
    await expect(answerWithin(Promise.reject(new Error('refused')), 50)).rejects.toThrow('refused');
  });
});
