/**
 * How much of the machine other work took while the run ran: the machine's busy CPU time (/proc/stat) minus
 * the run's own processes' (/proc/<pid>/stat), as a share of all its CPU time. Linux only; elsewhere nothing is
 * known and the share stays undefined.
 */
import { readFileSync } from 'node:fs';

/** Busy and total CPU time of the whole machine, in clock ticks. */
export function machineTicks(stat: string): { busy: number; total: number } | undefined {
  const line = stat.split('\n').find((entry) => entry.startsWith('cpu '));
  if (!line) return undefined;
  const [user = 0, nice = 0, system = 0, idle = 0, iowait = 0, irq = 0, softirq = 0, steal = 0] = line
    .trim()
    .split(/\s+/)
    .slice(1)
    .map(Number);
  const busy = user + nice + system + irq + softirq + steal;
  return { busy, total: busy + idle + iowait };
}

/** User + system CPU time of one process, in clock ticks (fields 14 and 15 of /proc/<pid>/stat). */
export function processTicks(stat: string): number | undefined {
  // The command name (field 2) may hold spaces and parentheses: count fields after its closing one.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]);
  const stime = Number(fields[12]);
  return Number.isFinite(utime) && Number.isFinite(stime) ? utime + stime : undefined;
}

function read(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/** Samples every second while running; `othersShare` is what the run's processes did not use. */
export class CpuWatch {
  #timer: ReturnType<typeof setInterval> | undefined;
  #machine = { busy: 0, total: 0 };
  #ours = 0;
  #lastMachine: { busy: number; total: number } | undefined;
  readonly #lastByPid = new Map<number, number>();

  /** @param pids the run's processes now (the runner and its children; restarts change them) */
  constructor(private readonly pids: () => number[]) {}

  start(): void {
    this.#sample();
    this.#timer = setInterval(() => this.#sample(), 1_000);
  }

  stop(): void {
    this.#sample();
    clearInterval(this.#timer);
  }

  /** Share (0–1) of the machine's CPU time that other work used; undefined where /proc is missing. */
  get othersShare(): number | undefined {
    if (this.#machine.total === 0) return undefined;
    return Math.max(0, this.#machine.busy - this.#ours) / this.#machine.total;
  }

  /** Share (0–1) of the machine's CPU time the run's processes used; undefined where /proc is missing. */
  get ownShare(): number | undefined {
    return this.#machine.total === 0 ? undefined : this.#ours / this.#machine.total;
  }

  #sample(): void {
    const now = machineTicks(read('/proc/stat') ?? '');
    if (!now) return;
    if (this.#lastMachine) {
      this.#machine.busy += now.busy - this.#lastMachine.busy;
      this.#machine.total += now.total - this.#lastMachine.total;
    }
    this.#lastMachine = now;
    const seen = new Set<number>();
    for (const pid of this.pids()) {
      const ticks = processTicks(read(`/proc/${pid}/stat`) ?? '');
      if (ticks === undefined) continue;
      seen.add(pid);
      const last = this.#lastByPid.get(pid);
      // A process counts from its first sample: at most a second of a restarted one's start-up is missed.
      if (last !== undefined) this.#ours += ticks - last;
      this.#lastByPid.set(pid, ticks);
    }
    for (const pid of this.#lastByPid.keys()) if (!seen.has(pid)) this.#lastByPid.delete(pid);
  }
}
