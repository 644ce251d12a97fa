import { describe, expect, it } from 'vitest';
import { RecentMap } from './recent.ts';

/** A map on a clock the test moves. */
function onClock(windowMs: number): { map: RecentMap<string>; clock: { now: number } } {
  const clock = { now: 1_000 };
  return { map: new RecentMap<string>(windowMs, () => clock.now), clock };
}

describe('RecentMap', () => {
  it('finds a key for at least the window after it was set', () => {
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

  it('refuses a window that is not positive', () => {
    expect(() => new RecentMap(0)).toThrow(/windowMs/);
  });
});
