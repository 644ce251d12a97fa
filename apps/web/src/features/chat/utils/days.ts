// Messages grouped by day (spec 02 §2.5) and their time as HH:MM, 24-hour (spec 02 §9), in the viewer's time zone.

/** The local day of a moment, as YYYY-MM-DD (the key a group is known by). */
export function dayKey(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** HH:MM, 24-hour, local time. */
export function formatTime(ms: number): string {
  const date = new Date(ms);
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}

/** The date string of a day separator, in the UI language (e.g. 'Monday, 23 November 2026'). */
export function formatDay(ms: number, language: string): string {
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  }).format(new Date(ms));
}

export interface DayGroup<T> {
  key: string;
  /** The first moment of the group (for its label). */
  at: number;
  items: T[];
}

/** Consecutive items of one local day together, in the given order. */
export function groupByDay<T>(items: readonly T[], timeOf: (item: T) => number): DayGroup<T>[] {
  const groups: DayGroup<T>[] = [];
  for (const item of items) {
    const at = timeOf(item);
    const key = dayKey(at);
    const last = groups.at(-1);
    if (last?.key === key) last.items.push(item);
    else groups.push({ key, at, items: [item] });
  }
  return groups;
}
