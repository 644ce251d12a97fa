import { describe, expect, it } from 'vitest';
import {
  CAPACITY_LIMITS,
  isGeneratorSaturated,
  nextVisitors,
  readGauge,
  statusKey,
  stepVerdict,
  type StepFigures,
} from './capacity-rules.ts';

const healthy: StepFigures = {
  visitors: 2_000,
  connected: 2_000,
  connectFailures: 0,
  chatDeliveryP99Ms: 12,
  statusDeliveryP99Ms: 30,
  lost: 0,
  unacknowledged: 0,
  nodeLagP99Ms: [15, 20],
  isGeneratorSaturated: false,
};

describe('stepVerdict', () => {
  it('holds a step within every limit', () => {
    expect(stepVerdict(healthy)).toEqual({ isHeld: true, reasons: [], isVoid: false });
  });

  it('stops when delivery p99 passes 100 ms, chat or status', () => {
    expect(stepVerdict({ ...healthy, chatDeliveryP99Ms: 100.5 }).reasons).toEqual([
      'chat delivery p99 100.5 ms > 100 ms',
    ]);
    expect(stepVerdict({ ...healthy, statusDeliveryP99Ms: 140 }).isHeld).toBe(false);
    expect(stepVerdict({ ...healthy, chatDeliveryP99Ms: 100 }).isHeld).toBe(true);
  });

  it('judges batched status receipts against the batch interval plus 100 ms', () => {
    const limits = { ...CAPACITY_LIMITS, statusBatchMs: 1_000 };
    expect(stepVerdict({ ...healthy, statusBatchP99Ms: 1_100 }, limits).isHeld).toBe(true);
    expect(stepVerdict({ ...healthy, statusBatchP99Ms: 1_100.5 }, limits).reasons).toEqual([
      'status batch delivery p99 1100.5 ms > 1100 ms',
    ]);
    expect(stepVerdict({ ...healthy, statusBatchP99Ms: 150 }).isHeld).toBe(false);
  });

  it('stops on a single lost receipt, but not on late ones (the ledger counts those apart)', () => {
    expect(stepVerdict({ ...healthy, lost: 1 }).reasons).toEqual(['1 chat receipts lost']);
    expect(stepVerdict({ ...healthy, statusBatchLost: 2 }).reasons).toEqual([
      '2 batched status receipts lost or stale',
    ]);
    expect(stepVerdict({ ...healthy, statusBatchLost: 0 }).isHeld).toBe(true);
  });

  it("stops when a node's event loop lags past 100 ms and names the node", () => {
    expect(stepVerdict({ ...healthy, nodeLagP99Ms: [20, 130] }).reasons).toEqual([
      'node 2 event-loop lag p99 130 ms > 100 ms',
    ]);
  });

  it('stops on visitors that could not connect or dropped', () => {
    const verdict = stepVerdict({ ...healthy, connectFailures: 3, connected: 1_990 });
    expect(verdict.reasons).toEqual(['3 visitors could not connect', '7 visitors were disconnected']);
  });

  it('marks a step void when the generator saturated', () => {
    const verdict = stepVerdict({ ...healthy, isGeneratorSaturated: true });
    expect(verdict.isHeld).toBe(false);
    expect(verdict.isVoid).toBe(true);
  });
});

describe('isGeneratorSaturated', () => {
  it('is saturated from 50 ms of loop p99 or 90 % of a core', () => {
    expect(isGeneratorSaturated({ loopP99Ms: 49.9, cpuShare: 0.89 })).toBe(false);
    expect(isGeneratorSaturated({ loopP99Ms: 50, cpuShare: 0.1 })).toBe(true);
    expect(isGeneratorSaturated({ loopP99Ms: 1, cpuShare: 0.9 })).toBe(true);
  });
});

describe('nextVisitors', () => {
  it('adds a step up to the maximum, then stops', () => {
    expect(nextVisitors(0, 1_000, 2_500)).toBe(1_000);
    expect(nextVisitors(2_000, 1_000, 2_500)).toBe(2_500);
    expect(nextVisitors(2_500, 1_000, 2_500)).toBeUndefined();
  });
});

describe('readGauge', () => {
  const metrics = [
    '# HELP nodejs_eventloop_lag_p99_seconds The 99th percentile of the recorded event loop delays.',
    '# TYPE nodejs_eventloop_lag_p99_seconds gauge',
    'nodejs_eventloop_lag_p99_seconds 0.012',
    'nodejs_eventloop_lag_p99_seconds_other 9',
    'process_resident_memory_bytes{node="a"} 123456',
  ].join('\n');

  it('reads a gauge with or without labels, not a longer name', () => {
    expect(readGauge(metrics, 'nodejs_eventloop_lag_p99_seconds')).toBe(0.012);
    expect(readGauge(metrics, 'process_resident_memory_bytes')).toBe(123456);
    expect(readGauge(metrics, 'nodejs_eventloop_lag')).toBeUndefined();
  });
});

describe('statusKey', () => {
  it('tells every user and status apart', () => {
    const keys = new Set<number | undefined>();
    for (let user = 1; user <= 2_000; user += 1)
      for (const status of ['available', 'away', 'busy']) keys.add(statusKey(user, status));
    expect(keys.size).toBe(6_000);
    expect(keys.has(undefined)).toBe(false);
  });

  it('has no key for what the bench never sends', () => {
    expect(statusKey(7, 'offline')).toBeUndefined();
    expect(statusKey(undefined, 'away')).toBeUndefined();
    expect(statusKey('7', 'away')).toBeUndefined();
    expect(statusKey(7.5, 'away')).toBeUndefined();
  });
});
