/**
 * apps/gateway/build.mjs, run in a scratch folder (its `src` a link to the gateway's): the previous build's
 * outputs go, anything else in dist/ stays.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const GATEWAY = fileURLToPath(new URL('..', import.meta.url));

let scratch: string | undefined;
afterEach(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
});

describe('build.mjs', () => {
  it("clears the previous build's chunks and entry, keeping a baseline copy beside them", () => {
    scratch = mkdtempSync(join(tmpdir(), 'gateway-build-'));
    symlinkSync(join(GATEWAY, 'src'), join(scratch, 'src'));
    mkdirSync(join(scratch, 'dist/chunks'), { recursive: true });
    mkdirSync(join(scratch, 'dist/baseline'), { recursive: true });
    writeFileSync(join(scratch, 'dist/chunks/old-AAAAAAAA.js'), '// an earlier build');
    writeFileSync(join(scratch, 'dist/main.js'), '// an earlier build');
    writeFileSync(join(scratch, 'dist/baseline/main.js'), '// kept for bench:relay --baseline');
    execFileSync(process.execPath, [join(GATEWAY, 'build.mjs')], { cwd: scratch, stdio: 'pipe' });
    const chunks = readdirSync(join(scratch, 'dist/chunks'));
    expect(chunks).not.toContain('old-AAAAAAAA.js');
    expect(chunks.length).toBeGreaterThan(0);
    expect(existsSync(join(scratch, 'dist/main.js.map'))).toBe(true);
    expect(existsSync(join(scratch, 'dist/baseline/main.js'))).toBe(true);
  });
});
