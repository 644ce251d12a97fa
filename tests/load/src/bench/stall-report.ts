/**
 * Reads a stall probe's directory (src/bench/stall-probe.mjs) and says what the slow acks and deliveries of the
 * run overlapped: per process, its stalled windows, collections and scheduler waits; then every ack or delivery
 * at least `--slow-ms` (default 30) late, by what was going on while it was in flight.
 * Usage: `tsx src/bench/stall-report.ts DIR [--slow-ms 30] [--top 12]` (tests/load/README.md, "Reading a
 * latency tail").
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface Window {
  k: 'win';
  t: number;
  lag: number;
  run: number;
  wait: number;
  cpu: number;
}
interface Collection {
  k: 'gc';
  t: number;
  d: number;
  kind?: number;
  flags?: number;
}
interface Slow {
  k: 'ack' | 'delivery' | 'call';
  t: number;
  d: number;
  path?: string;
}
interface Second {
  k: 'sec';
  t: number;
  lag: number;
  gcCount: number;
  gcMs: number;
  gcMax: number;
  cpu: number;
  heapMiB?: number;
}
/** The core sampler's window (core-sampler.mjs): each process that ran, [label, pid, ms, core last run on]. */
interface Ran {
  k: 'ran';
  t: number;
  p: Array<[string, number, number, number]>;
}
type ProbeRecord = Window | Collection | Slow | Second | Ran;

/** What a process was, by its script: the gateway's nodes, the bench's provider, the generator. */
type Role = 'gateway' | 'provider' | 'generator' | 'machine' | 'other';

interface ProcessLog {
  name: string;
  role: Role;
  records: ProbeRecord[];
}

const GC_KINDS: Record<number, string> = {
  1: 'scavenge',
  2: 'minor-ms',
  4: 'mark-compact',
  8: 'marking step',
  16: 'weak',
};
/** perf_hooks gc flag: the collection was asked for (`gc()`: the gateway's idle collection). */
const FORCED = 4;

function roleOf(name: string): Role {
  if (/main\.js-\d+\.jsonl$/.test(name)) return 'gateway';
  if (name.includes('instant-provider')) return 'provider';
  if (/bench_(relay|capacity)\.ts-/.test(name) || name.startsWith('src_cli.ts')) return 'generator';
  if (name.startsWith('machine-sampler')) return 'machine';
  return 'other';
}

export function readProbeDir(dir: string): ProcessLog[] {
  return readdirSync(dir)
    .filter((name) => name.endsWith('.jsonl'))
    .map((name) => ({
      name: name.replace(/\.jsonl$/, ''),
      role: roleOf(name),
      records: readFileSync(join(dir, name), 'utf8')
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as ProbeRecord),
    }))
    .filter((log) => log.role !== 'other');
}

/** A probe window [t, t + 100 ms) or a collection [t, t + d) overlaps the flight [sent, sent + ms). */
function overlaps(record: { t: number }, length: number, sent: number, ms: number): boolean {
  return record.t < sent + ms && record.t + length > sent;
}

/** A probe log's process id, from its file name (`<script>-<pid>`). */
const pidOf = (log: ProcessLog): number => Number(log.name.slice(log.name.lastIndexOf('-') + 1));

/**
 * What else ran on a gateway's core (the core the sampler saw it on most) during `windows` of it, in ms per
 * process label: the other gateway node is told apart from this one. Empty without a core sampler's log.
 */
export function holders(logs: ProcessLog[], gateway: ProcessLog, windows: Window[]): Map<string, number> {
  const pid = pidOf(gateway);
  const samples = logs.filter((log) => log.role === 'machine').flatMap((log) => log.records);
  const ran = samples.filter((r): r is Ran => r.k === 'ran');
  const cores = new Map<number, number>();
  for (const r of ran)
    for (const [, p, ms, core] of r.p) if (p === pid) cores.set(core, (cores.get(core) ?? 0) + ms);
  const core = [...cores].sort((a, b) => b[1] - a[1])[0]?.[0];
  const held = new Map<string, number>();
  if (core === undefined) return held;
  for (const w of windows)
    for (const r of ran) {
      if (r.t >= w.t + 100 || r.t + 100 <= w.t) continue;
      // Sample windows straddle probe windows: count the overlapping share.
      const share = (Math.min(r.t, w.t) + 100 - Math.max(r.t, w.t)) / 100;
      for (const [label, p, ms, on] of r.p) {
        if (p === pid || on !== core) continue;
        const name = label === 'gateway' ? 'the other gateway node' : label;
        held.set(name, (held.get(name) ?? 0) + ms * share);
      }
    }
  return held;
}

/** The largest holder's label, or undefined. */
const mainHolder = (held: Map<string, number>): string | undefined =>
  [...held].sort((a, b) => b[1] - a[1])[0]?.[0];

export interface Attribution {
  /** Slow acks or deliveries by what overlapped them ('+'-joined; 'nothing seen' when nothing did). */
  causes: Map<string, number>;
  /** The same by the first cause only (what kept the gateway off its core, named, before the rest). */
  first: Map<string, number>;
  total: number;
}

/**
 * For each slow ack or delivery: was a gateway's main thread kept off its core (a window with `waitMs` of
 * scheduler wait), in a collection of `gcMs` or more, or stalled while running (lag without the wait); was the
 * provider's or the generator's loop held up `lagMs` or more.
 */
export function attribute(
  logs: ProcessLog[],
  kind: 'ack' | 'delivery',
  slowMs: number,
  { waitMs = 20, gcMs = 10, lagMs = 20 } = {},
): Attribution {
  const of = (role: Role) => logs.filter((log) => log.role === role).flatMap((log) => log.records);
  const gateway = of('gateway');
  const waits = gateway.filter((r): r is Window => r.k === 'win' && r.wait >= waitMs);
  // The process's other threads (V8's collector helpers, libuv's pool) ran at least half as long as the main
  // thread waited: on one core, they are what kept it waiting.
  const byOwnThreads = waits.filter((r) => r.cpu - r.run >= r.wait / 2);
  const byOthers = waits.filter((r) => r.cpu - r.run < r.wait / 2);
  const busy = gateway.filter((r): r is Window => r.k === 'win' && r.lag >= lagMs && r.wait < waitMs);
  const collections = gateway.filter((r): r is Collection => r.k === 'gc' && r.d >= gcMs);
  const forced = collections.filter((r) => ((r.flags ?? 0) & FORCED) !== 0);
  const lagged = (role: Role) => of(role).filter((r): r is Window => r.k === 'win' && r.lag >= lagMs);
  const provider = lagged('provider');
  const generator = lagged('generator');
  const causes = new Map<string, number>();
  const first = new Map<string, number>();
  let total = 0;
  for (const slow of of('generator')) {
    if (slow.k !== kind || slow.d < slowMs) continue;
    total += 1;
    const seen: string[] = [];
    const any = (records: Array<{ t: number; d?: number }>, window = true) =>
      records.some((r) => overlaps(r, window ? 100 : (r.d ?? 0), slow.t, slow.d));
    if (any(byOwnThreads)) seen.push("gateway main thread kept off its core by the gateway's other threads");
    else if (any(byOthers)) {
      // With a core sampler's log: which process ran most on the gateway's core in those windows.
      const held = new Map<string, number>();
      for (const log of logs.filter((l) => l.role === 'gateway')) {
        const windows = log.records.filter(
          (r): r is Window =>
            r.k === 'win' &&
            r.wait >= waitMs &&
            r.cpu - r.run < r.wait / 2 &&
            overlaps(r, 100, slow.t, slow.d),
        );
        for (const [name, ms] of holders(logs, log, windows)) held.set(name, (held.get(name) ?? 0) + ms);
      }
      const most = mainHolder(held);
      seen.push(`gateway main thread kept off its core by other processes${most ? ` (most: ${most})` : ''}`);
    }
    if (any(forced, false)) seen.push('gateway idle collection');
    else if (any(collections, false)) seen.push('gateway collection');
    if (any(busy)) seen.push('gateway loop busy');
    if (any(provider)) seen.push('provider loop lag');
    if (any(generator)) seen.push('generator loop lag');
    const key = seen.join(' + ') || 'nothing seen';
    causes.set(key, (causes.get(key) ?? 0) + 1);
    const head = seen[0] ?? 'nothing seen';
    first.set(head, (first.get(head) ?? 0) + 1);
  }
  return { causes, first, total };
}

const round = (value: number): number => Math.round(value * 10) / 10;

function summary(log: ProcessLog, top: number, logs: ProcessLog[]): string[] {
  const windows = log.records.filter((r): r is Window => r.k === 'win');
  const collections = log.records.filter((r): r is Collection => r.k === 'gc');
  const seconds = log.records.filter((r): r is Second => r.k === 'sec');
  const lines = [`${log.name} (${log.role}): ${seconds.length} s probed`];
  if (seconds.length > 0) {
    const cpu = seconds.reduce((sum, s) => sum + s.cpu, 0) / seconds.length / 10;
    const gc = seconds.reduce((sum, s) => sum + s.gcMs, 0) / seconds.length;
    const heap = seconds.map((s) => s.heapMiB ?? 0);
    lines.push(
      `  CPU ${cpu.toFixed(1)} % of a core, collections ${gc.toFixed(1)} ms/s, heap in use ${Math.min(...heap)}-${Math.max(...heap)} MiB`,
    );
  }
  const byKind = new Map<string, { count: number; ms: number; max: number }>();
  for (const c of collections) {
    const name = `${GC_KINDS[c.kind ?? 0] ?? `kind ${c.kind}`}${((c.flags ?? 0) & FORCED) !== 0 ? ' (forced)' : ''}`;
    const entry = byKind.get(name) ?? { count: 0, ms: 0, max: 0 };
    entry.count += 1;
    entry.ms += c.d;
    entry.max = Math.max(entry.max, c.d);
    byKind.set(name, entry);
  }
  for (const [name, entry] of byKind)
    lines.push(
      `  ${name} over 2 ms: ${entry.count}, ${entry.ms.toFixed(0)} ms in all, longest ${entry.max} ms`,
    );
  const starved = windows.filter((w) => w.wait >= 20);
  const own = starved.filter((w) => w.cpu - w.run >= w.wait / 2);
  lines.push(
    `  100 ms windows with loop lag over 3 ms: ${windows.length}; of them the main thread waited for its core ≥ 20 ms: ${starved.length} (while the process's other threads ran ≥ half that wait: ${own.length})`,
  );
  if (log.role === 'gateway') {
    const others = starved.filter((w) => w.cpu - w.run < w.wait / 2);
    const held = [...holders(logs, log, others)].sort((a, b) => b[1] - a[1]).slice(0, 6);
    if (held.length > 0)
      lines.push(
        `  on its core in the ${others.length} windows it waited ${others.reduce((sum, w) => sum + w.wait, 0).toFixed(0)} ms for it (not its own threads): ${held.map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`).join(', ')}`,
      );
  }
  for (const w of [...windows].sort((a, b) => b.lag - a.lag).slice(0, top))
    lines.push(
      `    ${new Date(w.t).toISOString().slice(11, 23)} lag ${w.lag} ms: main thread ran ${w.run} ms, waited ${w.wait} ms; other threads ${round(w.cpu - w.run)} ms`,
    );
  return lines;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'slow-ms': { type: 'string', default: '30' }, top: { type: 'string', default: '8' } },
  });
  const dir = positionals[0];
  if (!dir) {
    console.error('usage: tsx src/bench/stall-report.ts DIR [--slow-ms 30] [--top 8]');
    process.exit(2);
  }
  const slowMs = Number(values['slow-ms']);
  const logs = readProbeDir(dir);
  for (const log of logs.filter((l) => l.role !== 'machine'))
    console.log(summary(log, Number(values.top), logs).join('\n'));
  for (const kind of ['ack', 'delivery'] as const) {
    const { causes, first, total } = attribute(logs, kind, slowMs);
    const what = `${kind === 'ack' ? 'acks' : 'deliveries'} ≥ ${slowMs} ms: ${total}`;
    const print = (counts: Map<string, number>) => {
      for (const [cause, count] of [...counts].sort((a, b) => b[1] - a[1]))
        console.log(
          `  ${String(count).padStart(6)} (${((100 * count) / Math.max(1, total)).toFixed(1)} %) ${cause}`,
        );
    };
    console.log(`\n${what}, by their first cause (what held the gateway's core, named, before the rest):`);
    print(first);
    console.log(`${what}, by everything that overlapped them in flight:`);
    print(causes);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) main();
