import { describe, expect, it } from 'vitest';
import { CpuWatch, machineTicks, processTicks } from './machine.ts';

describe('CPU accounting of the run', () => {
  it('reads the machine’s busy and total ticks from /proc/stat', () => {
    const stat = 'cpu  100 5 50 800 20 3 2 10 0 0\ncpu0 50 2 25 400 10 1 1 5 0 0\nintr 1 2 3\n';
    expect(machineTicks(stat)).toEqual({ busy: 170, total: 990 });
    expect(machineTicks('nothing here')).toBeUndefined();
  });

  it('reads a process’s user and system ticks, whatever its name holds', () => {
    const stat = '4242 (node (tsx) x) S 1 4242 4242 0 -1 4194304 100 0 0 0 321 123 0 0 20 0 11 0 5 0 0';
    expect(processTicks(stat)).toBe(444);
    expect(processTicks('garbage')).toBeUndefined();
  });

  it('sees the runner’s own CPU time as its own, not as other work', async () => {
    const watch = new CpuWatch(() => [process.pid]);
    watch.start();
    const until = Date.now() + 1_200;
    while (Date.now() < until) Math.sqrt(Math.random());
    watch.stop();
    const own = watch.ownShare;
    const others = watch.othersShare;
    if (own === undefined || others === undefined) return; // no /proc here
    expect(own).toBeGreaterThan(0);
    expect(own + others).toBeLessThanOrEqual(1);
  });
});
