/**
 * The helper threads' priority: every thread but the main one lowered once, threads that appear later lowered
 * at the next look, a reused thread id lowered again, a thread that ends mid-look skipped; looks at start and a
 * few times early, then never again; and for real on Linux, in a child process (a lowered thread cannot be raised
 * back without privilege, and this worker's own threads must keep their priority): the child's other threads end
 * up at the nice value, its main thread untouched.
 */
import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HELPER_PRIORITY_LOOKS_MS, HelperPriority, startHelperPriority } from './helper-priority.ts';

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

describe('startHelperPriority', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('looks at start and at 1 s, 10 s and 60 s, then never again', async () => {
    vi.useFakeTimers({ now: 0 });
    const looks: number[] = [];
    const stop = startHelperPriority(19, undefined, {
      threads: () => (looks.push(Date.now()), [100, 101]),
      mainThread: 100,
      setNice: () => undefined,
    });
    expect(HELPER_PRIORITY_LOOKS_MS).toEqual([1_000, 10_000, 60_000]);
    await vi.advanceTimersByTimeAsync(24 * 60 * 60 * 1000);
    expect(looks).toEqual([0, 1_000, 10_000, 60_000]);
    expect(vi.getTimerCount()).toBe(0);
    stop?.();
  });

  it('stopped, it takes none of the looks left', async () => {
    vi.useFakeTimers({ now: 0 });
    const looks: number[] = [];
    const stop = startHelperPriority(19, [1_000, 10_000], {
      threads: () => (looks.push(Date.now()), [100]),
      mainThread: 100,
      setNice: () => undefined,
    });
    await vi.advanceTimersByTimeAsync(1_000);
    stop?.();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(looks).toEqual([0, 1_000]);
  });
});

/**
 * A child process starts the rule, then answers its threads' nice values: field 19 of
 * /proc/self/task/<tid>/stat (after the command name in parentheses), the main thread's apart.
 */
const CHILD = `
import { readdirSync, readFileSync } from 'node:fs';
const { startHelperPriority } = await import(process.env.HELPER_PRIORITY_MODULE);
const niceOf = (thread) => {
  const stat = readFileSync('/proc/self/task/' + thread + '/stat', 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
};
const before = niceOf(process.pid);
const stop = startHelperPriority(19);
const others = [];
for (const thread of readdirSync('/proc/self/task').map(Number)) {
  if (thread === process.pid) continue;
  try { others.push(niceOf(thread)); } catch { /* ended meanwhile */ }
}
stop();
console.log(JSON.stringify({ before, main: niceOf(process.pid), others }));
`;

/** This process's threads' nice values, by thread id (those that ended meanwhile left out). */
function ownNices(): Map<number, number> {
  const nices = new Map<number, number>();
  for (const thread of readdirSync('/proc/self/task').map(Number)) {
    try {
      const stat = readFileSync(`/proc/self/task/${thread}/stat`, 'utf8');
      nices.set(thread, Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]));
    } catch {
      // ended meanwhile
    }
  }
  return nices;
}

describe.runIf(process.platform === 'linux')('startHelperPriority on Linux', () => {
  it("lowers a process's other threads and leaves its main thread as it was", async () => {
    const ownBefore = ownNices();
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '--eval', CHILD],
      {
        cwd: fileURLToPath(new URL('../..', import.meta.url)),
        env: {
          PATH: process.env.PATH ?? '',
          HELPER_PRIORITY_MODULE: new URL('./helper-priority.ts', import.meta.url).href,
        },
      },
    );
    const { before, main, others } = JSON.parse(stdout) as { before: number; main: number; others: number[] };
    expect(main).toBe(before);
    expect(others.length).toBeGreaterThan(0);
    expect(others.every((nice) => nice === 19)).toBe(true);
    // This test's own process is left as it was.
    const ownAfter = ownNices();
    for (const [thread, nice] of ownBefore) if (ownAfter.has(thread)) expect(ownAfter.get(thread)).toBe(nice);
  });
});
