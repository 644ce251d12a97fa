// One i18n instance for tests, holding both languages of every namespace, that records every key missing from the catalogues.
import type { i18n as I18n } from 'i18next';
import { createI18n, namespaceOf, type Catalogue } from '../lib/i18n.ts';

const german = import.meta.glob<Catalogue>(['../features/*/locales/de.json', '../locales/de.json'], {
  eager: true,
  import: 'default',
});
// The app bundles only the first pages' English (lib/i18n.ts FIRST_NAMESPACES); tests hold every namespace.
const english = import.meta.glob<Catalogue>(['../features/*/locales/en.json', '../locales/en.json'], {
  eager: true,
  import: 'default',
});

const missing: string[] = [];

export const testI18n: I18n = createI18n({
  onMissingKey: (language, namespace, key) => missing.push(`${language}:${namespace}:${key}`),
});
for (const [path, catalogue] of Object.entries(english))
  testI18n.addResourceBundle('en', namespaceOf(path), catalogue, true, true);
for (const [path, catalogue] of Object.entries(german))
  testI18n.addResourceBundle('de', namespaceOf(path), catalogue);

/** The keys found missing since the last call (and forgets them). */
export function takeMissingKeys(): string[] {
  return missing.splice(0, missing.length);
}
