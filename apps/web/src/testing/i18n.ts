// One i18n instance for tests that records every key missing from the catalogues.
import type { i18n as I18n } from 'i18next';
import { createI18n } from '../lib/i18n.ts';

const missing: string[] = [];

export const testI18n: I18n = createI18n({
  language: 'en',
  onMissingKey: (language, namespace, key) => missing.push(`${language}:${namespace}:${key}`),
});

/** The keys found missing since the last call (and forgets them). */
export function takeMissingKeys(): string[] {
  return missing.splice(0, missing.length);
}
