// The language switch of the pages before sign-in, the auth pages and /info (spec 01 §1: English and Deutsch): the
// choice is applied and stored the way the settings page stores it (lib/i18n.ts changeLanguage), so it holds after
// sign-in too.
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES } from '@showfloor/contracts';
import { changeLanguage, isLanguage } from '../lib/i18n.ts';

export function LanguageSwitch() {
  const { t, i18n } = useTranslation('common');
  const current = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : DEFAULT_LANGUAGE;
  return (
    <Group role="group" aria-label={t('language.label')} gap={4}>
      {LANGUAGES.map((lng) => (
        <Button
          key={lng}
          size="compact-sm"
          variant={lng === current ? 'filled' : 'default'}
          aria-pressed={lng === current}
          lang={lng}
          onClick={() => {
            changeLanguage(i18n, lng).catch((error: unknown) => {
              // The German catalogue could not be fetched: the page stays in its language.
              console.error('language catalogue unavailable', error);
            });
          }}
        >
          {t(`language.${lng}`)}
        </Button>
      ))}
    </Group>
  );
}
