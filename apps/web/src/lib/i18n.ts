// i18next set-up: English (default and fallback) and Deutsch. Each feature brings its namespace in
// features/<name>/locales/{en,de}.json; shared texts live in src/locales as namespace "common".
import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@showfloor/contracts';

export type Catalogue = Record<string, unknown>;
/** resources[language][namespace] = catalogue */
export type Resources = Record<Language, Record<string, Catalogue>>;

const featureModules = import.meta.glob<Catalogue>('../features/*/locales/*.json', {
  eager: true,
  import: 'default',
});
const sharedModules = import.meta.glob<Catalogue>('../locales/*.json', { eager: true, import: 'default' });

/** Every catalogue of the app, by language and namespace. */
export function collectResources(): Resources {
  const resources: Resources = { en: {}, de: {} };
  const add = (path: string, ns: string, catalogue: Catalogue) => {
    const lang = /\/(\w+)\.json$/.exec(path)?.[1];
    if (lang !== 'en' && lang !== 'de') throw new Error(`unexpected locale file ${path}`);
    resources[lang][ns] = catalogue;
  };
  for (const [path, catalogue] of Object.entries(featureModules)) {
    const ns = /features\/([^/]+)\/locales\//.exec(path)?.[1];
    if (ns) add(path, ns, catalogue);
  }
  for (const [path, catalogue] of Object.entries(sharedModules)) add(path, 'common', catalogue);
  return resources;
}

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language chosen on the settings page, else English. */
export function storedLanguage(): Language {
  try {
    const stored = window.localStorage.getItem(STORAGE_KEYS.LANGUAGE);
    return isLanguage(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

export interface InitI18nOptions {
  language?: Language;
  /** Called for every key that is missing in the current language (tests fail on it). */
  onMissingKey?: (language: string, namespace: string, key: string) => void;
}

export function createI18n({ language = storedLanguage(), onMissingKey }: InitI18nOptions = {}): I18n {
  const resources = collectResources();
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    ns: Object.keys(resources.en),
    defaultNS: 'common',
    fallbackNS: 'common',
    interpolation: { escapeValue: false },
    returnNull: false,
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

/** Switches the UI language and remembers it (the language key is not cleared at sign-out). */
export async function changeLanguage(instance: I18n, language: Language): Promise<void> {
  try {
    window.localStorage.setItem(STORAGE_KEYS.LANGUAGE, language);
  } catch {
    // Storage may be full or blocked; the switch still applies to this page.
  }
  await instance.changeLanguage(language);
}
