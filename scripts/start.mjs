#!/usr/bin/env node
// `pnpm start`: the whole demo on one machine, three steps, each waited for before the next.
//  1. Builds apps/web/dist when it is missing or older than its sources (apps/web, packages/contracts/src), and
//     compiles the gateway to apps/gateway/dist/main.js (build.mjs, esbuild).
//  2. Runs the mock provider (its TypeScript source through tsx) on 127.0.0.1:PROVIDER_PORT, in demo mode
//     (MOCK_PROVIDER_DEMO=1, which the compose file never sets). Besides the provider's APIs and its OpenAPI
//     document (/api/docs, /api/docs/json) it serves, on its own origin: the demo rooms' pages (/demo-rooms/...,
//     DEMO_ROOMS_URL; framed by the app's origins, DEMO_ROOMS_APP_ORIGINS, default http://localhost:PORT and
//     http://127.0.0.1:PORT), the stand-in call widget (/call-widget/), and, for the demo mode only, the demo SSO
//     identity page (signs anyone in as any account), POST /__admin/reset (back to the demo data),
//     GET /__admin/room-entries and GET /__admin/help-requests (what the end-to-end suite checks).
//  3. Runs the compiled gateway on PORT (default 8080): the built web app, tRPC, the file proxy and the socket
//     relay on one origin, pointed at the mock provider (PROVIDER_URL), framing and loading media from its origin
//     (FRAME_ORIGINS, MEDIA_ORIGINS), embedding its call widget (CALL_WIDGET_URL); one CALL_TOKEN_SECRET (given,
//     else random per run) lets the widget check the tokens the gateway issues. An operator's own value of any
//     of these is kept.
// Then it logs the address to open and the demo account to sign in with.
// `pnpm dev` (--dev): builds nothing; the gateway runs from source on a spare port and Vite serves the app with
// hot reload on PORT, proxying /trpc, /api and /messaging (websocket) to it.
// Environment: PORT (default 8080); PROVIDER_PORT (default 4010, or a free port when taken); everything else is
// passed on to the children (e.g. LOG_LEVEL). When one child stops, or on SIGINT/SIGTERM, the others get SIGTERM
// (SIGKILL after 12 s).
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dev = process.argv.includes('--dev');
const webDir = join(root, 'apps/web');
const webDist = join(webDir, 'dist');
const gatewayDir = join(root, 'apps/gateway');
const providerDir = join(root, 'mock-provider');

/** @type {{name: string, child: import('node:child_process').ChildProcess}[]} */
const children = [];
let stopping = false;

function log(message) {
  console.log(`[start] ${message}`);
}

function parsePort(value, fallback, name) {
  if (value === undefined || value === '') return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`[start] ${name} must be a port number (0-65535), got "${value}"`);
    process.exit(1);
  }
  return port;
}

/** True when nothing listens on the port yet. */
function isFree(port) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host: '127.0.0.1' }, () => server.close(() => resolve(true)));
  });
}

/** A port the OS says is free right now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen({ port: 0, host: '127.0.0.1' }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

async function pickPort(preferred) {
  return (await isFree(preferred)) ? preferred : freePort();
}

/** Resolves once `url` answers HTTP (any status), or rejects after `timeoutMs`; fails fast if `child` exits. */
async function waitForHttp(url, child, name, timeoutMs = 60_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null)
      throw new Error(`${name} exited with code ${child.exitCode} before it was ready`);
    try {
      await fetch(url, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`${name} did not answer on ${url} within ${timeoutMs / 1000} s`);
}

/**
 * Starts a service with node (one process, so a signal reaches the service itself): its TypeScript source
 * through `--import tsx`, or a compiled entry (the gateway's dist/main.js outside --dev).
 */
function startService(name, cwd, env, entry = ['--import', 'tsx', 'src/main.ts']) {
  const child = spawn(process.execPath, entry, {
    cwd,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  watch(name, child);
  return child;
}

function watch(name, child) {
  children.push({ name, child });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.error(`[start] ${name} stopped (${signal ?? `code ${code}`}); stopping the others`);
    void stop(code === 0 ? 1 : (code ?? 1));
  });
}

async function stop(exitCode = 0) {
  if (stopping) return;
  stopping = true;
  const running = children.filter(({ child }) => child.exitCode === null && child.signalCode === null);
  await Promise.all(
    running.map(
      ({ child }) =>
        new Promise((resolve) => {
          const timer = setTimeout(() => {
            child.kill('SIGKILL');
            resolve(undefined);
          }, 12_000);
          child.once('exit', () => {
            clearTimeout(timer);
            resolve(undefined);
          });
          child.kill('SIGTERM');
        }),
    ),
  );
  process.exit(exitCode);
}

process.on('SIGINT', () => void stop(0));
process.on('SIGTERM', () => void stop(0));

/** The newest modification time of the files under `path` (node_modules and dist left out). */
function newestChange(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const name of readdirSync(path)) {
    if (name === 'node_modules' || name === 'dist') continue;
    newest = Math.max(newest, newestChange(join(path, name)));
  }
  return newest;
}

/** Builds apps/web/dist when it is missing or older than the sources it is built from. */
function buildWebIfMissing() {
  const builtAt = existsSync(join(webDist, 'index.html')) ? statSync(join(webDist, 'index.html')).mtimeMs : 0;
  const sources = [webDir, join(root, 'packages/contracts/src')];
  const changedAt = Math.max(...sources.map(newestChange));
  if (builtAt > 0 && builtAt >= changedAt) {
    log('apps/web/dist is up to date');
    return;
  }
  log(
    builtAt === 0
      ? 'building the web app (apps/web/dist is missing)'
      : 'rebuilding the web app (sources changed)',
  );
  const pnpm = process.platform === 'win32' ? 'pnpm.cmd' : 'pnpm';
  const result = spawnSync(pnpm, ['--filter', './apps/web', 'run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[start] the web build failed');
    process.exit(result.status ?? 1);
  }
}

/** Compiles the gateway to dist/ (esbuild, about a second). */
function buildGateway() {
  const result = spawnSync(process.execPath, ['build.mjs'], { cwd: gatewayDir, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error('[start] the gateway build failed');
    process.exit(result.status ?? 1);
  }
}

async function main() {
  const port = parsePort(process.env.PORT, 8080, 'PORT');
  const providerPort = await pickPort(parsePort(process.env.PROVIDER_PORT, 4010, 'PROVIDER_PORT'));
  if (!dev) buildWebIfMissing();

  const providerUrl = `http://127.0.0.1:${providerPort}`;
  const callTokenSecret = process.env.CALL_TOKEN_SECRET || randomBytes(32).toString('base64url');
  // The demo rooms are pages of the mock provider on its own origin (not the app's), framed by the app.
  const appOrigins = [`http://localhost:${port}`, `http://127.0.0.1:${port}`].join(',');
  const provider = startService('mock provider', providerDir, {
    PORT: String(providerPort),
    HOST: '127.0.0.1',
    DEMO_ROOMS_URL: providerUrl,
    DEMO_ROOMS_APP_ORIGINS: process.env.DEMO_ROOMS_APP_ORIGINS ?? appOrigins,
    CALL_WIDGET_TOKEN_SECRET: callTokenSecret,
    MOCK_PROVIDER_DEMO: '1',
  });
  await waitForHttp(`${providerUrl}/api/docs/json`, provider, 'mock provider');
  log(`mock provider on ${providerUrl}`);

  const gatewayPort = dev ? await freePort() : port;
  // As in production, the gateway runs compiled (apps/gateway/build.mjs: dist/main.js); --dev runs its source.
  if (!dev) buildGateway();
  const gateway = startService(
    'gateway',
    gatewayDir,
    {
      PORT: String(gatewayPort),
      PROVIDER_URL: providerUrl,
      // Rooms and their media come from the demo rooms' origin unless the operator names others.
      FRAME_ORIGINS: process.env.FRAME_ORIGINS ?? providerUrl,
      MEDIA_ORIGINS: process.env.MEDIA_ORIGINS ?? providerUrl,
      // Calls embed the stand-in widget unless the operator names a real one.
      CALL_WIDGET_URL: process.env.CALL_WIDGET_URL ?? `${providerUrl}/call-widget`,
      CALL_TOKEN_SECRET: callTokenSecret,
      ...(dev ? {} : { WEB_DIST: webDist }),
    },
    dev ? undefined : ['dist/main.js'],
  );
  await waitForHttp(`http://127.0.0.1:${gatewayPort}/healthz`, gateway, 'gateway');
  log(`gateway on http://127.0.0.1:${gatewayPort}`);

  if (dev) {
    const vite = spawn(
      process.execPath,
      [join(webDir, 'node_modules/vite/bin/vite.js'), '--port', String(port), '--strictPort'],
      {
        cwd: webDir,
        env: { ...process.env, GATEWAY_URL: `http://127.0.0.1:${gatewayPort}` },
        stdio: ['ignore', 'inherit', 'inherit'],
      },
    );
    watch('vite', vite);
    await waitForHttp(`http://127.0.0.1:${port}/`, vite, 'vite');
  }

  log(`Showfloor is running: open http://localhost:${port}/auth/login?event=DEMO`);
  log('sign in as ada@demo.test with the password Showfloor2026 (Ctrl+C stops everything)');
}

main().catch((error) => {
  console.error(`[start] ${error instanceof Error ? error.message : String(error)}`);
  void stop(1);
});
