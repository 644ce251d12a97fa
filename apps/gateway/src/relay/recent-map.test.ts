import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent-map.ts';

/** A map on a clock the test moves, kept by age only unless `minCount` is given. */
function onClock(minAgeMs: number, minCount?: number) {
  const clock = { now: 1_000 };
  const map = new RecentMap<string, string>(minAgeMs, {
    now: () => clock.now,
    ...(minCount ? { minCount } : {}),
  });
  return { map, clock };
}

describe('RecentMap', () => {
  it('adds a key it does not hold and refuses one it holds', () => {
    const { map } = onClock(1_000, 10);
    expect(map.add('a', 'first')).toBe(true);
    expect(map.add('a', 'second')).toBe(false);
    expect(map.get('a')).toBe('first');
    expect(map.has('a')).toBe(true);
    expect(map.has('b')).toBe(false);
  });

  it('keeps a key while fewer than minCount keys came after it, and drops it after two generations', () => {
    const keys = new RecentMap<number, true>(60_000, { minCount: 3, now: () => 0 });
    for (const key of [1, 2, 3, 4, 5, 6]) expect(keys.add(key, true)).toBe(true);
    // 1-3 are the previous generation, 4-6 the current one: all held (at most 2 × minCount).
    for (const key of [1, 2, 3, 4, 5, 6]) expect(keys.has(key)).toBe(true);
    expect(keys.add(7, true)).toBe(true);
    // 1-3 went whole; 3 had 3 keys after it (4-6) when it was dropped.
    expect([1, 2, 3].some((key) => keys.has(key))).toBe(false);
    expect(keys.size).toBe(4);
    expect(keys.add(3, true)).toBe(true);
  });

  it('keeps a key for at least minAgeMs when few keys come', () => {
    const { map, clock } = onClock(1_000, 1_000);
    map.add('early', 'v');
    clock.now += 999;
    map.add('a', 'v');
    expect(map.has('early')).toBe(true);
    clock.now += 1;
    map.add('b', 'v'); // the generation holding 'early' is 1 s old: it becomes the previous one
    expect(map.has('early')).toBe(true);
    clock.now += 999;
    map.add('c', 'v');
    expect(map.has('early')).toBe(true);
    clock.now += 1;
    map.add('d', 'v'); // a whole generation (1 s) came after the one holding 'early'
    expect(map.has('early')).toBe(false);
    expect(map.has('b')).toBe(true);
  });

  it('finds a key for at least minAgeMs after it was set', () => {
    const { map, clock } = onClock(10_000);
    clock.now += 9_999;
    map.set('a', 'stored a');
    clock.now += 10_000;
    expect(map.get('a')).toBe('stored a');
    clock.now += 9_999;
    expect(map.get('a')).toBe('stored a');
  });

  it('forgets a key two rotations later', () => {
    const { map, clock } = onClock(10_000);
    map.set('a', 'stored a');
    clock.now += 10_000;
    map.set('b', 'stored b');
    expect(map.get('a')).toBe('stored a');
    clock.now += 10_000;
    expect(map.get('a')).toBeUndefined();
    expect(map.get('b')).toBe('stored b');
    expect(map.size).toBe(1);
  });

  it('forgets both generations after two idle windows', () => {
    const { map, clock } = onClock(10_000);
    map.set('a', 'stored a');
    clock.now += 5_000;
    map.set('b', 'stored b');
    clock.now += 20_000;
    expect(map.get('b')).toBeUndefined();
    expect(map.size).toBe(0);
  });

  it('answers the latest value of a key set again', () => {
    const { map, clock } = onClock(10_000);
    map.set('a', 'first');
    clock.now += 10_000;
    map.set('a', 'second');
    expect(map.get('a')).toBe('second');
  });

  it('holds what two windows set, however long it runs', () => {
    const { map, clock } = onClock(1_000);
    for (let index = 0; index < 10_000; index += 1) {
      map.set(`k${index}`, 'v');
      clock.now += 10;
    }
    // 100 keys per window, 10 ms apart: the current and the previous generation.
    expect(map.size).toBeLessThanOrEqual(200);
    expect(map.get('k9999')).toBe('v');
    expect(map.get('k9910')).toBe('v'); // set 900 ms ago, within the window
    expect(map.get('k9000')).toBeUndefined();
  });

  it('keeps by count only with an infinite minAgeMs, never reading the clock', () => {
    const map = new RecentMap<string, string>(Infinity, {
      minCount: 2,
      now: () => {
        throw new Error('the clock was read');
      },
    });
    for (const key of ['a', 'b', 'c', 'd']) map.set(key, key);
    // 'a' and 'b' are the previous generation, 'c' and 'd' the current one.
    expect(['a', 'b', 'c', 'd'].map((key) => map.get(key))).toEqual(['a', 'b', 'c', 'd']);
    map.set('e', 'e');
    expect(map.has('a')).toBe(false);
    expect(map.has('b')).toBe(false);
    expect(map.get('c')).toBe('c');
    expect(map.size).toBe(3);
  });

  it('refuses a minAgeMs that is not positive, a minCount under 1, and no finite bound', () => {
    expect(() => new RecentMap(0)).toThrow(/minAgeMs/);
    expect(() => new RecentMap(1_000, { minCount: 0 })).toThrow(/minCount/);
    expect(() => new RecentMap(Infinity)).toThrow(/finite/);
  });
});
