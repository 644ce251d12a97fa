/**
 * The idle collector's rules on a fake clock and heap (collects only after `quietMs` without traffic, at most
 * once per `minIntervalMs`, only with `minGrowthBytes` of new old-generation use, never while traffic flows),
 * and once for real: V8 runs a major collection when it asks for one.
 */
import { constants, PerformanceObserver } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { Activity } from './activity.ts';
import { IdleGc, startIdleGc, type IdleGcDecision, type IdleGcOptions } from './idle-gc.ts';

const MiB = 1024 * 1024;
const OPTIONS: IdleGcOptions = {
  quietMs: 1_000,
  minIntervalMs: 10_000,
  minGrowthBytes: 8 * MiB,
  checkEveryMs: 250,
};

/** A scheduler on a clock and an old generation the test moves; `collect` drops the heap to `live`. */
function harness(options: IdleGcOptions = OPTIONS) {
  const activity = new Activity();
  const state = { now: 0, used: 20 * MiB, live: 20 * MiB, collections: [] as number[] };
  const gc = new IdleGc(activity, options, {
    now: () => state.now,
    oldGenerationUsed: () => state.used,
    collect: () => {
      state.collections.push(state.now);
      state.used = state.live;
    },
  });
  /** Looks every `checkEveryMs` for `ms`, noting traffic before each look while `busy` says so. */
  const run = (ms: number, busy: (now: number) => boolean = () => false): IdleGcDecision[] => {
    const decisions: IdleGcDecision[] = [];
    for (let elapsed = 0; elapsed < ms; elapsed += options.checkEveryMs) {
      state.now += options.checkEveryMs;
      if (busy(state.now)) activity.note();
      decisions.push(gc.check());
    }
    return decisions;
  };
  return { activity, state, gc, run };
}

describe('IdleGc', () => {
  it('never collects while traffic keeps coming, however much garbage there is', () => {
    const { state, run } = harness();
    run(2_000);
    state.used = 400 * MiB;
    const decisions = run(120_000, () => true);
    expect(state.collections).toEqual([]);
    expect(new Set(decisions)).toEqual(new Set(['busy']));
  });

  it('collects once the node has had no traffic for quietMs, and only then', () => {
    const { state, run } = harness();
    run(2_000);
    state.used = 40 * MiB;
    // Traffic until t = 5,000 (the last look that sees it), then none.
    const decisions = run(10_000, (now) => now <= 5_000);
    expect(state.collections).toEqual([6_000]);
    expect(decisions.filter((decision) => decision === 'collected')).toHaveLength(1);
    // Between the last traffic and the collection: only 'settling'.
    const lastBusy = decisions.lastIndexOf('busy');
    expect(decisions.slice(lastBusy + 1, decisions.indexOf('collected'))).toEqual([
      'settling',
      'settling',
      'settling',
    ]);
  });

  it('collects after traffic that began at start-up, before any quiet look', () => {
    const { state, run } = harness();
    state.used = 150 * MiB;
    run(5_000, () => true);
    run(1_000);
    expect(state.collections).toEqual([6_000]);
  });

  it('starts the quiet period again at a single message', () => {
    const { state, run } = harness();
    run(2_000);
    state.used = 40 * MiB;
    // A message before every fourth look (every 1,000 ms): never quiet for a whole quietMs.
    run(30_000, (now) => now % 1_000 === 250);
    expect(state.collections).toEqual([]);
  });

  it('does not take a held-up event loop for quiet: only looks on time count', () => {
    const { state, gc, run } = harness();
    run(2_000);
    state.used = 40 * MiB;
    run(500, () => true);
    // The loop is held up for 3 s (a long task, a starved core): the next look comes late, before the loop
    // has read what arrived meanwhile.
    state.now += 3_000;
    expect(gc.check()).toBe('stalled');
    expect(state.collections).toEqual([]);
    // Then quietMs of looks on time.
    const decisions = run(1_000);
    expect(decisions).toEqual(['settling', 'settling', 'settling', 'collected']);
  });

  it('does not count start-up as quiet', () => {
    const { state, run } = harness();
    state.used = 400 * MiB;
    const decisions = run(750);
    expect(decisions).toEqual(['settling', 'settling', 'settling']);
    expect(state.collections).toEqual([]);
  });

  it('collects at most once per minIntervalMs, however often the node goes quiet with garbage', () => {
    const { state, run } = harness();
    run(2_000);
    // Bursts of traffic that leave 20 MiB of garbage, each followed by 1.5 s of quiet, for 60 s.
    for (let burst = 0; burst < 30; burst += 1) {
      state.used += 20 * MiB;
      run(500, () => true);
      run(1_500);
    }
    expect(state.collections.length).toBeGreaterThan(1);
    for (let index = 1; index < state.collections.length; index += 1) {
      expect(state.collections[index]! - state.collections[index - 1]!).toBeGreaterThanOrEqual(
        OPTIONS.minIntervalMs,
      );
    }
    expect(state.collections.length).toBeLessThanOrEqual(60_000 / OPTIONS.minIntervalMs + 1);
  });

  it('does nothing while quiet when the old generation has not grown by minGrowthBytes', () => {
    const { state, run } = harness();
    run(2_000);
    state.used += 8 * MiB - 1;
    const decisions = run(120_000);
    expect(state.collections).toEqual([]);
    expect(decisions.at(-1)).toBe('nothing-to-collect');
    state.used += 1;
    run(250);
    expect(state.collections).toHaveLength(1);
  });

  it('measures growth from the lowest reading since its last collection (V8 collected on its own)', () => {
    const { state, run } = harness();
    run(2_000);
    state.used = 30 * MiB;
    run(20_000, (now) => now < 3_000);
    expect(state.collections).toHaveLength(1);
    // V8's own collection lowers the heap below what the last idle collection left.
    state.live = 10 * MiB;
    state.used = 10 * MiB;
    run(2_000);
    state.used = 10 * MiB + 8 * MiB;
    run(20_000);
    expect(state.collections).toHaveLength(2);
  });
});

describe('startIdleGc', () => {
  let stop: (() => void) | undefined;
  afterEach(() => stop?.());

  it('runs a major collection in this V8 once quiet, without a global gc', async () => {
    let observer: PerformanceObserver | undefined;
    // perf_hooks hands gc entries over after the collection: wait for a forced (asked-for) major one.
    const forcedMajor = new Promise<number>((resolve) => {
      observer = new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) {
          const { detail } = entry as { detail?: { kind?: number; flags?: number } };
          const isForced = ((detail?.flags ?? 0) & constants.NODE_PERFORMANCE_GC_FLAGS_FORCED) !== 0;
          if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR && isForced) resolve(entry.duration);
        }
      });
      observer.observe({ entryTypes: ['gc'] });
    });
    try {
      const collected = await new Promise<{ pauseMs: number }>((resolve, reject) => {
        stop = startIdleGc(
          new Activity(),
          { quietMs: 20, minIntervalMs: 60_000, minGrowthBytes: 0, checkEveryMs: 10 },
          resolve,
        );
        if (!stop) reject(new Error('no full collection available'));
      });
      expect(collected.pauseMs).toBeGreaterThan(0);
      await expect(forcedMajor).resolves.toBeGreaterThan(0);
      expect('gc' in globalThis).toBe(false);
    } finally {
      observer?.disconnect();
    }
  });
});
