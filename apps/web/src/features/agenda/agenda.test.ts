import { describe, expect, it } from 'vitest';
import type { AgendaEntry } from '@showfloor/contracts';
import { dayKey, formatDay, formatTimeRange, groupByDay, groupByPresenter, groupByRoom } from './agenda.ts';

const at = (iso: string) => Date.parse(iso);

function session(id: number, room: number, presenters: number[], start: string, minutes = 60): AgendaEntry {
  return {
    id,
    room_id: room,
    event_code: 'DEMO',
    title: `Session ${id}`,
    description: '',
    presenter_ids: presenters,
    start_timestamp: at(start),
    end_timestamp: at(start) + minutes * 60_000,
  };
}

// 23:30 UTC on 27 November is already the 28th in Berlin and still the 27th in New York.
const LATE = session(1, 3, [4], '2026-11-27T23:30:00Z', 30);
const MORNING = session(2, 4, [3, 4], '2026-11-27T09:00:00Z');
const NEXT = session(3, 3, [5], '2026-11-28T10:00:00Z');

describe('the agenda by day', () => {
  it('puts each session on its day in the visitor’s time zone, days and sessions in time order', () => {
    const berlin = groupByDay([NEXT, LATE, MORNING], 'Europe/Berlin');
    expect(berlin.map((g) => [g.key, g.sessions.map((s) => s.id)])).toEqual([
      ['2026-11-27', [2]],
      ['2026-11-28', [1, 3]],
    ]);
    const newYork = groupByDay([NEXT, LATE, MORNING], 'America/New_York');
    expect(newYork.map((g) => [g.key, g.sessions.map((s) => s.id)])).toEqual([
      ['2026-11-27', [2, 1]],
      ['2026-11-28', [3]],
    ]);
  });

  it('reads the calendar day and the times in the time zone given', () => {
    expect(dayKey(LATE.start_timestamp, 'UTC')).toBe('2026-11-27');
    expect(dayKey(LATE.start_timestamp, 'Asia/Tokyo')).toBe('2026-11-28');
    expect(formatTimeRange(MORNING, 'de', 'Europe/Berlin')).toBe('10:00–11:00 Uhr');
    expect(formatTimeRange(MORNING, 'de', 'Asia/Tokyo')).toBe('18:00–19:00 Uhr');
    expect(formatTimeRange(MORNING, 'en', 'America/New_York')).toMatch(/^4:00\s–\s5:00\sAM$/u);
    expect(formatDay('2026-11-28', 'en')).toBe('Saturday, November 28, 2026');
    expect(formatDay('2026-11-28', 'de')).toBe('Samstag, 28. November 2026');
  });
});

describe('the agenda by room and by presenter', () => {
  const rooms: Record<number, string> = { 3: 'Talk Stage', 4: 'Expo Hall' };
  const people: Record<number, string> = { 3: 'Linus Torvalds', 4: 'Erin Meyer', 5: 'Root Admin' };

  it('groups by room, rooms by name, sessions in time order', () => {
    const groups = groupByRoom([NEXT, LATE, MORNING], (id) => rooms[id] ?? '');
    expect(groups.map((g) => [g.key, g.sessions.map((s) => s.id)])).toEqual([
      [4, [2]],
      [3, [1, 3]],
    ]);
  });

  it('lists a session under each of its presenters', () => {
    const groups = groupByPresenter([NEXT, LATE, MORNING], (id) => people[id] ?? '');
    expect(groups.map((g) => [g.key, g.sessions.map((s) => s.id)])).toEqual([
      [4, [2, 1]],
      [3, [2]],
      [5, [3]],
    ]);
  });
});
