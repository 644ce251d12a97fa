// i18next set-up: English (default and fallback) and Deutsch (loaded when chosen). Each feature brings its
// namespace in features/<name>/locales/{en,de}.json; shared texts live in src/locales as namespace "common".
// Issue 17 (the login route's weight): only the namespaces the signed-out pages show (FIRST_NAMESPACES) are bundled
// in English; the other English texts are one chunk, and each Deutsch catalogue its own, loaded by `loadTexts`
// before a route that needs them renders (router.tsx) and, as a safety net, by i18next's backend below when a
// component asks for a namespace that is not there yet (react-i18next suspends meanwhile: no keys are shown).
import i18next, { type BackendModule, type i18n as I18n } from 'i18next';
import { getI18n, initReactI18next } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, STORAGE_KEYS, type Language } from '@showfloor/contracts';

export type Catalogue = Record<string, unknown>;
/** catalogues by namespace */
export type Bundles = Record<string, Catalogue>;

/** The namespaces of the pages before sign-in (the auth pages; the tab title names the app from "shell"). */
export const FIRST_NAMESPACES = ['common', 'auth', 'shell'] as const;

const firstEnglishModules = import.meta.glob<Catalogue>(
  ['../locales/en.json', '../features/auth/locales/en.json', '../features/shell/locales/en.json'],
  { eager: true, import: 'default' },
);
const germanLoaders = import.meta.glob<Catalogue>(['../features/*/locales/de.json', '../locales/de.json'], {
  import: 'default',
});

/** The namespace of a locale file: the feature's folder name, or "common" for src/locales. */
export function namespaceOf(path: string): string {
  return /features\/([^/]+)\/locales\//.exec(path)?.[1] ?? 'common';
}

const byNamespace = <T>(modules: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(modules).map(([path, value]) => [namespaceOf(path), value]));

const firstEnglish = byNamespace(firstEnglishModules);
const german = byNamespace(germanLoaders);

/** Every namespace of the app (each has both languages; i18n.test.tsx checks). */
export const ALL_NAMESPACES: readonly string[] = Object.keys(german).sort();

/** The English catalogues bundled with the app ({@link FIRST_NAMESPACES}). */
export function englishBundles(): Bundles {
  return { ...firstEnglish };
}

/** One namespace's catalogue in one language: bundled, or fetched (rejects when it cannot be). */
export async function readCatalogue(language: Language, namespace: string): Promise<Catalogue> {
  if (language === DEFAULT_LANGUAGE) {
    const bundled = firstEnglish[namespace];
    if (bundled) return bundled;
    const { LATER_ENGLISH } = await import('./i18n-later-english.ts');
    const later = LATER_ENGLISH[namespace];
    if (later) return later;
  } else {
    const load = german[namespace];
    if (load) return load();
  }
  throw new Error(`no ${language} texts for namespace ${namespace}`);
}

/** i18next's backend: the catalogues above, asked for whatever a component needs that is not loaded yet. */
const catalogueBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, namespace, callback) {
    if (!isLanguage(language)) {
      callback(new Error(`unknown language ${language}`), false);
      return;
    }
    readCatalogue(language, namespace).then(
      (catalogue) => callback(null, catalogue),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

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
  const instance = i18next.createInstance();
  void instance
    .use(catalogueBackend)
    .use(initReactI18next)
    .init({
      resources: { en: englishBundles() },
      // The bundled catalogues are a part: the backend loads the rest.
      partialBundledLanguages: true,
      lng: DEFAULT_LANGUAGE,
      fallbackLng: DEFAULT_LANGUAGE,
      supportedLngs: [...LANGUAGES],
      ns: [...FIRST_NAMESPACES],
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

/** The namespaces an instance holds (English is there for each: it is the fallback). */
function loadedNamespaces(instance: I18n): string[] {
  return Object.keys((instance.store.data[DEFAULT_LANGUAGE] ?? {}) as Record<string, unknown>);
}

async function addCatalogues(
  instance: I18n,
  language: Language,
  namespaces: readonly string[],
): Promise<void> {
  const missing = namespaces.filter((ns) => !instance.hasResourceBundle(language, ns));
  const catalogues = await Promise.all(missing.map((ns) => readCatalogue(language, ns)));
  missing.forEach((ns, i) => instance.addResourceBundle(language, ns, catalogues[i], true, true));
}

/** Makes sure an instance holds `language`'s catalogue of every namespace it has loaded so far. */
export async function ensureBundles(instance: I18n, language: Language): Promise<void> {
  await addCatalogues(instance, language, loadedNamespaces(instance));
}

/**
 * Loads the texts of `namespaces` in English and in the UI language, for a route about to render (router.tsx);
 * rejects when a catalogue cannot be fetched, like the route's code.
 */
export async function loadTexts(namespaces: readonly string[], instance: I18n = getI18n()): Promise<void> {
  const current = isLanguage(instance.language) ? instance.language : DEFAULT_LANGUAGE;
  const languages = current === DEFAULT_LANGUAGE ? [DEFAULT_LANGUAGE] : [DEFAULT_LANGUAGE, current];
  await Promise.all(languages.map((language) => addCatalogues(instance, language, namespaces)));
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
