/**
 * `pnpm bench:web [--runs N] [--url URL]`: the first screen's figures in Debian's Chromium under 4× CPU
 * throttling (CDP Emulation.setCPUThrottlingRate), against the budgets of issue 17:
 *   - the login route's JavaScript: gzip bytes of every script a fresh visit to /auth/login loads (< 150 KB);
 *   - largest contentful paint of /auth/login (PerformanceObserver 'largest-contentful-paint', < 1 s);
 *   - sign-in to an interactive lobby: from the form's submit event to the lobby scene showing its room (no
 *     loader, the room's frame in place), the relay socket accepted ('40') and the main thread free again (a
 *     task after the next frame ran) (< 2 s).
 * It starts the built app as a newcomer runs it (`node scripts/start.mjs`, which builds apps/web if it is
 * missing or stale) on spare ports, unless `--url` names a running one. Each run is a fresh browser context
 * (empty cache); one warm-up run is not counted; the median of the runs is printed against each budget as MET
 * or MISSED, with every run's figures. Not a test: the machine's other work shows in the timings.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { loadavg, tmpdir, cpus } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { sparePort } from '@showfloor/gateway/testing';
import { againstBudget, formatBudget, median, round } from './stats.ts';
import { lobbyProbe, readLcp, type LcpReading, type LobbyProbe } from './web-page.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../../../..');
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
const BUDGETS = { loginJsKiB: 150, lcpMs: 1_000, signInToLobbyMs: 2_000 } as const;
const DEMO = { email: 'ada@demo.test', password: 'Showfloor2026', event: 'DEMO' } as const;

const log = (line: string): void => void process.stderr.write(`${line}\n`);

interface Config {
  runs: number;
  throttle: number;
  url: string | undefined;
  out: string | undefined;
}

function config(argv: string[]): Config {
  const { values } = parseArgs({
    args: argv[0] === '--' ? argv.slice(1) : argv,
    options: {
      runs: { type: 'string', default: '5' },
      throttle: { type: 'string', default: '4' },
      url: { type: 'string' },
      out: { type: 'string' },
    },
  });
  const runs = Number(values.runs);
  const throttle = Number(values.throttle);
  if (!Number.isInteger(runs) || runs < 1 || runs > 50) throw new Error('--runs takes 1..50');
  if (!(throttle >= 1 && throttle <= 20)) throw new Error('--throttle takes 1..20');
  return { runs, throttle, url: values.url?.replace(/\/$/, ''), out: values.out };
}

/** One run's figures. */
interface RunResult {
  loginJsGzipBytes: number;
  loginJsFiles: Array<{ path: string; gzipBytes: number }>;
  lcpMs: number;
  lcpElement: string;
  /** FCP, scripts loaded, and the LCP image's request and arrival (ms after navigation start). */
  lcpDetail: Omit<LcpReading, 'ms' | 'element'>;
  signInToLobbyMs: number;
  /** When each part of "interactive" was reached, ms after submit. */
  lobbyParts: { sceneMs: number; socketMs: number; idleMs: number };
}

async function oneRun(browser: Browser, baseUrl: string, throttle: number): Promise<RunResult> {
  const context = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/Berlin' });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
    // tsx (esbuild, keepNames) wraps named functions in `__name(...)`, which the page lacks.
    await page.addInitScript({ content: 'globalThis.__name ??= (target) => target;' });
    await page.addInitScript(lobbyProbe);
    const origin = new URL(baseUrl).origin;
    const scripts = new Map<string, Promise<number>>();
    let isLoginPhase = true;
    page.on('response', (response) => {
      const url = new URL(response.url());
      if (!isLoginPhase || url.origin !== origin || !url.pathname.endsWith('.js')) return;
      if (!scripts.has(url.pathname))
        scripts.set(
          url.pathname,
          response.body().then((body) => gzipSync(body).length),
        );
    });

    await page.goto(`${baseUrl}/auth/login?event=${DEMO.event}`);
    await page.getByRole('button', { name: 'Log in' }).waitFor({ state: 'visible', timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    isLoginPhase = false;
    const lcp = await page.evaluate(readLcp);
    const loginJsFiles = await Promise.all(
      [...scripts].map(async ([path, gzip]) => ({ path, gzipBytes: await gzip })),
    );

    await signIn(page);
    try {
      await page.waitForFunction(
        () => (window as unknown as { __bench: LobbyProbe }).__bench.interactiveAt !== undefined,
        undefined,
        { timeout: 60_000, polling: 100 },
      );
    } catch (error) {
      const seen = await page.evaluate(() => ({
        path: location.pathname,
        probe: (window as unknown as { __bench: LobbyProbe }).__bench,
        scene: document.querySelector('section[aria-labelledby="scene-title"]')?.innerHTML.slice(0, 400),
      }));
      throw new Error(`the lobby did not become interactive: ${JSON.stringify(seen)}`, { cause: error });
    }
    const probe = (await page.evaluate(
      () => (window as unknown as { __bench: LobbyProbe }).__bench,
    )) as Required<LobbyProbe>;
    return {
      loginJsGzipBytes: loginJsFiles.reduce((sum, file) => sum + file.gzipBytes, 0),
      loginJsFiles: loginJsFiles.sort((a, b) => b.gzipBytes - a.gzipBytes),
      lcpMs: round(lcp.ms),
      lcpElement: lcp.element,
      lcpDetail: {
        fcpMs: lcp.fcpMs,
        scriptsLoadedMs: lcp.scriptsLoadedMs,
        ...(lcp.image ? { image: lcp.image } : {}),
      },
      signInToLobbyMs: round(probe.interactiveAt - probe.submitAt),
      lobbyParts: {
        sceneMs: round(probe.sceneAt - probe.submitAt),
        socketMs: round(probe.socketAt - probe.submitAt),
        idleMs: round(probe.interactiveAt - probe.submitAt),
      },
    };
  } finally {
    await context.close();
  }
}

/** Fills the login page as a visitor does (both consents) and submits with the button. */
async function signIn(page: Page): Promise<void> {
  await page.getByLabel(/^Email/).fill(DEMO.email);
  await page.getByLabel(/^Password/).fill(DEMO.password);
  await page.getByRole('checkbox', { name: /privacy policy/i }).check();
  await page.getByRole('checkbox', { name: /local storage/i }).check();
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** The built app as `pnpm start` runs it, on spare ports; stopped by its own pid. */
async function startApp(): Promise<{ url: string; child: ChildProcess }> {
  const port = await sparePort();
  const providerPort = await sparePort();
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      PROVIDER_PORT: String(providerPort),
      LOG_LEVEL: 'warn',
      // Every run signs ada in again.
      RATE_LIMIT_AUTH_PER_ACCOUNT: '1000',
      RATE_LIMIT_AUTH_PER_IP: '1000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  process.once('exit', () => child.kill('SIGKILL'));
  let output = '';
  const keep = (chunk: Buffer): void => void (output = (output + chunk.toString()).slice(-4000));
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const url = `http://localhost:${port}`;
  // A stale or missing apps/web/dist is built first (minutes on a busy machine).
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { url, child };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 250));
  }
  throw new Error(`the app did not answer /healthz:\n${output}`);
}

function stopApp(child: ChildProcess): Promise<void> {
  return new Promise((done) => {
    if (child.exitCode !== null || child.signalCode !== null) return done();
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      done();
    });
    child.kill('SIGTERM');
  });
}

async function main(): Promise<void> {
  const cfg = config(process.argv.slice(2));
  const otherProcesses = loadavg().map((value) => value.toFixed(2));
  log(
    `web bench: ${cfg.runs} runs (+1 warm-up), CPU throttled ${cfg.throttle}x, ${cpus().length} cores, ` +
      `machine load average ${otherProcesses.join(' ')} (1, 5, 15 min)`,
  );
  const app = cfg.url ? undefined : await startApp();
  const baseUrl = cfg.url ?? (app as { url: string }).url;
  log(`app: ${baseUrl}${app ? ' (node scripts/start.mjs, the built app)' : ''}`);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
  });
  const runs: RunResult[] = [];
  try {
    for (let index = 0; index <= cfg.runs; index += 1) {
      const run = await oneRun(browser, baseUrl, cfg.throttle);
      const label = index === 0 ? 'warm-up' : `run ${index}`;
      log(
        `  ${label.padEnd(8)} login JS ${round(run.loginJsGzipBytes / 1024)} KB gzip (${run.loginJsFiles.length} files), ` +
          `LCP ${run.lcpMs} ms (${run.lcpElement}), sign-in to interactive lobby ${run.signInToLobbyMs} ms ` +
          `(scene ${run.lobbyParts.sceneMs}, socket ${run.lobbyParts.socketMs}, main thread free ${run.lobbyParts.idleMs})`,
      );
      const detail = run.lcpDetail;
      log(
        `           before LCP: scripts loaded ${round(detail.scriptsLoadedMs)} ms, FCP ${round(detail.fcpMs)} ms` +
          (detail.image
            ? `, ${detail.image.url} (${round(detail.image.bytes / 1024)} KB) requested ${round(detail.image.requestedMs)} ms, arrived ${round(detail.image.loadedMs)} ms`
            : ''),
      );
      if (index > 0) runs.push(run);
    }
  } finally {
    await browser.close();
    if (app) await stopApp(app.child);
  }

  const js = againstBudget(
    'login route JS (gzip)',
    median(runs.map((run) => run.loginJsGzipBytes)) / 1024,
    BUDGETS.loginJsKiB,
    'KB',
  );
  const lcp = againstBudget('LCP of /auth/login', median(runs.map((run) => run.lcpMs)), BUDGETS.lcpMs, 'ms');
  const lobby = againstBudget(
    'sign-in to interactive lobby',
    median(runs.map((run) => run.signInToLobbyMs)),
    BUDGETS.signInToLobbyMs,
    'ms',
  );
  log(`\nbudgets (median of ${runs.length} runs, ${cfg.throttle}x CPU throttling)`);
  log(formatBudget(js));
  log(formatBudget(lcp));
  log(formatBudget(lobby));
  const biggest = runs[0]?.loginJsFiles.slice(0, 5) ?? [];
  log(
    `  login route's largest scripts: ${biggest.map((file) => `${file.path} ${round(file.gzipBytes / 1024)} KB`).join(', ')}`,
  );
  const after = loadavg().map((value) => value.toFixed(2));
  log(`  machine load average after: ${after.join(' ')}`);

  const out = cfg.out ?? join(tmpdir(), `web-bench-${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
  await writeFile(
    out,
    `${JSON.stringify({ config: cfg, loadBefore: otherProcesses, loadAfter: after, budgets: [js, lcp, lobby], runs }, null, 2)}\n`,
  );
  log(`full results: ${out}`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(1);
  },
);
