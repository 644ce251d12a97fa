import { describe, expect, it } from 'vitest';
import { FAULT_TIMINGS, LONG, SHORT, faultCounts } from './schedule.ts';

describe('the fault schedules', () => {
  it('hold the issue’s faults: node kills back after 5 s, Redis down 10 s, a 20 s pause, a provider restart', () => {
    expect(FAULT_TIMINGS).toMatchObject({ NODE_DOWN_MS: 5_000, REDIS_DOWN_MS: 10_000, PAUSE_MS: 20_000 });
    for (const schedule of [SHORT, LONG]) {
      const counts = faultCounts(schedule);
      expect(counts['kill-node']).toBeGreaterThanOrEqual(2);
      expect(counts['restart-redis']).toBeGreaterThanOrEqual(2);
      expect(counts['pause-node']).toBe(1);
      expect(counts['restart-provider']).toBe(1);
      expect(counts.overload).toBeGreaterThanOrEqual(1);
      expect(schedule.rate).toBe(20);
    }
  });

  it('runs the long form for ten minutes with 5 node kills and 3 Redis restarts', () => {
    expect(LONG.durationS).toBe(600);
    expect(faultCounts(LONG)).toMatchObject({ 'kill-node': 5, 'restart-redis': 3 });
  });

  it('kills both nodes in turn and leaves room after the last fault for the drain', () => {
    for (const schedule of [SHORT, LONG]) {
      const killed = schedule.faults.flatMap((fault) => (fault.kind === 'kill-node' ? [fault.node] : []));
      expect(new Set(killed)).toEqual(new Set([0, 1]));
      const times = schedule.faults.map((fault) => fault.at);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(Math.max(...times) + schedule.overloadS).toBeLessThanOrEqual(schedule.durationS);
    }
  });
});
