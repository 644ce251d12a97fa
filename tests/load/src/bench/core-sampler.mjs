// @ts-check
/**
 * Core sampler: which processes of the whole machine ran, and on which core, per 100 ms window — so that the
 * stall report (stall-report.ts) can name what kept a gateway's main thread off its core, not only say "other
 * processes" (tests/load/README.md, "Reading a latency tail"). Run it beside a probed bench, into the probe's
 * directory, and stop it after: `node src/bench/core-sampler.mjs /tmp/stalls & … ; kill <its pid>`.
 *
 * Every 100 ms it reads /proc/<pid>/stat of every process (utime + stime, clock ticks of 10 ms; field 39, the
 * core it last ran on) and appends, once a second, one JSON line per window to `<dir>/machine-sampler.jsonl`:
 * `{ k: 'ran', t, p: [[label, pid, ms, core], …] }` for each process that ran in the window, `label` from its
 * command line (gateway, provider, generator, redis-server, tsc, vitest, … or the command's name). The ticks
 * make one window's figure coarse (10 ms steps); summed over the windows of a tail, they are not.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';

const TICK_MS = 10; // USER_HZ is 100 on Linux

/** @param {string} cmdline NUL-separated */
export function labelOf(cmdline) {
  const args = cmdline.split('\0').filter(Boolean);
  const all = args.join(' ');
  if (/dist\/(baseline\/)?main\.js/.test(all)) return 'gateway';
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
 * utime + stime in ticks and the core last run on, from a /proc/<pid>/stat line (the command may hold spaces).
 * @param {string} line
 */
export function parseStat(line) {
  const rest = line.slice(line.lastIndexOf(')') + 2).split(' ');
  // rest[0] is field 3 (state): utime is field 14, stime 15, processor 39.
  return { ticks: Number(rest[11]) + Number(rest[12]), core: Number(rest[36]) };
}

function main() {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node src/bench/core-sampler.mjs DIR');
    process.exit(2);
  }
  mkdirSync(dir, { recursive: true });
  const file = `${dir}/machine-sampler.jsonl`;
  /** @type {Map<number, { label: string, ticks: number }>} */
  const seen = new Map();
  /** @type {string[]} */
  let lines = [];
  let ticks = 0;
  const sample = () => {
    const t = Date.now() - 100;
    /** @type {Array<[string, number, number, number]>} */
    const ran = [];
    const alive = new Set();
    for (const name of readdirSync('/proc')) {
      const pid = Number(name);
      if (!Number.isInteger(pid) || pid === process.pid) continue;
      try {
        const { ticks: now, core } = parseStat(readFileSync(`/proc/${pid}/stat`, 'utf8'));
        alive.add(pid);
        const before = seen.get(pid);
        if (!before) {
          seen.set(pid, { label: labelOf(readFileSync(`/proc/${pid}/cmdline`, 'utf8')), ticks: now });
          continue;
        }
        if (now > before.ticks) ran.push([before.label, pid, (now - before.ticks) * TICK_MS, core]);
        before.ticks = now;
      } catch {
        // the process ended between readdir and read
      }
    }
    for (const pid of seen.keys()) if (!alive.has(pid)) seen.delete(pid);
    if (ran.length > 0) lines.push(JSON.stringify({ k: 'ran', t, p: ran }));
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
