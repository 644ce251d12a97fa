import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('forgets an entry once its time is up', () => {
    let now = 0;
    const cache = new TtlCache<string, number>(1_000, 10, () => now);
    cache.set('a', 1);
    now = 999;
    expect(cache.get('a')).toBe(1);
    now = 1_000;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.add('a', 2)).toBe(true);
    expect(cache.add('a', 3)).toBe(false);
    expect(cache.get('a')).toBe(2);
  });

  it('drops the oldest entries past the bound, a sixteenth of it at once, and keeps the newest', () => {
    const cache = new TtlCache<number, number>(60_000, 32, () => 0);
    for (let key = 1; key <= 32; key++) cache.set(key, key);
    expect(cache.size).toBe(32);
    cache.set(33, 33);
    // 33 > 32: down to 32 - 32 / 16 = 30, the three oldest gone.
    expect(cache.size).toBe(30);
    expect([1, 2, 3].map((key) => cache.get(key))).toEqual([undefined, undefined, undefined]);
    expect(cache.get(4)).toBe(4);
    expect(cache.get(33)).toBe(33);
  });

  it('counts a re-set entry as new', () => {
    const cache = new TtlCache<number, number>(60_000, 2, () => 0);
    cache.set(1, 1);
    cache.set(2, 2);
    cache.set(1, 10);
    cache.set(3, 3);
    expect(cache.get(2)).toBeUndefined();
    expect(cache.get(1)).toBe(10);
    expect(cache.get(3)).toBe(3);
  });
});
