/** Starts the real gateway entry point (src/main.ts) as a child process, the way `pnpm start` does. */
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GATEWAY_DIR = fileURLToPath(new URL('..', import.meta.url));

export interface SpawnedGateway {
  child: ChildProcessWithoutNullStreams;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code (or the signal name). */
  exited: Promise<number | string>;
}

/** Spawns `node --import tsx src/main.ts` with exactly the given environment (plus PATH). */
export function spawnGateway(env: Record<string, string>): SpawnedGateway {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: GATEWAY_DIR,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: 'pipe',
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | string>((resolve) => {
    child.once('exit', (code, signal) => resolve(code ?? signal ?? -1));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Waits for the "Server listening at" log line and answers the URL. */
export async function listeningUrl(spawned: SpawnedGateway, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = /Server listening at (http:\/\/127\.0\.0\.1:\d+)/.exec(spawned.stdout());
    if (match?.[1]) return match[1];
    if (spawned.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`gateway did not start:\n${spawned.stdout()}\n${spawned.stderr()}`);
}
