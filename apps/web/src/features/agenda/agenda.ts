// The agenda's grouping and times (spec 01 §7 "Agenda type: event, room, presenter"): sessions by day, by room
// or by presenter, each group and its sessions in time order. Days and times are the visitor's own: every date
// is read in the time zone given (the browser's, unless a test fixes one).
import type { AgendaEntry } from '@showfloor/contracts';

/** How the page groups the sessions. */
export const AGENDA_VIEWS = ['day', 'room', 'presenter'] as const;
export type AgendaView = (typeof AGENDA_VIEWS)[number];

/** The time zone of the visitor's browser (IANA name, e.g. 'Europe/Berlin'). */
export function visitorTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** The calendar day of an instant in a time zone, as 'YYYY-MM-DD' (sortable). */
export function dayKey(timestamp: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(timestamp);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}

export interface AgendaGroup<K> {
  key: K;
  sessions: AgendaEntry[];
}

const byTime = (a: AgendaEntry, b: AgendaEntry) =>
  a.start_timestamp - b.start_timestamp || a.end_timestamp - b.end_timestamp || a.id - b.id;

/** The sessions by their day in the time zone, days and sessions in time order. */
export function groupByDay(entries: readonly AgendaEntry[], timeZone: string): AgendaGroup<string>[] {
  const groups = new Map<string, AgendaEntry[]>();
  for (const entry of [...entries].sort(byTime)) {
    const key = dayKey(entry.start_timestamp, timeZone);
    groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups].map(([key, sessions]) => ({ key, sessions }));
}

/**
 * The sessions by a key each session has one or more of (its room, its presenters), each session under every
 * key of its own; groups ordered by `label` (then key), sessions by time.
 */
function groupByKeys(
  entries: readonly AgendaEntry[],
  keysOf: (entry: AgendaEntry) => readonly number[],
  label: (key: number) => string,
): AgendaGroup<number>[] {
  const groups = new Map<number, AgendaEntry[]>();
  for (const entry of [...entries].sort(byTime)) {
    for (const key of new Set(keysOf(entry))) groups.set(key, [...(groups.get(key) ?? []), entry]);
  }
  return [...groups]
    .map(([key, sessions]) => ({ key, sessions }))
    .sort((a, b) => label(a.key).localeCompare(label(b.key)) || a.key - b.key);
}

/** The sessions by room, rooms by name. */
export function groupByRoom(
  entries: readonly AgendaEntry[],
  roomName: (id: number) => string,
): AgendaGroup<number>[] {
  return groupByKeys(entries, (entry) => [entry.room_id], roomName);
}

/** The sessions by presenter (a session with two presenters under both), presenters by name. */
export function groupByPresenter(
  entries: readonly AgendaEntry[],
  presenterName: (id: number) => string,
): AgendaGroup<number>[] {
  return groupByKeys(entries, (entry) => entry.presenter_ids, presenterName);
}

/** A day heading in the UI language, e.g. 'Friday, 27 November 2026'. */
export function formatDay(key: string, language: string): string {
  const [year, month, day] = key.split('-').map(Number) as [number, number, number];
  // Noon UTC of that calendar day, formatted in UTC: the same calendar day whatever the zone.
  return new Intl.DateTimeFormat(language, {
    timeZone: 'UTC',
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(Date.UTC(year, month - 1, day, 12));
}

/** A session's time range in the time zone, e.g. '9:00 – 10:00 AM' (en) or '09:00–10:00 Uhr' (de). */
export function formatTimeRange(entry: AgendaEntry, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, { timeZone, hour: 'numeric', minute: '2-digit' }).formatRange(
    entry.start_timestamp,
    entry.end_timestamp,
  );
}

/** A session's day and time range, for views not grouped by day, e.g. 'Fri, 27 Nov, 9:00 – 10:00 AM'. */
export function formatDayAndTime(entry: AgendaEntry, language: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }).formatRange(entry.start_timestamp, entry.end_timestamp);
}
