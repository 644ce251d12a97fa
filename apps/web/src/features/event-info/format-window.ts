// One opening window as 'Event will be open from X to Y' parts (spec 02 §2.10): weekday, day, month, year,
// hh:mm (24 h) and the time-zone abbreviation, in the UI language.
import type { Language } from '@showfloor/contracts';

const LOCALES: Record<Language, string> = { en: 'en-GB', de: 'de-DE' };

export function formatOpenTime(epochMs: number, language: Language, timeZone?: string): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZoneName: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(epochMs));
}
