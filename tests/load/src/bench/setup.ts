/**
 * What bench:relay and bench:capacity start the same way: where the load package and the gateway are, the
 * bench's event, the instant provider that knows the bench's users and signing key, the compiled gateway's
 * environment against it, and the progress log (stderr; stdout is the report).
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startScript, type ServerProcess } from './processes.ts';
import type { BenchKeys } from './tokens.ts';

/** tests/load. */
export const LOAD_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
/** apps/gateway (built with `buildGateway`, run as `node dist/main.js`). */
export const GATEWAY_DIR = resolve(LOAD_DIR, '../../apps/gateway');
/** The event every bench user belongs to. */
export const EVENT_CODE = 'DEMO';

export const log = (line: string): void => void process.stderr.write(`${line}\n`);
export const sleep = (ms: number): Promise<void> => new Promise((done) => setTimeout(done, ms));

/**
 * The provider that answers at once (src/bench/servers/instant-provider.ts) for users 1..`users`; `env` on top
 * of the bench's (e.g. `HELPER_THREADS_NICE`).
 */
export function startInstantProvider(
  keys: BenchKeys,
  users: number,
  core: number | undefined,
  env?: NodeJS.ProcessEnv,
): Promise<ServerProcess> {
  return startScript('provider', {
    core,
    cwd: LOAD_DIR,
    ...(env ? { env } : {}),
    script: 'src/bench/servers/instant-provider.ts',
    args: ['0', EVENT_CODE, String(users), JSON.stringify(keys.jwk)],
  });
}

/**
 * A gateway node's environment against the instant provider: production, warnings only, one call-token secret
 * for every node, Redis at `redisUrl` ('' for none: one node, in memory); `settings` on top.
 */
export function benchGatewayEnv(
  providerPort: number,
  redisUrl: string,
  settings: NodeJS.ProcessEnv,
): NodeJS.ProcessEnv {
  return {
    NODE_ENV: 'production',
    PROVIDER_URL: `http://127.0.0.1:${providerPort}`,
    LOG_LEVEL: 'warn',
    CALL_TOKEN_SECRET: 'bench-call-token-secret-0123456789abcdef',
    REDIS_URL: redisUrl,
    ...settings,
  };
}
