// i18next set-up: English (default and fallback, bundled) and Deutsch (loaded when chosen). Each feature brings
// its namespace in features/<name>/locales/{en,de}.json; shared texts live in src/locales as namespace "common".
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@showfloor/contracts';

export type Catalogue = Record<string, unknown>;
/** catalogues by namespace */
export type Bundles = Record<string, Catalogue>;

const englishModules = import.meta.glob<Catalogue>(['../features/*/locales/en.json', '../locales/en.json'], {
  eager: true,
  import: 'default',
});
const germanLoaders = import.meta.glob<Catalogue>(['../features/*/locales/de.json', '../locales/de.json'], {
  import: 'default',
});

/** The namespace of a locale file: the feature's folder name, or "common" for src/locales. */
export function namespaceOf(path: string): string {
  return /features\/([^/]+)\/locales\//.exec(path)?.[1] ?? 'common';
}

/** The English catalogues (bundled with the app). */
export function englishBundles(): Bundles {
  return Object.fromEntries(
    Object.entries(englishModules).map(([path, catalogue]) => [namespaceOf(path), catalogue]),
  );
}

/** The catalogues of one language (Deutsch is fetched on first use). */
export async function loadBundles(language: Language): Promise<Bundles> {
  if (language === 'en') return englishBundles();
  const entries = await Promise.all(
    Object.entries(germanLoaders).map(async ([path, load]) => [namespaceOf(path), await load()] as const),
  );
  return Object.fromEntries(entries);
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

function navigatorLanguages(): readonly string[] {
  if (typeof navigator === 'undefined') return [];
  if (navigator.languages?.length) return navigator.languages;
  return navigator.language ? [navigator.language] : [];
}

/**
 * The first of the browser's preferred languages (navigator.languages, in order) the app has, matched by the
 * primary subtag ('de-AT' is Deutsch), else English.
 */
export function browserLanguage(preferred: readonly string[] = navigatorLanguages()): Language {
  for (const tag of preferred) {
    const primary = tag.split(/[-_]/)[0]?.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * The language the visitor chose (settings page or the auth pages' switch, both through
 * {@link changeLanguage}); a first-time visitor with nothing stored gets the browser's ({@link browserLanguage}).
 */
export function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.LANGUAGE);
    if (isLanguage(stored)) return stored;
  } catch {
    // Storage blocked: fall back to the browser's languages.
  }
  return browserLanguage();
}

export interface InitI18nOptions {
  /** Called for every key that is missing in the current language (tests fail on it). */
  onMissingKey?: (language: string, namespace: string, key: string) => void;
}

/** An i18next instance in English; {@link changeLanguage} switches it (loading the catalogues first). */
export function createI18n({ onMissingKey }: InitI18nOptions = {}): I18n {
  const english = englishBundles();
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: { en: english },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(english),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    initAsync: false,
    saveMissing: Boolean(onMissingKey),
    missingKeyHandler: onMissingKey
      ? (lngs, ns, key) => {
          for (const lng of lngs) onMissingKey(lng, ns, key);
        }
      : false,
  });
  instance.on('languageChanged', (lng) => {
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = instance.language;
  return instance;
}

/** Makes sure an instance holds every catalogue of `language`. */
export async function ensureBundles(instance: I18n, language: Language): Promise<void> {
  if (instance.hasResourceBundle(language, 'common')) return;
  for (const [ns, catalogue] of Object.entries(await loadBundles(language))) {
    instance.addResourceBundle(language, ns, catalogue, true, true);
  }
}

/** Switches the UI language and remembers it (the language key is not cleared at sign-out). */
export async function changeLanguage(instance: I18n, language: Language, remember = true): Promise<void> {
  await ensureBundles(instance, language);
  if (remember) {
    try {
      window.localStorage.setItem(STORAGE_KEYS.LANGUAGE, language);
    } catch {
      // Storage may be full or blocked; the switch still applies to this page.
    }
  }
  await instance.changeLanguage(language);
}
