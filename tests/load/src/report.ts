/**
 * The load tool's report: totals, rates, ack and delivery latency percentiles, connection troubles, and the
 * generator's health; plus the one-line live progress.
 */
import type { GeneratorHealth } from './generator.ts';
import type { LatencySummary } from './latency.ts';
import type { Ledger, LedgerTotals } from './ledger.ts';

export interface RunReport {
  tool: 'showfloor-load';
  startedAt: string;
  config: Record<string, unknown>;
  /** Length of the measured window, seconds. */
  measuredSeconds: number;
  sockets: number;
  senders: number;
  totals: LedgerTotals;
  rates: { sentPerSecond: number; ackedPerSecond: number; deliveredPerSecond: number };
  ack: LatencySummary;
  delivery: LatencySummary;
  connections: { connected: number; reconnects: number; errors: number };
  generator: GeneratorHealth;
}

const perSecond = (count: number, seconds: number): number =>
  seconds > 0 ? Math.round((count / seconds) * 10) / 10 : 0;

/** Builds the report of a finished (drained) run. */
export function buildReport(input: {
  startedAt: Date;
  config: Record<string, unknown>;
  measuredSeconds: number;
  size: { sockets: number; senders: number };
  ledger: Ledger;
  connections: RunReport['connections'];
  generator: GeneratorHealth;
}): RunReport {
  const totals = input.ledger.totals();
  return {
    tool: 'showfloor-load',
    startedAt: input.startedAt.toISOString(),
    config: input.config,
    measuredSeconds: input.measuredSeconds,
    sockets: input.size.sockets,
    senders: input.size.senders,
    totals,
    rates: {
      sentPerSecond: perSecond(totals.sent, input.measuredSeconds),
      ackedPerSecond: perSecond(totals.acked, input.measuredSeconds),
      deliveredPerSecond: perSecond(totals.deliveries, input.measuredSeconds),
    },
    ack: input.ledger.ack.summary(),
    delivery: input.ledger.delivery.summary(),
    connections: input.connections,
    generator: input.generator,
  };
}

/** One line of live progress (no newline). */
export function progressLine(input: {
  elapsedSeconds: number;
  totalSeconds: number;
  ledger: Ledger;
  connections: { connected: number; reconnects: number };
}): string {
  const totals = input.ledger.totals();
  const rate = perSecond(totals.deliveries, input.elapsedSeconds);
  return (
    `[${input.elapsedSeconds.toFixed(0).padStart(4)}s/${input.totalSeconds}s] sent ${totals.sent} acked ${totals.acked} ` +
    `refused ${totals.refused} delivered ${totals.deliveries} (${rate}/s) ack p99 ${input.ledger.ack.percentile(99).toFixed(1)} ms ` +
    `delivery p99 ${input.ledger.delivery.percentile(99).toFixed(1)} ms late ${totals.late} dup ${totals.duplicated} ` +
    `sockets ${input.connections.connected} reconnects ${input.connections.reconnects}`
  );
}
