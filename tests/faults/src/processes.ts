/**
 * The run's server processes: a private redis-server, the mock provider and the gateway nodes, each on a port
 * of its own that stays the same across restarts (clients reconnect to the same addresses). Every process is
 * started, killed, paused and resumed by its own pid only; logs go to files in the run's directory.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, type WriteStream } from 'node:fs';
import { Socket } from 'node:net';
import { join } from 'node:path';
import { redisAnswers } from '@showfloor/gateway/testing';

/** Sends one command to the Redis on `port` and answers its reply line (e.g. `:2` for CLIENT KILL). */
export function redisCommand(port: number, ...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = new Socket();
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`redis ${args.join(' ')}: no answer`));
    });
    socket.once('error', reject);
    socket.connect(port, '127.0.0.1', () =>
      socket.write(
        `*${args.length}\r\n${args.map((arg) => `$${Buffer.byteLength(arg)}\r\n${arg}\r\n`).join('')}`,
      ),
    );
    socket.once('data', (chunk) => {
      socket.destroy();
      resolve(chunk.toString().trim());
    });
  });
}

/** True when `GET url` answers 200 within `ms`. */
async function answersOk(url: string, ms = 1_000): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(ms) });
    return response.ok;
  } catch {
    return false;
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** How a process is launched and when it counts as ready. */
export interface ProcessSpec {
  name: string;
  command: string;
  args: string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  port: number;
  /** Resolves true once the process serves. */
  isReady: () => Promise<boolean>;
}

/** Every child of the run: killed (by pid) if the runner exits early. */
const children = new Set<ChildProcess>();
let isCleanupInstalled = false;

function track(child: ChildProcess): void {
  children.add(child);
  child.once('exit', () => children.delete(child));
  if (isCleanupInstalled) return;
  isCleanupInstalled = true;
  process.once('exit', () => {
    for (const each of children) each.kill('SIGKILL');
  });
}

/** Kills every child still running (by pid); for an interrupted run. */
export function killAll(): void {
  for (const child of children) {
    // A paused child must be resumed to die of SIGTERM; SIGKILL works either way.
    child.kill('SIGKILL');
  }
}

/** One server process that can be killed, paused and started again on the same port. */
export class ManagedProcess {
  #child: ChildProcess | undefined;
  #log: WriteStream;
  #tail = '';
  #isPaused = false;

  constructor(
    readonly spec: ProcessSpec,
    logDir: string,
  ) {
    this.#log = createWriteStream(join(logDir, `${spec.name}.log`), { flags: 'a' });
  }

  get name(): string {
    return this.spec.name;
  }

  get port(): number {
    return this.spec.port;
  }

  get pid(): number | undefined {
    return this.#child?.pid;
  }

  get isRunning(): boolean {
    return this.#child !== undefined && this.#child.exitCode === null && this.#child.signalCode === null;
  }

  /** Starts the process and waits until it is ready (at most `timeoutMs`). */
  async start(timeoutMs = 60_000): Promise<void> {
    if (this.isRunning) throw new Error(`${this.name} is running already`);
    const { command, args, cwd, env } = this.spec;
    const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'] });
    this.#child = child;
    this.#isPaused = false;
    track(child);
    this.#log.write(`\n==== start ${new Date().toISOString()} pid ${child.pid}\n`);
    const keep = (chunk: Buffer): void => {
      this.#log.write(chunk);
      this.#tail = (this.#tail + chunk.toString()).slice(-3_000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const failed = new Promise<never>((_, reject) => {
      child.once('error', reject);
      child.once('exit', (code, signal) =>
        reject(new Error(`${this.name} exited (${code ?? signal}) while starting:\n${this.#tail}`)),
      );
    });
    failed.catch(() => undefined);
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (await Promise.race([this.spec.isReady(), failed])) return;
      await Promise.race([sleep(100), failed]);
    }
    child.kill('SIGKILL');
    throw new Error(`${this.name} was not ready within ${timeoutMs} ms:\n${this.#tail}`);
  }

  /** Sends `signal` and waits for the exit (SIGKILL after `graceMs`). */
  async stop(signal: NodeJS.Signals = 'SIGTERM', graceMs = 15_000): Promise<void> {
    const child = this.#child;
    if (!child || !this.isRunning) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (this.#isPaused) child.kill('SIGCONT');
    child.kill(signal);
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
    await exited;
    clearTimeout(timer);
    this.#log.write(`==== exit ${new Date().toISOString()} (${signal})\n`);
  }

  /** SIGKILL: gone at once, nothing flushed. */
  kill(): Promise<void> {
    return this.stop('SIGKILL');
  }

  /** SIGSTOP: the process stays, answers nothing. */
  pause(): void {
    if (!this.isRunning) return;
    this.#child?.kill('SIGSTOP');
    this.#isPaused = true;
    this.#log.write(`==== SIGSTOP ${new Date().toISOString()}\n`);
  }

  /** SIGCONT after a pause. */
  resume(): void {
    if (!this.isRunning || !this.#isPaused) return;
    this.#child?.kill('SIGCONT');
    this.#isPaused = false;
    this.#log.write(`==== SIGCONT ${new Date().toISOString()}\n`);
  }

  /** The last lines the process printed. */
  tail(): string {
    return this.#tail;
  }

  closeLog(): void {
    this.#log.end();
  }
}

/** A private redis-server (never the machine's own on 6379): no persistence, on a spare port. */
export function redisSpec(port: number, cwd: string): ProcessSpec {
  return {
    name: 'redis',
    command: 'redis-server',
    args: ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    cwd,
    env: { PATH: process.env.PATH ?? '' },
    port,
    isReady: () => redisAnswers('127.0.0.1', port, 300),
  };
}

/** A node script run through tsx (the repository's way of running its TypeScript services). */
function tsxSpec(
  name: string,
  cwd: string,
  script: string,
  port: number,
  env: NodeJS.ProcessEnv,
  readyPath: string,
): ProcessSpec {
  return {
    name,
    command: process.execPath,
    args: ['--import', 'tsx', script],
    cwd,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env, PORT: String(port) },
    port,
    isReady: () => answersOk(`http://127.0.0.1:${port}${readyPath}`),
  };
}

/** The mock provider, keeping its state in `stateFile` across restarts. */
export function providerSpec(root: string, port: number, stateFile: string): ProcessSpec {
  return tsxSpec(
    'provider',
    join(root, 'mock-provider'),
    'src/main.ts',
    port,
    { HOST: '127.0.0.1', MOCK_PROVIDER_STATE_FILE: stateFile, LOG_LEVEL: 'warn' },
    '/health',
  );
}

/** A gateway node with the production configuration, except generous sign-in limits for the run's setup. */
export function gatewaySpec(
  root: string,
  name: string,
  port: number,
  options: { providerUrl: string; redisUrl: string; prefix: string; callSecret: string },
): ProcessSpec {
  return tsxSpec(
    name,
    join(root, 'apps/gateway'),
    'src/main.ts',
    port,
    {
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PROVIDER_URL: options.providerUrl,
      REDIS_URL: options.redisUrl,
      RELAY_REDIS_PREFIX: options.prefix,
      CALL_TOKEN_SECRET: options.callSecret,
      // 600 sign-ins from one address during setup.
      RATE_LIMIT_AUTH_PER_IP: '100000',
      RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
      LOG_LEVEL: 'warn',
    },
    '/healthz',
  );
}
