import { describe, expect, it } from 'vitest';
import { Latency } from './latency.ts';
import { Ledger } from './ledger.ts';
import { buildReport } from './report.ts';

describe('Latency', () => {
  it('reports percentiles of recorded values in milliseconds', () => {
    const latency = new Latency();
    for (let value = 1; value <= 100; value += 1) latency.record(value);
    const summary = latency.summary();
    expect(summary.count).toBe(100);
    expect(summary.p50).toBeCloseTo(50, 0);
    expect(summary.p99).toBeCloseTo(99, 0);
    expect(summary.max).toBeCloseTo(100, 0);
  });

  it('keeps sub-millisecond resolution', () => {
    const latency = new Latency();
    latency.record(0.25);
    latency.record(0.75);
    expect(latency.percentile(100)).toBeCloseTo(0.75, 2);
    expect(latency.percentile(1)).toBeCloseTo(0.25, 2);
  });

  it('answers zeros when empty', () => {
    expect(new Latency().summary()).toMatchObject({ count: 0, p50: 0, p99: 0, max: 0 });
  });
});

describe('Ledger', () => {
  it('counts a 200-acked message that misses a recipient as lost', () => {
    const ledger = new Ledger();
    ledger.sent('m1', [2, 3, 4], 0);
    ledger.acked('m1', 200, undefined, 5);
    ledger.received('m1', 2, 6);
    ledger.received('m1', 3, 7);
    expect(ledger.totals()).toMatchObject({ sent: 1, acked: 1, deliveries: 2, lost: 1, duplicated: 0 });
  });

  it('tells a delivery after the drain (late, with how late) from one that never came (lost)', () => {
    const ledger = new Ledger();
    ledger.sent('m1', [2, 3, 4], 0);
    ledger.acked('m1', 200, undefined, 5);
    ledger.received('m1', 2, 6);
    expect(ledger.endDrain(100)).toBe(2);
    ledger.received('m1', 3, 350);
    const totals = ledger.totals();
    expect(totals).toMatchObject({ deliveries: 2, late: 1, lost: 1, duplicated: 0 });
    expect(totals.lateByMs.max).toBeCloseTo(250, 0);
    expect(ledger.delivery.summary().max).toBeCloseTo(350, 0);
  });

  it('settles early once every missing receipt came, and counts them late', async () => {
    const ledger = new Ledger();
    ledger.sent('m1', [2], performance.now());
    ledger.acked('m1', 200, undefined, performance.now());
    setTimeout(() => ledger.received('m1', 2, performance.now()), 150);
    const started = performance.now();
    expect(await ledger.settle(5_000)).toBe(1);
    expect(performance.now() - started).toBeLessThan(4_000);
    expect(ledger.totals()).toMatchObject({ late: 1, lost: 0 });
  });

  it('counts a second receipt by the same recipient as a duplicate, not a delivery', () => {
    const ledger = new Ledger();
    ledger.sent('m1', [2], 0);
    ledger.acked('m1', 200, undefined, 1);
    ledger.received('m1', 2, 2);
    ledger.received('m1', 2, 3);
    expect(ledger.totals()).toMatchObject({ deliveries: 1, duplicated: 1, lost: 0 });
  });

  it('does not count refused or unacked messages as lost', () => {
    const ledger = new Ledger();
    ledger.sent('refused', [2], 0);
    ledger.acked('refused', 400, 'Too many messages. Please slow down.', 1);
    ledger.sent('silent', [2], 0);
    ledger.ackTimedOut('silent');
    expect(ledger.totals()).toMatchObject({
      sent: 2,
      acked: 0,
      refused: 1,
      ackTimeouts: 1,
      lost: 0,
      refusals: { 'Too many messages. Please slow down.': 1 },
    });
  });

  it('flags receipts of unknown messages and of recipients that were not listed', () => {
    const ledger = new Ledger();
    ledger.sent('m1', [2], 0);
    ledger.received('other-run', 2, 1);
    ledger.received('m1', 9, 1);
    expect(ledger.totals().unexpected).toBe(2);
  });

  it('leaves warm-up messages out of the measured totals', () => {
    const ledger = new Ledger();
    ledger.isMeasuring = false;
    ledger.sent('warm', [2], 0);
    ledger.acked('warm', 200, undefined, 1);
    ledger.isMeasuring = true;
    ledger.sent('hot', [2], 10);
    ledger.acked('hot', 200, undefined, 14);
    ledger.received('hot', 2, 16);
    expect(ledger.totals()).toMatchObject({ sent: 1, acked: 1, deliveries: 1, lost: 0 });
    expect(ledger.ack.summary().p50).toBeCloseTo(4, 1);
    expect(ledger.delivery.summary().p50).toBeCloseTo(6, 1);
  });

  it('feeds rates and percentiles into the report', () => {
    const ledger = new Ledger();
    for (let index = 0; index < 10; index += 1) {
      ledger.sent(`m${index}`, [2, 3], index);
      ledger.acked(`m${index}`, 200, undefined, index + 2);
      ledger.received(`m${index}`, 2, index + 3);
      ledger.received(`m${index}`, 3, index + 3);
    }
    const report = buildReport({
      startedAt: new Date(0),
      config: {},
      measuredSeconds: 2,
      size: { sockets: 3, senders: 1 },
      ledger,
      connections: { connected: 3, reconnects: 0, errors: 0 },
      generator: { loopP99Ms: 1, cpuShare: 0.1, isSaturated: false },
    });
    expect(report.rates).toEqual({ sentPerSecond: 5, ackedPerSecond: 5, deliveredPerSecond: 10 });
    expect(report.ack.p99).toBeCloseTo(2, 1);
    expect(report.totals.lost).toBe(0);
  });
});
