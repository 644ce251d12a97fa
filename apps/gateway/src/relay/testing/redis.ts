/**
 * Redis for the relay tests: REDIS_URL if set, else 127.0.0.1:6379 if it answers, else a testcontainers Redis,
 * else a clear failure. A test that stops Redis starts its own redis-server on a spare port instead and never
 * touches the shared one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, Socket } from 'node:net';

/** True when a Redis answers PING at host:port within `ms`. */
export function redisAnswers(host: string, port: number, ms = 500): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (isUp: boolean): void => {
      socket.destroy();
      resolve(isUp);
    };
    socket.setTimeout(ms, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(port, host, () => socket.write('PING\r\n'));
    socket.once('data', (chunk) => done(chunk.toString().startsWith('+PONG')));
  });
}

/** A Redis to use and how to let go of it. */
export interface TestRedis {
  url: string;
  release(): Promise<void>;
}

/** Finds a Redis: `fromEnv` (REDIS_URL), the local 6379, or a testcontainers one; throws a clear error otherwise. */
export async function resolveTestRedis(fromEnv: string | undefined): Promise<TestRedis> {
  if (fromEnv) return { url: fromEnv, release: async () => {} };
  if (await redisAnswers('127.0.0.1', 6379))
    return { url: 'redis://127.0.0.1:6379', release: async () => {} };
  try {
    const { GenericContainer } = await import('testcontainers');
    const container = await new GenericContainer('redis:7-alpine').withExposedPorts(6379).start();
    return {
      url: `redis://${container.getHost()}:${container.getMappedPort(6379)}`,
      release: async () => {
        await container.stop();
      },
    };
  } catch (error) {
    throw new Error(
      'The relay tests need Redis: set REDIS_URL, run one on 127.0.0.1:6379, or provide a container runtime for ' +
        `testcontainers (${error instanceof Error ? error.message : String(error)})`,
      { cause: error },
    );
  }
}

/** A free TCP port on loopback. */
export function sparePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** A private redis-server on a spare port that a test may stop and start again. */
export interface OwnRedis {
  url: string;
  port: number;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Starts `redis-server --port N --save '' --appendonly no` (never the machine's 6379). */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await sparePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    const failed = new Promise<never>((_, reject) => child?.once('error', reject));
    const deadline = Date.now() + 5_000;
    while (Date.now() < deadline) {
      if (await Promise.race([redisAnswers('127.0.0.1', port, 200), failed])) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`redis-server did not start on port ${port}`);
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, port, start, stop };
}

/**
 * `client` with an 'error' listener that drops what it hears. For a test client whose Redis is refused, stopped
 * or silent on purpose: the test reads the commands' own failures, and ioredis prints every error event no one
 * listens to ('[ioredis] Unhandled error event: …'), noise in the test's output.
 */
export function withoutErrorNoise<
  T extends { on(event: 'error', listener: (error: Error) => void): unknown },
>(client: T): T {
  client.on('error', () => undefined);
  return client;
}
