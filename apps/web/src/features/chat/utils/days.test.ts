import { describe, expect, it } from 'vitest';
import { formatDay, formatTime, groupByDay } from './days.ts';

// Local times (the tests run in the machine's zone; the moments are built from local fields).
const at = (day: number, hour: number, minute = 0) => new Date(2026, 10, day, hour, minute).getTime();

describe('days and times', () => {
  it('groups consecutive messages of one local day, in order', () => {
    const items = [at(20, 23, 59), at(21, 0, 0), at(21, 9, 30), at(23, 8)];
    const groups = groupByDay(items, (ms) => ms);
    expect(groups.map((g) => [g.key, g.items.length])).toEqual([
      ['2026-11-20', 1],
      ['2026-11-21', 2],
      ['2026-11-23', 1],
    ]);
    expect(groupByDay([], (ms: number) => ms)).toEqual([]);
  });

  it('shows times as HH:MM on a 24-hour clock', () => {
    expect(formatTime(at(21, 0, 5))).toBe('00:05');
    expect(formatTime(at(21, 13, 7))).toBe('13:07');
    expect(formatTime(at(21, 23, 59))).toBe('23:59');
  });

  it('writes the date of a separator in the UI language', () => {
    expect(formatDay(at(23, 12), 'en')).toBe('Monday, 23 November 2026');
    expect(formatDay(at(23, 12), 'de')).toBe('Montag, 23. November 2026');
  });
});
