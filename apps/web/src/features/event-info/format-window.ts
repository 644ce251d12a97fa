// One opening window as 'Event will be open from X to Y' parts (spec 02 §2.10): weekday, day, month, year,
// hh:mm (24 h) and the time-zone abbreviation, in the UI language.
import type { Language } from '@showfloor/contracts';

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

/**
 * Where the UI locale only knows an offset, these locales' short names are tried in turn. What Intl (ICU) gives
 * for 'short' names: en-GB has CET/CEST and GMT/BST but 'GMT-4' for New York; en-US has EST/EDT, PST/PDT but
 * 'GMT+1' for Berlin; de-DE has MEZ/MESZ but offsets for London and New York. ('shortGeneric' gives names like
 * 'Germany Time' or one name for summer and winter, so it is no help.) UI locale, then en-GB, then en-US gives a
 * real abbreviation for the European and US zones; other zones (Tokyo, Sydney, Kolkata) have none in any of them.
 */
const ABBREVIATION_LOCALES = ['en-GB', 'en-US'];

/** 'GMT-4', 'GMT+5:30', 'UTC+1' (with an ASCII or Unicode minus): an offset, not an abbreviation. */
const OFFSET_NAME = /^(?:GMT|UTC)[+\-\u2212]\d/;

function shortZoneName(date: Date, locale: string, timeZone: string | undefined): string {
  return (
    new Intl.DateTimeFormat(locale, { timeZoneName: 'short', ...(timeZone ? { timeZone } : {}) })
      .formatToParts(date)
      .find((part) => part.type === 'timeZoneName')?.value ?? ''
  );
}

/**
 * The time zone's abbreviation at that moment (CEST, MEZ, BST, EDT, UTC ...): the UI locale's own if it has one,
 * else the first of {@link ABBREVIATION_LOCALES} that has one, else the UI locale's GMT offset ('GMT+9').
 */
export function timeZoneAbbreviation(epochMs: number, language: Language, timeZone?: string): string {
  const date = new Date(epochMs);
  const own = shortZoneName(date, LOCALES[language], timeZone);
  if (!OFFSET_NAME.test(own)) return own;
  for (const locale of ABBREVIATION_LOCALES) {
    const name = shortZoneName(date, locale, timeZone);
    if (name && !OFFSET_NAME.test(name)) return name;
  }
  return own;
}

export function formatOpenTime(epochMs: number, language: Language, timeZone?: string): string {
  const dateTime = new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(epochMs));
  return `${dateTime} ${timeZoneAbbreviation(epochMs, language, timeZone)}`;
}
