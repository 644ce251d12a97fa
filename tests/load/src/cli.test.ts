import { describe, expect, it } from 'vitest';
import { LIMITS, parseLoadArgs } from './cli.ts';
import { PoissonClock, exponentialGapMs } from './poisson.ts';

describe('load tool options', () => {
  it('parses the documented command line', () => {
    const args = parseLoadArgs([
      '--',
      '--url',
      'http://gw:8080/',
      '--users',
      '20',
      '--rate',
      '5',
      '--duration',
      '10',
      '--tokens',
      't.jsonl',
    ]);
    expect(args).toMatchObject({
      url: ['http://gw:8080'],
      users: 20,
      rate: 5,
      duration: 10,
      tokens: 't.jsonl',
      event: 'DEMO',
      warmup: 5,
    });
  });

  it('refuses users, rate and duration beyond the bounds', () => {
    const over = [
      '--url',
      'http://gw',
      '--users',
      String(LIMITS.users + 1),
      '--rate',
      String(LIMITS.rate + 1),
      '--duration',
      '99999',
      '--tokens',
      'x',
    ];
    expect(() => parseLoadArgs(over)).toThrow(/--users[\s\S]*--rate[\s\S]*--duration/);
  });

  it('needs tokens or a password', () => {
    expect(() =>
      parseLoadArgs(['--url', 'http://gw', '--users', '2', '--rate', '1', '--duration', '1']),
    ).toThrow(/--tokens, or --password/);
    expect(
      parseLoadArgs(['--url', 'http://gw', '--users', '2', '--rate', '1', '--duration', '1'], {
        LOAD_PASSWORD: 'pw',
      }).password,
    ).toBe('pw');
  });
});

describe('Poisson arrivals', () => {
  it('draws gaps whose mean is one over the rate', () => {
    let seed = 1;
    const random = (): number => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    let total = 0;
    for (let index = 0; index < 20_000; index += 1) total += exponentialGapMs(100, random);
    expect(total / 20_000).toBeGreaterThan(9.5);
    expect(total / 20_000).toBeLessThan(10.5);
  });

  it('fires every due arrival even when the timer runs late', async () => {
    let now = 0;
    let fired = 0;
    const clock = new PoissonClock(
      1000,
      () => (fired += 1),
      () => now,
    );
    clock.start();
    now = 1000;
    await new Promise((resolve) => setTimeout(resolve, 20));
    clock.stop();
    // About 1000 arrivals in one simulated second, fired at once although real time hardly moved.
    expect(fired).toBeGreaterThan(850);
    expect(fired).toBeLessThan(1150);
  });
});
