import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { canPin } from './processes.ts';

const LOAD_DIR = resolve(import.meta.dirname, '../..');

/** Runs `pinSelf(core)` in a fresh node process and answers each of its threads' allowed cores afterwards. */
function threadsAfterPinSelf(core: number): string[] {
  const script = `
    import { readdirSync, readFileSync } from 'node:fs';
    import { pinSelf } from './src/bench/processes.ts';
    if (!pinSelf(${core})) throw new Error('pinSelf failed');
    const allowed = readdirSync('/proc/self/task').map(
      (thread) => /Cpus_allowed_list:\\s*(\\S+)/.exec(readFileSync('/proc/self/task/' + thread + '/status', 'utf8'))?.[1],
    );
    process.stdout.write(JSON.stringify(allowed));
  `;
  const output = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    cwd: LOAD_DIR,
    encoding: 'utf8',
  });
  return JSON.parse(output) as string[];
}

describe('pinSelf', () => {
  it('pins every thread of the process, not only the main one', () => {
    expect(canPin(), 'taskset (util-linux) is needed to pin the bench').toBe(true);
    expect(
      availableParallelism(),
      'pinning is only seen on a machine with two cores or more',
    ).toBeGreaterThan(1);
    const allowed = threadsAfterPinSelf(1);
    // The main thread, V8's platform workers and whatever else runs by then.
    expect(allowed.length).toBeGreaterThan(1);
    expect(allowed).toEqual(allowed.map(() => '1'));
  });
});
