/**
 * Server processes of the bench: spawned pinned to a core with `taskset` (when present), ready when they
 * print `READY <port>` (or answer /healthz), measured by RSS from /proc, stopped by their own pid only.
 */
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { redisAnswers, sparePort } from '@showfloor/gateway/testing';

/** True when `taskset` can pin processes here. */
export function canPin(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/** Pins this process (the generator) to a core. */
export function pinSelf(core: number): boolean {
  try {
    execFileSync('taskset', ['-cp', String(core), String(process.pid)], { stdio: 'ignore' });
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

function handle(name: string, child: ChildProcess, port: number): ServerProcess {
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
    stop() {
      return new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 5_000);
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

/** Starts a gateway node (apps/gateway/src/main.ts) and waits for /healthz. */
export async function startGatewayNode(
  name: string,
  options: { core: number | undefined; cwd: string; env: NodeJS.ProcessEnv; nodeArgs?: string[] },
): Promise<ServerProcess> {
  const port = await sparePort();
  const child = spawnPinned(
    options.core,
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'src/main.ts'],
    {
      cwd: options.cwd,
      env: { ...options.env, PORT: String(port), HOST: '127.0.0.1' },
    },
  );
  let output = '';
  child.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  child.stdout?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-4000)));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/healthz`);
      if (response.ok) return handle(name, child, port);
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
