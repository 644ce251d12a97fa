import { describe, expect, it } from 'vitest';
import { RecentKeys } from './recent-keys.ts';

describe('RecentKeys', () => {
  it('answers false for a key it holds and true for a new one', () => {
    const keys = new RecentKeys<string>(1_000, 10, () => 0);
    expect(keys.add('a')).toBe(true);
    expect(keys.add('a')).toBe(false);
    expect(keys.has('a')).toBe(true);
    expect(keys.has('b')).toBe(false);
  });

  it('keeps a key while fewer than minCount keys came after it, and drops it after two generations', () => {
    const keys = new RecentKeys<number>(60_000, 3, () => 0);
    for (const key of [1, 2, 3, 4, 5, 6]) expect(keys.add(key)).toBe(true);
    // 1-3 are the previous generation, 4-6 the current one: all held (at most 2 × minCount).
    for (const key of [1, 2, 3, 4, 5, 6]) expect(keys.has(key)).toBe(true);
    expect(keys.add(7)).toBe(true);
    // 1-3 went whole; 3 had 3 keys after it (4-6) when it was dropped.
    expect([1, 2, 3].some((key) => keys.has(key))).toBe(false);
    expect(keys.size).toBe(4);
    expect(keys.add(3)).toBe(true);
  });

  it('keeps a key for at least minAgeMs when few keys come', () => {
    let now = 0;
    const keys = new RecentKeys<string>(1_000, 1_000, () => now);
    keys.add('early');
    now = 999;
    keys.add('a');
    expect(keys.has('early')).toBe(true);
    now = 1_000;
    keys.add('b'); // the generation holding 'early' is 1 s old: it becomes the previous one
    expect(keys.has('early')).toBe(true);
    now = 1_999;
    keys.add('c');
    expect(keys.has('early')).toBe(true);
    now = 2_000;
    keys.add('d'); // a whole generation (1 s) came after the one holding 'early'
    expect(keys.has('early')).toBe(false);
    expect(keys.has('b')).toBe(true);
  });
});
