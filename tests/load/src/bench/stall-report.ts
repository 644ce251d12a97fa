/**
 * Reads a stall probe's directory (src/bench/stall-probe.mjs) and says what the slow acks and deliveries of the
 * run overlapped: per process, its stalled windows, collections and scheduler waits; then every ack or delivery
 * at least `--slow-ms` (default 30) late, by what was going on while it was in flight.
 * Usage: `tsx src/bench/stall-report.ts DIR [--slow-ms 30] [--top 8] [--from HH:MM:SS] [--to HH:MM:SS]`
 * (tests/load/README.md, "Reading a latency tail"). Each overlap is looked up among its kind's records sorted by
 * start once (binary search), so a probed full bench:relay's directory (28 MB, ~600 k records: the README's "One
 * span, and a full run") is read in seconds, not hours.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

interface Window {
  k: 'win';
  t: number;
  /** The window's length in ms (100 and the lag that held its end up); 100 in logs from before it was written. */
  d?: number;
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
  d?: number;
  p: Array<[string, number, number, number]>;
}
/** The core sampler's window: each core's [core, irq, softirq, steal, idle] ms (/proc/stat). */
interface Cores {
  k: 'cores';
  t: number;
  d?: number;
  c: Array<[number, number, number, number, number]>;
}
type ProbeRecord = Window | Collection | Slow | Second | Ran | Cores;

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

/**
 * A `--from` or `--to`: epoch ms, or a UTC time of day `HH:MM[:SS[.mmm]]` on the day (UTC) of `first`, the
 * run's earliest record; undefined when it is neither.
 */
export function parseTime(text: string, first: number): number | undefined {
  if (/^\d{10,}$/.test(text)) return Number(text);
  const clock = /^(\d{1,2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?$/.exec(text);
  if (!clock) return undefined;
  const [h, m, sec = '0', ms = '0'] = clock.slice(1);
  if (Number(h) > 23 || Number(m) > 59 || Number(sec) > 59) return undefined;
  const day = first - (((first % 86_400_000) + 86_400_000) % 86_400_000);
  return day + ((Number(h) * 60 + Number(m)) * 60 + Number(sec)) * 1000 + Number(ms.padEnd(3, '0'));
}

/** The earliest record's time of a run (NaN without records). */
export function firstTime(logs: ProcessLog[]): number {
  let first = Infinity;
  for (const log of logs) for (const r of log.records) first = Math.min(first, r.t);
  return Number.isFinite(first) ? first : NaN;
}

/**
 * One span of a run: each log with only its records that start in [from, to] (either end open when undefined),
 * as if the probe had only written those; a log without any there is left out (a process of another step).
 */
export function inSpan(logs: ProcessLog[], from = -Infinity, to = Infinity): ProcessLog[] {
  return logs
    .map((log) => ({ ...log, records: log.records.filter((r) => r.t >= from && r.t <= to) }))
    .filter((log) => log.records.length > 0);
}

/** A window's or a collection's length: `d`, or 100 ms for a window of a log from before windows had it. */
const lengthOf = (record: { d?: number }): number => record.d ?? 100;

/** A probe window or a collection [t, t + d) overlaps the flight [sent, sent + ms). */
function overlaps(record: { t: number; d?: number }, sent: number, ms: number): boolean {
  return record.t < sent + ms && record.t + lengthOf(record) > sent;
}

/** The share of a sampler window that falls in a probe window (the sampler's ms are spread over its window). */
function shareIn(sample: { t: number; d?: number }, window: { t: number; d?: number }): number {
  const overlap =
    Math.min(sample.t + lengthOf(sample), window.t + lengthOf(window)) - Math.max(sample.t, window.t);
  return Math.max(0, overlap) / Math.max(1, lengthOf(sample));
}

/** The first index of ascending `starts` whose value is at least `value` (or above it, with `after`). */
function search(starts: number[], value: number, after = false): number {
  let lo = 0;
  let hi = starts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    const start = starts[mid] ?? Infinity; // mid < starts.length: always there
    if (start < value || (after && start === value)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Windows, collections or sampler windows [t, t + d) sorted by start once, for the overlap questions asked of
 * them per slow ack and per window: a binary search instead of a scan of every record. Answers come in the
 * records' own order, so sums add up in the same order as a scan's would.
 */
export class Spans<T extends { t: number; d?: number }> {
  /** The records by start, each with its place among the records as given. */
  private readonly sorted: Array<{ record: T; index: number }>;
  /** The records by start when that is their own order (a log is written in time order), else undefined. */
  private readonly inOrder: T[] | undefined;
  private readonly starts: number[];
  /** The latest end among the first i + 1 records by start. */
  private readonly reach: number[] = [];
  private readonly longest: number;

  constructor(records: T[]) {
    // A stable sort: records given in order of start keep their places.
    this.sorted = records.map((record, index) => ({ record, index })).sort((a, b) => a.record.t - b.record.t);
    this.inOrder = this.sorted.every(({ index }, i) => index === i) ? records : undefined;
    this.starts = this.sorted.map(({ record }) => record.t);
    let reach = -Infinity;
    let longest = 0;
    for (const { record } of this.sorted) {
      reach = Math.max(reach, record.t + lengthOf(record));
      longest = Math.max(longest, lengthOf(record));
      this.reach.push(reach);
    }
    this.longest = longest;
  }

  /** Whether any record overlaps the flight [sent, sent + ms) (`overlaps`). */
  any(sent: number, ms: number): boolean {
    const before = search(this.starts, sent + ms);
    return (this.reach[before - 1] ?? -Infinity) > sent;
  }

  /**
   * Every record that may overlap [from, to) (all that do, and some that only touch it), in their own order:
   * sorted back into it only when the records were not given by start.
   */
  near(from: number, to: number): T[] {
    const lo = search(this.starts, from - this.longest);
    const hi = search(this.starts, to, true);
    if (this.inOrder) return this.inOrder.slice(lo, hi);
    return this.sorted
      .slice(lo, hi)
      .sort((a, b) => a.index - b.index)
      .map(({ record }) => record);
  }
}

/** A probe log's process id, from its file name (`<script>-<pid>`). */
const pidOf = (log: ProcessLog): number => Number(log.name.slice(log.name.lastIndexOf('-') + 1));

/** The core sampler's windows of a set of logs, sorted once, and each process's core (`coreOf`), once. */
interface Machine {
  ran: Spans<Ran>;
  times: Spans<Cores>;
  timed: boolean;
  coreOf: (pid: number) => number | undefined;
}

/** Per set of logs (read once, never changed after): asked for each slow ack's off-core windows. */
const machines = new WeakMap<ProcessLog[], Machine>();

function machineOf(logs: ProcessLog[]): Machine {
  const known = machines.get(logs);
  if (known) return known;
  const samples = logs.filter((log) => log.role === 'machine').flatMap((log) => log.records);
  const ran = samples.filter((r): r is Ran => r.k === 'ran');
  const times = samples.filter((r): r is Cores => r.k === 'cores');
  const cores = new Map<number, number | undefined>();
  const machine: Machine = {
    ran: new Spans(ran),
    times: new Spans(times),
    timed: times.length > 0,
    coreOf: (pid) => {
      if (!cores.has(pid)) cores.set(pid, coreOf(ran, pid));
      return cores.get(pid);
    },
  };
  machines.set(logs, machine);
  return machine;
}

/** The core the sampler saw a gateway's main thread on most (by its process's CPU there), or undefined. */
function coreOf(ran: Ran[], pid: number): number | undefined {
  const cores = new Map<number, number>();
  for (const r of ran)
    for (const [, p, ms, core] of r.p) if (p === pid) cores.set(core, (cores.get(core) ?? 0) + ms);
  return [...cores].sort((a, b) => b[1] - a[1])[0]?.[0];
}

/** A core's own time in a set of windows, ms: interrupts, softirqs, the hypervisor's (steal), idle. */
export interface CoreTimes {
  irq: number;
  softirq: number;
  steal: number;
  idle: number;
}

/**
 * What else ran on a gateway's core (the core the sampler saw it on most) during `windows` of it, in ms per
 * process label (the other gateway node told apart from this one; kernel threads as `[name]`, the sampler as
 * `sampler`), and the core's irq, softirq, steal and idle time in those windows (undefined without the
 * sampler's `cores` records). Empty without a core sampler's log.
 */
export function onCore(
  logs: ProcessLog[],
  gateway: ProcessLog,
  windows: Window[],
): { held: Map<string, number>; core?: CoreTimes } {
  const pid = pidOf(gateway);
  const machine = machineOf(logs);
  const core = machine.coreOf(pid);
  const held = new Map<string, number>();
  if (core === undefined) return { held };
  for (const w of windows)
    for (const r of machine.ran.near(w.t, w.t + lengthOf(w))) {
      // Sample windows straddle probe windows: count the overlapping share.
      const share = shareIn(r, w);
      if (share === 0) continue;
      for (const [label, p, ms, on] of r.p) {
        if (p === pid || on !== core) continue;
        const name = label === 'gateway' ? 'the other gateway node' : label;
        held.set(name, (held.get(name) ?? 0) + ms * share);
      }
    }
  if (!machine.timed) return { held };
  const sums: CoreTimes = { irq: 0, softirq: 0, steal: 0, idle: 0 };
  for (const w of windows)
    for (const r of machine.times.near(w.t, w.t + lengthOf(w))) {
      const share = shareIn(r, w);
      if (share === 0) continue;
      for (const [on, irq, softirq, steal, idle] of r.c) {
        if (on !== core) continue;
        sums.irq += irq * share;
        sums.softirq += softirq * share;
        sums.steal += steal * share;
        sums.idle += idle * share;
      }
    }
  return { held, core: sums };
}

/**
 * The largest of what held a core: a process's label or the core's irq, softirq or steal (idle is not a
 * holder); undefined when nothing did.
 */
function mainHolder(held: Map<string, number>, core?: CoreTimes): string | undefined {
  const all = [...held];
  if (core) all.push(['irq', core.irq], ['softirq', core.softirq], ['steal', core.steal]);
  return all.filter(([, ms]) => ms > 0).sort((a, b) => b[1] - a[1])[0]?.[0];
}

/**
 * "on its core …" in words: the processes, largest first (`top` of them), then the core's own time; softirq
 * includes the `[ksoftirqd/N]` time listed among the processes.
 */
export function describeCore(held: Map<string, number>, core: CoreTimes | undefined, top = 6): string {
  const processes = [...held]
    .sort((a, b) => b[1] - a[1])
    .slice(0, top)
    .map(([name, ms]) => `${name} ${ms.toFixed(0)} ms`)
    .join(', ');
  const times = core
    ? `; the core: irq ${core.irq.toFixed(0)} ms, softirq ${core.softirq.toFixed(0)} ms, steal ${core.steal.toFixed(0)} ms, idle ${core.idle.toFixed(0)} ms`
    : '';
  return `${processes || 'no process'}${times}`;
}

export interface Attribution {
  /** Slow acks or deliveries by what overlapped them ('+'-joined; 'nothing seen' when nothing did). */
  causes: Map<string, number>;
  /** The same by the first cause only (what kept the gateway off its core, named, before the rest). */
  first: Map<string, number>;
  total: number;
  /**
   * Per gateway node, the windows in which other processes kept its main thread off its core during slow acks
   * or deliveries (each window once), as `offCoreIn` gives them.
   */
  offCore: OffCore[];
}

/** A gateway node's windows in which other processes kept its main thread off its core, summed. */
export interface OffCore {
  name: string;
  windows: number;
  /** How long its main thread waited for its core, ms. */
  wait: number;
  /** How long its own other threads ran (`otherThreads`, none counted below 0), ms. */
  ownThreads: number;
  /** What was on its core (`onCore`). */
  held: Map<string, number>;
  core?: CoreTimes;
}

/** The main thread's wait in a window, ms, from which the window counts as one it waited for its core in. */
const WAIT_MS = 20;

/** How long a window's process ran besides its main thread, ms: its other threads (V8's collector, libuv's pool). */
const otherThreads = (w: Window): number => w.cpu - w.run;

/**
 * A window in which the main thread waited for its core was the process's own doing when its other threads ran
 * at least half as long as it waited (on one core, they are what kept it waiting); else other processes kept it
 * off (`byOthers`).
 */
const byOwnThreads = (w: Window): boolean => otherThreads(w) >= w.wait / 2;
const byOthers = (w: Window): boolean => otherThreads(w) < w.wait / 2;

/** A gateway node's `windows` in which other processes kept its main thread off its core, summed (`OffCore`). */
function offCoreIn(logs: ProcessLog[], gateway: ProcessLog, windows: Window[]): OffCore {
  return {
    name: gateway.name,
    windows: windows.length,
    wait: windows.reduce((sum, w) => sum + w.wait, 0),
    ownThreads: windows.reduce((sum, w) => sum + Math.max(0, otherThreads(w)), 0),
    ...onCore(logs, gateway, windows),
  };
}

/** What makes a window or collection one that may hold a slow ack up (`attribute`), ms. */
interface Thresholds {
  waitMs?: number;
  gcMs?: number;
  lagMs?: number;
}

/**
 * A run's generator records and its windows and collections that may hold a slow ack up, each kind sorted once
 * (`Spans`), for `attribute`'s questions per slow ack or delivery.
 */
interface Probe {
  /** The generator's acks and deliveries (each over 10 ms: the probe writes no others). */
  flights: Slow[];
  /** Gateway windows with a wait of `waitMs` or more that the node's own threads caused (`byOwnThreads`). */
  byOwnThreads: Spans<Window>;
  /** Per gateway node, its windows with a wait of `waitMs` or more that other processes caused (`byOthers`). */
  nodes: Array<{ log: ProcessLog; byOthers: Spans<Window> }>;
  /** Gateway windows that lagged `lagMs` or more without such a wait. */
  busy: Spans<Window>;
  /** Gateway collections of `gcMs` or more; the forced ones (the idle collection) apart too. */
  collections: Spans<Collection>;
  forced: Spans<Collection>;
  /** The provider's and the generator's windows that lagged `lagMs` or more. */
  provider: Spans<Window>;
  generator: Spans<Window>;
}

function probeOf(logs: ProcessLog[], { waitMs = WAIT_MS, gcMs = 10, lagMs = 20 }: Thresholds = {}): Probe {
  const of = (role: Role) => logs.filter((log) => log.role === role).flatMap((log) => log.records);
  const windows = (records: ProbeRecord[]) => records.filter((r): r is Window => r.k === 'win');
  const gateway = of('gateway');
  const waits = (records: ProbeRecord[]) => windows(records).filter((r) => r.wait >= waitMs);
  const gcs = gateway.filter((r): r is Collection => r.k === 'gc' && r.d >= gcMs);
  const lagged = (role: Role) => new Spans(windows(of(role)).filter((r) => r.lag >= lagMs));
  return {
    flights: of('generator').filter((r): r is Slow => r.k === 'ack' || r.k === 'delivery'),
    byOwnThreads: new Spans(waits(gateway).filter(byOwnThreads)),
    nodes: logs
      .filter((log) => log.role === 'gateway')
      .map((log) => ({ log, byOthers: new Spans(waits(log.records).filter(byOthers)) })),
    busy: new Spans(windows(gateway).filter((r) => r.lag >= lagMs && r.wait < waitMs)),
    collections: new Spans(gcs),
    forced: new Spans(gcs.filter((r) => ((r.flags ?? 0) & FORCED) !== 0)),
    provider: lagged('provider'),
    generator: lagged('generator'),
  };
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
  thresholds: Thresholds = {},
): Attribution {
  return attributeIn(logs, probeOf(logs, thresholds), kind, slowMs);
}

/** `attribute` with the run's windows and collections sorted once (`probeOf`), for acks and deliveries both. */
function attributeIn(
  logs: ProcessLog[],
  probe: Probe,
  kind: 'ack' | 'delivery',
  slowMs: number,
): Attribution {
  const causes = new Map<string, number>();
  const first = new Map<string, number>();
  const kept = new Map<ProcessLog, Set<Window>>();
  let total = 0;
  for (const slow of probe.flights) {
    if (slow.k !== kind || slow.d < slowMs) continue;
    total += 1;
    const seen: string[] = [];
    const any = (records: Spans<{ t: number; d?: number }>) => records.any(slow.t, slow.d);
    if (any(probe.byOwnThreads))
      seen.push("gateway main thread kept off its core by the gateway's other threads");
    else if (probe.nodes.some(({ byOthers: there }) => any(there))) {
      // With a core sampler's log: which process ran most on the gateway's core in those windows.
      const held = new Map<string, number>();
      const core: CoreTimes = { irq: 0, softirq: 0, steal: 0, idle: 0 };
      let timed = false;
      for (const { log, byOthers: there } of probe.nodes) {
        const windows = there.near(slow.t, slow.t + slow.d).filter((r) => overlaps(r, slow.t, slow.d));
        const seenThere = kept.get(log) ?? new Set<Window>();
        for (const w of windows) seenThere.add(w);
        kept.set(log, seenThere);
        const on = onCore(logs, log, windows);
        for (const [name, ms] of on.held) held.set(name, (held.get(name) ?? 0) + ms);
        if (on.core) {
          timed = true;
          for (const key of ['irq', 'softirq', 'steal', 'idle'] as const) core[key] += on.core[key];
        }
      }
      const most = mainHolder(held, timed ? core : undefined);
      seen.push(`gateway main thread kept off its core by other processes${most ? ` (most: ${most})` : ''}`);
    }
    if (any(probe.forced)) seen.push('gateway idle collection');
    else if (any(probe.collections)) seen.push('gateway collection');
    if (any(probe.busy)) seen.push('gateway loop busy');
    if (any(probe.provider)) seen.push('provider loop lag');
    if (any(probe.generator)) seen.push('generator loop lag');
    const key = seen.join(' + ') || 'nothing seen';
    causes.set(key, (causes.get(key) ?? 0) + 1);
    const head = seen[0] ?? 'nothing seen';
    first.set(head, (first.get(head) ?? 0) + 1);
  }
  const offCore = [...kept].map(([log, set]) => offCoreIn(logs, log, [...set]));
  return { causes, first, total, offCore };
}

const round = (value: number): number => Math.round(value * 10) / 10;

/**
 * The core sampler's own cost (it reads /proc of every process every 100 ms, unpinned): its CPU in ms per core
 * it was seen on, and the seconds sampled; undefined without its log.
 */
export function samplerCost(
  logs: ProcessLog[],
): { byCore: Map<number, number>; seconds: number } | undefined {
  const samples = logs
    .filter((log) => log.role === 'machine')
    .flatMap((log) => log.records)
    .filter((r): r is Ran | Cores => r.k === 'ran' || r.k === 'cores');
  if (samples.length === 0) return undefined;
  // A loop, not Math.min(...): a full run's samples are more arguments than a call can take.
  let start = Infinity;
  let end = -Infinity;
  for (const r of samples) {
    start = Math.min(start, r.t);
    end = Math.max(end, r.t + lengthOf(r));
  }
  const byCore = new Map<number, number>();
  for (const r of samples)
    if (r.k === 'ran')
      for (const [label, , ms, core] of r.p)
        if (label === 'sampler') byCore.set(core, (byCore.get(core) ?? 0) + ms);
  return { byCore, seconds: (end - start) / 1000 };
}

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
  const starved = windows.filter((w) => w.wait >= WAIT_MS);
  lines.push(
    `  windows (100 ms and the lag that ended them) with loop lag over 3 ms: ${windows.length}; of them the main thread waited for its core ≥ ${WAIT_MS} ms: ${starved.length} (while the process's other threads ran ≥ half that wait: ${starved.filter(byOwnThreads).length})`,
  );
  if (log.role === 'gateway') {
    const off = offCoreIn(logs, log, starved.filter(byOthers));
    if (off.held.size > 0 || off.core)
      lines.push(
        `  on its core in the ${off.windows} windows it waited ${off.wait.toFixed(0)} ms for it (its own other threads ran ${off.ownThreads.toFixed(0)} ms): ${describeCore(off.held, off.core)}`,
      );
  }
  for (const w of [...windows].sort((a, b) => b.lag - a.lag).slice(0, top))
    lines.push(
      `    ${new Date(w.t).toISOString().slice(11, 23)} lag ${w.lag} ms: main thread ran ${w.run} ms, waited ${w.wait} ms; other threads ${round(w.cpu - w.run)} ms`,
    );
  return lines;
}

/** The report's lines for a run's logs (what `main` prints). */
export function report(logs: ProcessLog[], slowMs: number, top: number): string[] {
  const lines: string[] = [];
  for (const log of logs.filter((l) => l.role !== 'machine')) lines.push(summary(log, top, logs).join('\n'));
  const cost = samplerCost(logs);
  if (cost) {
    const ms = [...cost.byCore.values()].reduce((sum, v) => sum + v, 0);
    const cores = [...cost.byCore]
      .sort((a, b) => a[0] - b[0])
      .map(([core, v]) => `core ${core} ${v.toFixed(0)} ms`)
      .join(', ');
    lines.push(
      `core sampler: ${cost.seconds.toFixed(0)} s sampled, its own CPU ${ms.toFixed(0)} ms (${(ms / 10 / Math.max(1, cost.seconds)).toFixed(1)} % of a core${cores ? `; ${cores}` : ''})`,
    );
  }
  const probe = probeOf(logs);
  for (const kind of ['ack', 'delivery'] as const) {
    const { causes, first, total, offCore } = attributeIn(logs, probe, kind, slowMs);
    const what = `${kind === 'ack' ? 'acks' : 'deliveries'} ≥ ${slowMs} ms: ${total}`;
    const print = (counts: Map<string, number>) => {
      for (const [cause, count] of [...counts].sort((a, b) => b[1] - a[1]))
        lines.push(
          `  ${String(count).padStart(6)} (${((100 * count) / Math.max(1, total)).toFixed(1)} %) ${cause}`,
        );
    };
    lines.push(`\n${what}, by their first cause (what held the gateway's core, named, before the rest):`);
    print(first);
    lines.push(`${what}, by everything that overlapped them in flight:`);
    print(causes);
    for (const node of offCore)
      lines.push(
        `  ${node.name}: in the ${node.windows} windows other processes kept its main thread off its core during them (waited ${node.wait.toFixed(0)} ms, its own other threads ran ${node.ownThreads.toFixed(0)} ms), on its core: ${describeCore(node.held, node.core)}`,
      );
  }
  return lines;
}

function main(): void {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      'slow-ms': { type: 'string', default: '30' },
      top: { type: 'string', default: '8' },
      from: { type: 'string' },
      to: { type: 'string' },
    },
  });
  const dir = positionals[0];
  const usage =
    'usage: tsx src/bench/stall-report.ts DIR [--slow-ms 30] [--top 8] [--from HH:MM:SS|epoch-ms] [--to HH:MM:SS|epoch-ms]';
  if (!dir) {
    console.error(usage);
    process.exit(2);
  }
  const slowMs = Number(values['slow-ms']);
  const read = readProbeDir(dir);
  const first = firstTime(read);
  const time = (name: 'from' | 'to'): number | undefined => {
    const text = values[name];
    if (text === undefined) return undefined;
    const at = parseTime(text, first);
    if (at === undefined) {
      console.error(
        `--${name} ${text}: not a UTC time HH:MM[:SS] (the day of the records) nor epoch ms\n${usage}`,
      );
      process.exit(2);
    }
    return at;
  };
  const from = time('from');
  const to = time('to');
  const logs = from === undefined && to === undefined ? read : inSpan(read, from, to);
  const lines: string[] = [];
  if (from !== undefined || to !== undefined)
    lines.push(
      `span ${from === undefined ? 'start' : new Date(from).toISOString()} to ${to === undefined ? 'end' : new Date(to).toISOString()} (records that start in it)`,
    );
  lines.push(...report(logs, slowMs, Number(values.top)));
  console.log(lines.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) main();
