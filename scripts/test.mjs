#!/usr/bin/env node
// Runs every check and test of the workspace in order, then prints one summary line per runner
// ("<runner>: N passed, N failed") and exits non-zero if anything failed.
// Usage: pnpm test               (typecheck, lint, unit/integration, the fault run's short form, end-to-end)
//        pnpm test -- --no-e2e    (skip the browser suite, e.g. on a machine without Chromium)
//        pnpm test -- --no-faults (skip the fault run, about two and a half minutes)
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const out = join(root, 'test-results');
mkdirSync(out, { recursive: true });
const skipE2e = process.argv.includes('--no-e2e');
const skipFaults = process.argv.includes('--no-faults');

/** @type {{name: string, passed: number, failed: number, skipped: number, ok: boolean, note?: string}[]} */
const results = [];

function run(name, cmd, args, env = {}) {
  console.log(`\n=== ${name}: ${cmd} ${args.join(' ')}`);
  const res = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  return res.status === 0;
}

/**
 * A runner's result. A runner that exits non-zero with no failed test in its report failed outside any test (an
 * unhandled error or rejection, a crashed worker, a setup that threw): that counts as one failure, with a note,
 * so the summary line never reads "0 failed" beside FAILED.
 */
function result(name, { exitOk, passed, failed, skipped }) {
  const outside = !exitOk && failed === 0;
  return {
    name,
    passed,
    failed: outside ? 1 : failed,
    skipped,
    ok: exitOk && failed === 0 && skipped === 0 && passed > 0,
    note: outside ? 'exited non-zero outside any test: see its errors above' : undefined,
  };
}

function readJson(file) {
  try {
    return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  } catch {
    return undefined;
  }
}

// Static checks count as one step each.
for (const [name, script] of [
  ['typecheck', 'typecheck'],
  ['lint', 'lint'],
]) {
  const ok = run(name, 'pnpm', ['run', '--silent', script]);
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1, skipped: 0, ok });
}

// Unit and integration tests (Vitest, every workspace project).
{
  const file = join(out, 'vitest.json');
  rmSync(file, { force: true });
  const ok = run('vitest', 'pnpm', [
    'exec',
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${file}`,
  ]);
  const report = readJson(file);
  const passed = report?.numPassedTests ?? 0;
  const failed = (report?.numFailedTests ?? 0) + (report ? 0 : 1);
  const skipped = (report?.numPendingTests ?? 0) + (report?.numTodoTests ?? 0);
  results.push(result('vitest', { exitOk: ok, passed, failed, skipped }));
}

// The fault run's short form (tests/faults): two gateway nodes, the mock provider and a private Redis under
// node kills, Redis restarts, a pause, a provider restart and overload; one check per line it prints.
if (!skipFaults) {
  const file = join(out, 'faults.json');
  rmSync(file, { force: true });
  const ok = run('faults', 'pnpm', ['test:faults', '--', '--report', file]);
  const checks = readJson(file)?.checks;
  const passed = checks ? checks.filter((check) => check.isMet).length : 0;
  const failed = checks ? checks.length - passed : 1;
  results.push(result('faults', { exitOk: ok, passed, failed, skipped: 0 }));
}

// End-to-end tests (Playwright on Debian's Chromium).
if (!skipE2e) {
  const file = join(out, 'playwright.json');
  rmSync(file, { force: true });
  const ok = run('playwright', 'pnpm', ['--filter', './tests/e2e', 'exec', 'playwright', 'test'], {
    PLAYWRIGHT_JSON_OUTPUT_FILE: file,
  });
  const stats = readJson(file)?.stats;
  const passed = stats?.expected ?? 0;
  const failed = (stats?.unexpected ?? 0) + (stats?.flaky ?? 0) + (stats ? 0 : 1);
  const skipped = stats?.skipped ?? 0;
  results.push(result('playwright', { exitOk: ok, passed, failed, skipped }));
}

console.log('\n=== summary');
for (const r of results) {
  console.log(
    `${r.name}: ${r.passed} passed, ${r.failed} failed${r.skipped ? `, ${r.skipped} skipped` : ''}${r.note ? ` (${r.note})` : ''}`,
  );
}
const total = results.reduce((acc, r) => ({ passed: acc.passed + r.passed, failed: acc.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed`);
const bad = results.filter((r) => !r.ok);
if (bad.length > 0) {
  console.log(`FAILED: ${bad.map((r) => r.name).join(', ')} (a skipped test counts as a failure here)`);
  process.exit(1);
}
