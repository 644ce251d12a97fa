/**
 * The helper threads' priority: every thread but the main one lowered once, threads that appear later lowered
 * at the next look, a reused thread id lowered again, a thread that ends mid-look skipped; and for real on
 * Linux: this process's other threads end up at the nice value, its main thread untouched.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HelperPriority, startHelperPriority } from './helper-priority.ts';

function fake(threads: number[]) {
  const state = { threads, calls: [] as Array<[number, number]>, gone: new Set<number>() };
  const rule = new HelperPriority(19, {
    threads: () => state.threads,
    mainThread: 100,
    setNice: (thread, nice) => {
      if (state.gone.has(thread)) throw new Error('ESRCH');
      state.calls.push([thread, nice]);
    },
  });
  return { state, rule };
}

describe('HelperPriority', () => {
  it('lowers every thread but the main one, once', () => {
    const { state, rule } = fake([100, 101, 102, 103]);
    expect(rule.apply()).toBe(3);
    expect(state.calls).toEqual([
      [101, 19],
      [102, 19],
      [103, 19],
    ]);
    expect(rule.apply()).toBe(0);
    expect(state.calls).toHaveLength(3);
  });

  it('lowers a thread that appears later, and a reused id again', () => {
    const { state, rule } = fake([100, 101]);
    rule.apply();
    state.threads = [100, 102];
    expect(rule.apply()).toBe(1);
    state.threads = [100, 101, 102];
    expect(rule.apply()).toBe(1);
    expect(state.calls.map(([thread]) => thread)).toEqual([101, 102, 101]);
  });

  it('skips a thread that ended between the listing and the call, and lowers the rest', () => {
    const { state, rule } = fake([100, 101, 102]);
    state.gone.add(101);
    expect(rule.apply()).toBe(1);
    expect(state.calls).toEqual([[102, 19]]);
  });

  it('refuses a nice value that would not lower anything', () => {
    expect(
      () => new HelperPriority(0, { threads: () => [], mainThread: 1, setNice: () => undefined }),
    ).toThrow();
    expect(
      () => new HelperPriority(20, { threads: () => [], mainThread: 1, setNice: () => undefined }),
    ).toThrow();
  });
});

/** A thread's nice value: field 19 of /proc/self/task/<tid>/stat (after the command name in parentheses). */
function niceOf(thread: number): number {
  const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
}

describe.runIf(process.platform === 'linux')('startHelperPriority on Linux', () => {
  it("lowers this process's other threads and leaves the main thread as it was", () => {
    const before = niceOf(process.pid);
    const others = readdirSync('/proc/self/task')
      .map(Number)
      .filter((thread) => thread !== process.pid);
    expect(others.length).toBeGreaterThan(0);
    const stop = startHelperPriority(19);
    try {
      expect(stop).toBeTypeOf('function');
      expect(niceOf(process.pid)).toBe(before);
      for (const thread of others) {
        let nice: number;
        try {
          nice = niceOf(thread);
        } catch {
          continue; // ended meanwhile
        }
        expect(nice).toBe(19);
      }
    } finally {
      stop?.();
    }
  });
});
