// The help menu (spec 02 §2.3 "Help: menu, ..."): a row for each help page; the cookie policy only for signed-in
// users, which everyone inside the shell is.
import { NavLink, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { HelpPage } from '../sub-pages.ts';

function Chevron() {
  return (
    <svg width="16" height="16" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

export function HelpMenu({
  pages,
  onOpen,
}: {
  pages: readonly HelpPage[];
  onOpen: (page: HelpPage) => void;
}) {
  const { t } = useTranslation('help');
  return (
    <nav aria-label={t('home.label')}>
      <Stack gap={2}>
        {pages.map((page) => (
          <NavLink
            key={page}
            component="button"
            type="button"
            label={t(`pages.${page}.title`)}
            description={t(`pages.${page}.summary`)}
            rightSection={<Chevron />}
            onClick={() => onOpen(page)}
            styles={{ description: { color: 'var(--mantine-color-gray-7)' } }}
          />
        ))}
      </Stack>
    </nav>
  );
}
