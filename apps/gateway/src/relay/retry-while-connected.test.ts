/**
 * The back-off of the relay's room-check retries (retry-while-connected.ts), on fake timers with Math.random
 * pinned: each delay is exact, so one millisecond early runs nothing and the delay itself runs the task.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROOM_CHECK_RETRY, retryWhileConnected, type RetrySocket } from './retry-while-connected.ts';

/** A socket as far as a retry reads it: connected until it emits 'disconnect'. */
class FakeSocket extends EventEmitter implements RetrySocket {
  connected = true;
  disconnect(): void {
    this.connected = false;
    this.emit('disconnect');
  }
}

/** Pins the jitter: Math.random() answers `value`, so the delay is the back-off × (0.5 + value). */
function pinRandom(value: number): void {
  vi.spyOn(Math, 'random').mockReturnValue(value);
}

/** Schedules retry `attempt` and tells whether its task ran `delayMs` later, and not 1 ms before. */
function runsAfter(socket: FakeSocket, attempt: number, delayMs: number): boolean {
  const task = vi.fn();
  expect(retryWhileConnected(socket, ROOM_CHECK_RETRY, attempt, task)).toBe('scheduled');
  vi.advanceTimersByTime(delayMs - 1);
  const early = task.mock.calls.length;
  vi.advanceTimersByTime(1);
  return early === 0 && task.mock.calls.length === 1;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('retryWhileConnected', () => {
  it('waits 0.5 s for the first retry, doubling each time up to 16 s', () => {
    pinRandom(0.5); // jitter × 1
    const socket = new FakeSocket();
    const expected = [500, 1_000, 2_000, 4_000, 8_000, 16_000, 16_000, 16_000];
    expect(expected).toHaveLength(ROOM_CHECK_RETRY.attempts);
    for (const [index, delay] of expected.entries()) {
      expect(runsAfter(socket, index + 1, delay), `retry ${index + 1} after ${delay} ms`).toBe(true);
    }
  });

  it('jitters each delay within × [0.5, 1.5) of its back-off', () => {
    const socket = new FakeSocket();
    pinRandom(0); // the shortest: half the back-off
    expect(runsAfter(socket, 3, 1_000)).toBe(true);
    pinRandom(0.999); // near the longest: just under 1.5 × the back-off
    expect(runsAfter(socket, 3, 2_998)).toBe(true);
    pinRandom(0.999); // the cap is jittered too
    expect(runsAfter(socket, 8, 23_984)).toBe(true);
  });

  it('stops at the attempt limit: a task that always fails runs the schedule’s attempts, then gives up', () => {
    pinRandom(0.5);
    const socket = new FakeSocket();
    const outcomes: string[] = [];
    let runs = 0;
    const attempt = (n: number): void => {
      outcomes.push(
        retryWhileConnected(socket, ROOM_CHECK_RETRY, n, () => {
          runs++;
          attempt(n + 1); // the retried check failed again
        }),
      );
    };
    attempt(1);
    vi.runAllTimers();
    expect(runs).toBe(ROOM_CHECK_RETRY.attempts);
    expect(outcomes).toEqual([...Array<string>(ROOM_CHECK_RETRY.attempts).fill('scheduled'), 'exhausted']);
    expect(vi.getTimerCount()).toBe(0);
    // Each retry's disconnect listener went with it.
    expect(socket.listenerCount('disconnect')).toBe(0);
  });

  it('clears a pending retry when the socket disconnects, and schedules none for a gone socket', () => {
    pinRandom(0.5);
    const socket = new FakeSocket();
    const task = vi.fn();
    expect(retryWhileConnected(socket, ROOM_CHECK_RETRY, 1, task)).toBe('scheduled');
    vi.advanceTimersByTime(499);
    socket.disconnect();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(60_000);
    expect(task).not.toHaveBeenCalled();
    expect(socket.listenerCount('disconnect')).toBe(0);

    // Gone before the retry is asked for (it disconnected while the failed check was answered).
    expect(retryWhileConnected(socket, ROOM_CHECK_RETRY, 2, task)).toBe('disconnected');
    expect(vi.getTimerCount()).toBe(0);
    expect(socket.listenerCount('disconnect')).toBe(0);
    // A gone socket is not told it gave up, even past the last attempt.
    expect(retryWhileConnected(socket, ROOM_CHECK_RETRY, ROOM_CHECK_RETRY.attempts + 1, task)).toBe(
      'disconnected',
    );
  });
});
