import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UI_ERROR_TEXTS } from '@showfloor/contracts';
import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import {
  ALL_NAMESPACES,
  FIRST_NAMESPACES,
  browserLanguage,
  changeLanguage,
  createI18n,
  loadTexts,
  namespaceOf,
  storedLanguage,
  type Catalogue,
} from './i18n.ts';

const srcDir = join(import.meta.dirname, '..');

/** Every leaf key of a catalogue, dotted. */
function leafKeys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object'
      ? leafKeys(value as Catalogue, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

function lookup(catalogue: Catalogue | undefined, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Catalogue)[part] : undefined),
      catalogue,
    );
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'testing' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

const files = import.meta.glob<Catalogue>(['../features/*/locales/*.json', '../locales/*.json'], {
  eager: true,
  import: 'default',
});
const resources: Record<'en' | 'de', Record<string, Catalogue>> = { en: {}, de: {} };
for (const [path, catalogue] of Object.entries(files)) {
  const language = path.endsWith('/de.json') ? 'de' : 'en';
  resources[language][namespaceOf(path)] = catalogue;
}

describe('translations', () => {
  it('has the same keys in English and Deutsch for every namespace', () => {
    const namespaces = new Set([...Object.keys(resources.en), ...Object.keys(resources.de)]);
    expect(namespaces.size).toBeGreaterThan(5);
    for (const ns of namespaces) {
      const en = leafKeys(resources.en[ns] ?? {}).sort();
      const de = leafKeys(resources.de[ns] ?? {}).sort();
      expect({ ns, missingInDe: en.filter((k) => !de.includes(k)) }).toEqual({ ns, missingInDe: [] });
      expect({ ns, missingInEn: de.filter((k) => !en.includes(k)) }).toEqual({ ns, missingInEn: [] });
      for (const key of de) expect(lookup(resources.de[ns], key), `${ns}:${key}`).not.toBe('');
    }
  });

  it('defines every literal key the source code uses', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(srcDir)) {
      const code = readFileSync(file, 'utf8');
      const defaultNs = /useTranslation\('([^']+)'\)/.exec(code)?.[1] ?? 'common';
      const keys = [
        ...[...code.matchAll(/\bt\('([^'$`]+)'/g)].map((m) => m[1] ?? ''),
        ...[...code.matchAll(/i18nKey="([^"]+)"/g)].map((m) => m[1] ?? ''),
        ...[...code.matchAll(/labelKey: '([^']+)'/g)].map((m) => m[1] ?? ''),
      ];
      for (const key of keys) {
        const [ns, path] = key.includes(':') ? (key.split(':') as [string, string]) : [defaultNs, key];
        // A key used with `count` is defined by its plural forms (key_one, key_other).
        const isDefined =
          lookup(resources.en[ns], path) !== undefined ||
          lookup(resources.en[ns], `${path}_other`) !== undefined;
        if (!isDefined) missing.push(`${relative(srcDir, file)}: ${ns}:${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('keeps the English texts of the spec letter for letter', async () => {
    const i18n = createI18n();
    await loadTexts(['session', 'event-info'], i18n);
    expect(i18n.t('errors.unexpected')).toBe(UI_ERROR_TEXTS.UNEXPECTED);
    expect(i18n.t('errors.fatal')).toBe(UI_ERROR_TEXTS.FATAL);
    expect(i18n.t('errors.pageNotFound')).toBe(UI_ERROR_TEXTS.PAGE_NOT_FOUND);
    expect(i18n.t('errors.somethingWentWrong')).toBe(UI_ERROR_TEXTS.SOMETHING_WENT_WRONG);
    expect(i18n.t('errors.submissionFailed')).toBe(UI_ERROR_TEXTS.SUBMISSION_FAILED);
    expect(i18n.t('auth:errors.email')).toBe(UI_ERROR_TEXTS.EMAIL_INVALID);
    expect(i18n.t('auth:errors.password')).toBe(UI_ERROR_TEXTS.PASSWORD_MISSING);
    expect(i18n.t('auth:errors.eventCode')).toBe(UI_ERROR_TEXTS.EVENT_CODE_INVALID);
    expect(i18n.t('auth:errors.passwordsMismatch')).toBe(UI_ERROR_TEXTS.PASSWORDS_MISMATCH);
    expect(i18n.t('auth:errors.invalidAccessCode')).toBe(UI_ERROR_TEXTS.INVALID_ACCESS_CODE);
    expect(i18n.t('session:loggedOut.switchedDevices')).toBe(UI_ERROR_TEXTS.SWITCHED_DEVICES);
    expect(i18n.t('session:loggedOut.sessionProblem')).toBe(UI_ERROR_TEXTS.SESSION_PROBLEM);
    expect(i18n.t('session:access.deniedTitle')).toBe(UI_ERROR_TEXTS.ACCESS_DENIED_TITLE);
    expect(i18n.t('session:access.deniedMessage')).toBe(UI_ERROR_TEXTS.ACCESS_DENIED_MESSAGE);
    expect(i18n.t('event-info:title')).toBe(UI_ERROR_TEXTS.EVENT_CLOSED_TITLE);
    expect(i18n.t('event-info:closed')).toBe(UI_ERROR_TEXTS.EVENT_CLOSED_MESSAGE);
    expect(i18n.t('event-info:window', { from: 'A', to: 'B' })).toBe(
      UI_ERROR_TEXTS.EVENT_OPEN_WINDOW.replace('{from}', 'A').replace('{to}', 'B'),
    );
  });

  it('starts in English, loads Deutsch when chosen and remembers the choice', async () => {
    const i18n = createI18n();
    expect(i18n.language).toBe('en');
    expect(i18n.t('shell:menu.logout')).toBe('Log out');
    await changeLanguage(i18n, 'de');
    expect(i18n.t('shell:menu.logout')).toBe('Abmelden');
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    await changeLanguage(i18n, 'en');
    expect(i18n.t('shell:menu.logout')).toBe('Log out');
  });
});

describe('texts loaded when needed (issue 17)', () => {
  it('bundles the English of the pages before sign-in only; Deutsch and the rest load, Deutsch only for what is held', async () => {
    const i18n = createI18n();
    expect(FIRST_NAMESPACES.every((ns) => i18n.hasResourceBundle('en', ns))).toBe(true);
    expect(i18n.hasResourceBundle('en', 'chat')).toBe(false);
    await changeLanguage(i18n, 'de');
    expect(i18n.t('auth:login.submit')).toBe(lookup(resources.de.auth, 'login.submit'));
    expect(i18n.hasResourceBundle('de', 'chat')).toBe(false);
    await loadTexts(['chat'], i18n);
    expect(i18n.hasResourceBundle('en', 'chat')).toBe(true);
    expect(i18n.hasResourceBundle('de', 'chat')).toBe(true);
    expect(ALL_NAMESPACES).toEqual(Object.keys(resources.en).sort());
  });

  it('shows a namespace that is not loaded yet only once it is in, never its keys', async () => {
    const i18n = createI18n();
    function Help() {
      const { t } = useTranslation('help');
      return <p>{t('menu.label')}</p>;
    }
    render(
      <I18nextProvider i18n={i18n}>
        <Suspense fallback={<p>loading</p>}>
          <Help />
        </Suspense>
      </I18nextProvider>,
    );
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('Help')).toBeInTheDocument();
  });
});

describe('the language at start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('takes the first of en and de among the browser languages, else English', () => {
    expect(browserLanguage(['fr-FR', 'de-AT', 'en-US'])).toBe('de');
    expect(browserLanguage(['en-GB', 'de'])).toBe('en');
    expect(browserLanguage(['DE_ch'])).toBe('de');
    expect(browserLanguage(['fr', 'it'])).toBe('en');
    expect(browserLanguage([])).toBe('en');
  });

  it("uses the stored choice, and the browser's languages only when nothing is stored", () => {
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR', 'de-DE']);
    expect(storedLanguage()).toBe('de');
    window.localStorage.setItem('language', 'en');
    expect(storedLanguage()).toBe('en');
    window.localStorage.setItem('language', 'xx');
    expect(storedLanguage()).toBe('de');
    vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['fr-FR']);
    window.localStorage.removeItem('language');
    expect(storedLanguage()).toBe('en');
  });
});
