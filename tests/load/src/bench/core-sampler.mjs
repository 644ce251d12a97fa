// @ts-check
/**
 * Core sampler: which processes of the whole machine ran, and on which core, per 100 ms window — so that the
 * stall report (stall-report.ts) can name what kept a gateway's main thread off its core, not only say "other
 * processes" (tests/load/README.md, "Reading a latency tail"). Run it beside a probed bench, into the probe's
 * directory, and stop it after: `node src/bench/core-sampler.mjs /tmp/stalls & … ; kill <its pid>`.
 *
 * Every 100 ms it reads /proc/<pid>/stat of every process, its own too (utime + stime, clock ticks of 10 ms;
 * field 39, the core it last ran on), and /proc/stat's per-core lines, and appends, once a second, JSON lines to
 * `<dir>/machine-sampler.jsonl` (`t` the window's start, `d` its length in ms, both from the sampler's clock):
 * - `{ k: 'ran', t, d, p: [[label, pid, ms, core], …] }` for each process that ran in the window, `label` from
 *   its command line (gateway, provider, generator, tsx (its launcher), redis-server, tsc, vitest, … or the command's name), a
 *   kernel thread (no command line) by its name in brackets (`[ksoftirqd/0]`, `[kworker/0:1-events]`), the
 *   sampler itself as `sampler`;
 * - `{ k: 'cores', t, d, c: [[core, irq, softirq, steal, idle], …] }`: each core's time in ms serving hardware
 *   interrupts, softirqs (ksoftirqd's time included), taken by the hypervisor (steal) and idle.
 * The ticks make one window's figure coarse (10 ms steps); summed over the windows of a tail, they are not.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/**
 * @param {string} cmdline NUL-separated
 * @param {string} [comm] the process's name (/proc/<pid>/stat's second field), for a kernel thread, which has
 *   no command line
 */
export function labelOf(cmdline, comm) {
  const args = cmdline.split('\0').filter(Boolean);
  if (args.length === 0 && comm) return `[${comm}]`;
  const all = args.join(' ');
  if (/dist\/(baseline\/)?main\.js/.test(all)) return 'gateway';
  // tsx's launcher: an idle parent that runs the script in a child node (the generator, with tsx's loader); it is
  // not pinned, so naming it the generator would put the generator on a core it never runs on.
  if (/tsx\/dist\/cli\.mjs/.test(all)) return 'tsx';
  if (all.includes('instant-provider')) return 'provider';
  if (/bench\/(relay|capacity|relay-cpu)\.ts/.test(all)) return 'generator';
  if (/bench\/servers\//.test(all)) return all.match(/bench\/servers\/([\w-]+)/)?.[1] ?? 'bench server';
  for (const name of [
    'redis-server',
    'tsc',
    'vitest',
    'eslint',
    'prettier',
    'esbuild',
    'playwright',
    'chrome',
  ])
    if (all.includes(name)) return name;
  const first = args[0] ?? '?';
  return first.slice(first.lastIndexOf('/') + 1) || '?';
}

/**
 * utime + stime in ticks, the core last run on and the name (`comm`), from a /proc/<pid>/stat line (the name
 * may hold spaces and parentheses).
 * @param {string} line
 */
export function parseStat(line) {
  const close = line.lastIndexOf(')');
  const rest = line.slice(close + 2).split(' ');
  // rest[0] is field 3 (state): utime is field 14, stime 15, processor 39.
  return {
    ticks: Number(rest[11]) + Number(rest[12]),
    core: Number(rest[36]),
    comm: line.slice(line.indexOf('(') + 1, close),
  };
}

/**
 * Each core's irq, softirq, steal and idle ticks from /proc/stat (`cpuN user nice system idle iowait irq softirq
 * steal …`; the all-cores `cpu` line is left out).
 * @param {string} text
 * @returns {Map<number, { irq: number, softirq: number, steal: number, idle: number }>}
 */
export function parseCpuStat(text) {
  const cores = new Map();
  for (const line of text.split('\n')) {
    const match = /^cpu(\d+) (.*)$/.exec(line);
    if (!match) continue;
    const [, , , idle = 0, , irq = 0, softirq = 0, steal = 0] = (match[2] ?? '')
      .trim()
      .split(/\s+/)
      .map(Number);
    cores.set(Number(match[1]), { irq, softirq, steal, idle });
  }
  return cores;
}

/**
 * Per core, the ms of irq, softirq, steal and idle between two /proc/stat reads (`parseCpuStat`).
 * @param {ReturnType<typeof parseCpuStat>} before
 * @param {ReturnType<typeof parseCpuStat>} after
 * @returns {Array<[number, number, number, number, number]>}
 */
export function coreDeltas(before, after) {
  /** @type {Array<[number, number, number, number, number]>} */
  const deltas = [];
  for (const [core, now] of after) {
    const then = before.get(core);
    if (!then) continue;
    deltas.push([
      core,
      (now.irq - then.irq) * TICK_MS,
      (now.softirq - then.softirq) * TICK_MS,
      (now.steal - then.steal) * TICK_MS,
      (now.idle - then.idle) * TICK_MS,
    ]);
  }
  return deltas;
}

/** @typedef {Map<number, { label: string, kernel: boolean, ticks: number }>} Seen */

/**
 * One process's reading: its `[label, pid, ms, core]` when it ran since the last one, undefined when it did not
 * or is new (then remembered in `seen`, labelled by `cmdline()`, `sampler` when it is `self`).
 * @param {Seen} seen
 * @param {number} pid
 * @param {string} stat its /proc/<pid>/stat line
 * @param {() => string} cmdline its /proc/<pid>/cmdline, read once, when it is new
 * @param {number} self the sampler's own pid
 * @returns {[string, number, number, number] | undefined}
 */
export function step(seen, pid, stat, cmdline, self) {
  const { ticks, core, comm } = parseStat(stat);
  const before = seen.get(pid);
  if (!before) {
    const args = pid === self ? 'sampler' : cmdline();
    seen.set(pid, { label: pid === self ? 'sampler' : labelOf(args, comm), kernel: args === '', ticks });
    return undefined;
  }
  // A kernel worker's name says the work queue it last served: the current one.
  const label = before.kernel ? labelOf('', comm) : before.label;
  const ran = ticks - before.ticks;
  before.ticks = ticks;
  return ran > 0 ? [label, pid, ran * TICK_MS, core] : undefined;
}

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node src/bench/core-sampler.mjs DIR');
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/machine-sampler.jsonl`;
  /** @type {Seen} */
  const seen = new Map();
  /** @type {string[]} */
  let lines = [];
  let ticks = 0;
  let last = Date.now();
  let lastCores = parseCpuStat(readFileSync('/proc/stat', 'utf8'));
  const sample = () => {
    const now = Date.now();
    const span = { t: last, d: now - last };
    last = now;
    const cores = parseCpuStat(readFileSync('/proc/stat', 'utf8'));
    lines.push(JSON.stringify({ k: 'cores', ...span, c: coreDeltas(lastCores, cores) }));
    lastCores = cores;
    /** @type {Array<[string, number, number, number]>} */
    const ran = [];
    const alive = new Set();
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid)) continue;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        alive.add(pid);
        const entry = step(seen, pid, stat, () => readFileSync(`/proc/${pid}/cmdline`, 'utf8'), process.pid);
        if (entry) ran.push(entry);
      } catch {
        // the process ended between readdir and read
      }
    }
    for (const pid of seen.keys()) if (!alive.has(pid)) seen.delete(pid);
    if (ran.length > 0) lines.push(JSON.stringify({ k: 'ran', ...span, p: ran }));
    if (++ticks % 10 === 0 && lines.length > 0) {
      appendFileSync(file, lines.join('\n') + '\n');
      lines = [];
    }
  };
  setInterval(sample, 100);
  const stop = () => {
    if (lines.length > 0) appendFileSync(file, lines.join('\n') + '\n');
    process.exit(0);
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}

if (import.meta.url === `file://${process.argv[1]}`) main();
