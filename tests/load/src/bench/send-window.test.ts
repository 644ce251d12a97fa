import { afterEach, describe, expect, it, vi } from 'vitest';
import { sendWindowed, type WindowedSend } from './send-window.ts';

const OK = { statusCode: 200 };
const SILENCE_MS = 30_000;

/** A run of `count` messages whose acks `answer` gives, `delayMs` after each is sent (undefined: never). */
function run(
  count: number,
  window: number,
  answer: (index: number) => unknown,
  delayMs = 0,
): { done: Promise<void>; inFlight: { now: number; most: number }; sent: number[] } {
  const inFlight = { now: 0, most: 0 };
  const sent: number[] = [];
  const options: WindowedSend = {
    label: 'B',
    count,
    window,
    silenceMs: SILENCE_MS,
    send: (index, ack) => {
      sent.push(index);
      inFlight.now += 1;
      inFlight.most = Math.max(inFlight.most, inFlight.now);
      const reply = answer(index);
      if (reply === undefined) return;
      const answerIt = (): void => {
        inFlight.now -= 1;
        ack(reply);
      };
      // Without a delay, at once (in a microtask: a fake timer of 0 ms still moves the clock by 1 ms).
      if (delayMs === 0) queueMicrotask(answerIt);
      else setTimeout(answerIt, delayMs);
    },
    refusal: (reply) =>
      (reply as { statusCode?: number }).statusCode === 200 ? undefined : JSON.stringify(reply),
  };
  return { done: sendWindowed(options), inFlight, sent };
}

describe('sendWindowed', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends every message once with at most the window in flight and resolves on the last ack', async () => {
    vi.useFakeTimers();
    const { done, inFlight, sent } = run(50, 4, () => OK, 1);
    await vi.advanceTimersByTimeAsync(50);
    await expect(done).resolves.toBeUndefined();
    expect(sent).toEqual(Array.from({ length: 50 }, (_, index) => index));
    expect(inFlight.most).toBe(4);
  });

  it('fails after the silence with how many acks are missing when one never comes', async () => {
    vi.useFakeTimers();
    const { done } = run(20, 4, (index) => (index === 7 ? undefined : OK));
    const outcome = done.then(
      () => 'resolved',
      (error: Error) => error.message,
    );
    // All the others are acked at once; the run then waits for message 7 alone.
    await vi.advanceTimersByTimeAsync(SILENCE_MS - 1);
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toBe('B: 1 of 20 acks missing, none came for 30 s (20 sent, 19 acked)');
  });

  it('keeps waiting while acks keep coming, however long the whole run takes', async () => {
    vi.useFakeTimers();
    const { done } = run(4, 1, () => OK, SILENCE_MS - 1);
    await vi.advanceTimersByTimeAsync(4 * (SILENCE_MS - 1));
    await expect(done).resolves.toBeUndefined();
  });

  it('fails on a refusal with the answer', async () => {
    vi.useFakeTimers();
    const { done, sent } = run(10, 2, (index) => (index === 3 ? { statusCode: 429 } : OK));
    const failed = expect(done).rejects.toThrow('B: refused: {"statusCode":429}');
    await vi.advanceTimersByTimeAsync(0);
    await failed;
    // Nothing is sent after the refusal.
    expect(sent.length).toBeLessThanOrEqual(5);
  });
});
