/**
 * Server processes of the bench: spawned pinned to a core with `taskset` (when present), ready when they
 * print `READY <port>` (or answer /healthz), measured by RSS from /proc, stopped by their own pid only.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { redisAnswers, sparePort } from '@showfloor/gateway/testing';

/** Kernel clock ticks per second (USER_HZ), the unit of /proc/<pid>/stat's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/** `redis-cli -p <port> INFO <section>`'s text; undefined when redis-cli is missing or Redis does not answer. */
function redisInfo(port: number, section: string): string | undefined {
  try {
    return execFileSync('redis-cli', ['-p', String(port), 'INFO', section], { encoding: 'utf8' });
  } catch {
    return undefined;
  }
}

/**
 * Commands Redis has run, by name (INFO commandstats through redis-cli), to count the Redis calls a message
 * costs; undefined when redis-cli is missing.
 */
export function redisCommandCounts(port: number): Record<string, number> | undefined {
  const stats = redisCommandStats(port);
  if (!stats) return undefined;
  return Object.fromEntries(Object.entries(stats).map(([name, { calls }]) => [name, calls]));
}

/**
 * Commands Redis has run by name, with the microseconds Redis spent in them (INFO commandstats: a script's
 * own commands are counted under their names too, and its `evalsha` time includes theirs).
 */
export function redisCommandStats(port: number): Record<string, { calls: number; usec: number }> | undefined {
  const text = redisInfo(port, 'commandstats');
  if (text === undefined) return undefined;
  const stats: Record<string, { calls: number; usec: number }> = {};
  for (const match of text.matchAll(/^cmdstat_([^:]+):calls=(\d+),usec=(\d+)/gm))
    stats[match[1] as string] = { calls: Number(match[2]), usec: Number(match[3]) };
  return stats;
}

/** Bytes Redis has read from and written to its clients so far (INFO stats); undefined without redis-cli. */
export function redisNetBytes(port: number): { input: number; output: number } | undefined {
  const text = redisInfo(port, 'stats');
  if (text === undefined) return undefined;
  const read = (name: string): number => Number(new RegExp(`^${name}:(\\d+)`, 'm').exec(text)?.[1] ?? 0);
  return { input: read('total_net_input_bytes'), output: read('total_net_output_bytes') };
}

/**
 * CPU time the whole machine has spent busy so far (every core: user, nice, system, irq, softirq, steal), ms,
 * from /proc/stat; 0 where it cannot be read. Less the bench's own processes, it is what other work used.
 */
export function machineBusyMs(): number {
  try {
    const fields = readFileSync('/proc/stat', 'utf8')
      .split('\n', 1)[0]
      ?.trim()
      .split(/\s+/)
      .slice(1)
      .map(Number);
    if (!fields || fields.length < 8) return 0;
    const [user, nice, system, , , irq, softirq, steal] = fields as number[];
    return (
      (((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) * 1000) /
      CLOCK_TICKS
    );
  } catch {
    return 0;
  }
}

/** True when `taskset` can pin processes here. */
export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * Pins this process (the generator) to a core: every thread of it (`taskset -a`). Without `-a` only the main
 * thread moves; V8's platform workers and libuv's pool, started before, keep running on every core, so the
 * generator's collections and socket work land on the servers' core too (issue 17: 18 % of B's slow acks at
 * half of A on 2026-11-28 first waited behind the generator there).
 */
export function pinSelf(core: number): boolean {
  try {
    execFileSync('taskset', ['-a', '-cp', String(core), String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface ServerProcess {
  name: string;
  pid: number;
  port: number;
  /** Resident set size in MiB (VmRSS). */
  rssMiB(): number;
  /** CPU time used so far (user + system), ms, from /proc/<pid>/stat (10 ms ticks). */
  cpuMs(): number;
  stop(): Promise<void>;
}

/** Every child still running: killed (by pid) if the bench exits early. */
const running = new Set<ChildProcess>();
let isCleanupInstalled = false;

function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
  if (isCleanupInstalled) return;
  isCleanupInstalled = true;
  process.once('exit', () => {
    for (const each of running) each.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const each of running) each.kill('SIGKILL');
      process.exit(130);
    });
  }
}

/** Spawns a command pinned to `core` (unpinned when taskset is missing). */
function spawnPinned(
  core: number | undefined,
  command: string,
  args: string[],
  options: { cwd: string; env?: NodeJS.ProcessEnv },
): ChildProcess {
  const pinned = core !== undefined && canPin();
  const child = spawn(pinned ? 'taskset' : command, pinned ? ['-c', String(core), command, ...args] : args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  trackChild(child);
  return child;
}

/** `killAfterMs`: how long `stop` waits after SIGTERM before SIGKILL (a CPU profile is written at exit). */
function handle(name: string, child: ChildProcess, port: number, killAfterMs = 5_000): ServerProcess {
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${name} did not start`);
  return {
    name,
    pid,
    port,
    rssMiB() {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      const kib = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
      return Math.round((kib / 1024) * 10) / 10;
    },
    cpuMs() {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
      } catch {
        return 0;
      }
    },
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), killAfterMs);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      });
    },
  };
}

/** Starts a node script (run by tsx) that prints `READY <port>`. */
export function startScript(
  name: string,
  options: {
    core: number | undefined;
    cwd: string;
    script: string;
    args: string[];
    env?: NodeJS.ProcessEnv;
    nodeArgs?: string[];
  },
): Promise<ServerProcess> {
  const child = spawnPinned(
    options.core,
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', options.script, ...options.args],
    options,
  );
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name} did not become ready:\n${output}`)), 20_000);
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /READY (\d+)/.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(handle(name, child, Number(match[1])));
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}:\n${output}`));
    });
  });
}

/** Compiles the gateway (apps/gateway/build.mjs → dist/main.js), as production runs it. */
export function buildGateway(gatewayDir: string): void {
  execFileSync(process.execPath, ['build.mjs'], { cwd: gatewayDir, stdio: 'inherit' });
}

/**
 * The node flags the compiled gateway runs with in production (Dockerfile.gateway, `pnpm start`, scripts/start.mjs):
 * none. `--heap-growing-percent=20` held idle memory down with more mark-compacts, under load too (the latency
 * tail); the gateway now collects and compacts once it is quiet instead (apps/gateway/src/runtime/idle-gc.ts):
 * 10,000 idle connections 241-243 MiB RSS (tests/load/HISTORY.md, "idle collection instead of the heap flag").
 */
export const GATEWAY_NODE_FLAGS: readonly string[] = [];

/**
 * Starts a gateway node and waits for /healthz: compiled (`node dist/main.js`, production; build it first with
 * `buildGateway`), or its TypeScript source through tsx (`runtime: 'tsx'`, how the bench ran it before).
 */
export async function startGatewayNode(
  name: string,
  options: {
    core: number | undefined;
    cwd: string;
    env: NodeJS.ProcessEnv;
    nodeArgs?: string[];
    runtime?: 'compiled' | 'tsx';
    /** The compiled entry to run instead of `dist/main.js` (the bench's `--baseline`). */
    entry?: string | undefined;
    /** Node flags of a compiled node. @default GATEWAY_NODE_FLAGS */
    flags?: readonly string[] | undefined;
    /** How long `stop` waits for the node to exit before SIGKILL. @default 5000 */
    killAfterMs?: number;
  },
): Promise<ServerProcess> {
  const port = await sparePort();
  const entry =
    options.runtime === 'tsx'
      ? ['--import', 'tsx', 'src/main.ts']
      : [...(options.flags ?? GATEWAY_NODE_FLAGS), options.entry ?? 'dist/main.js'];
  const child = spawnPinned(options.core, process.execPath, [...(options.nodeArgs ?? []), ...entry], {
    cwd: options.cwd,
    env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
  });
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return handle(name, child, port, options.killAfterMs);
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`${name} did not answer /healthz:\n${output}`);
}

/** Starts a private redis-server on a spare port, pinned. */
export async function startRedis(core: number | undefined): Promise<ServerProcess> {
  const port = await sparePort();
  const child = spawnPinned(
    core,
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      cwd: process.cwd(),
    },
  );
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (await redisAnswers('127.0.0.1', port, 300)) return handle('redis', child, port);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  child.kill('SIGKILL');
  throw new Error('redis-server did not start');
}
