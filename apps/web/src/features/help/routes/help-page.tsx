// The help page (spec 02 §2.3 Help): the menu, and its pages as drawer sub-pages (the drawer's header names the
// page and its Back returns to the menu) — FAQ, user manual, help-desk form and its success page, privacy and
// cookie policy.
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { env } from '../../../config/env.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useDrawerSubPage } from '../../../lib/shell/sub-page.ts';
import { useFaqs } from '../api/use-faqs.ts';
import { FaqList } from '../components/faq-list.tsx';
import { HelpDeskForm } from '../components/help-desk-form.tsx';
import { HelpDeskSuccess } from '../components/help-desk-success.tsx';
import { HelpMenu } from '../components/help-menu.tsx';
import { PolicyPanel } from '../components/policy-panel.tsx';
import { UserManual } from '../components/user-manual.tsx';
import { HELP_MENU_ROWS, helpSubPage, isHelpPage } from '../sub-pages.ts';

function Faqs({ eventCode }: { eventCode: string }) {
  const faqs = useFaqs(eventCode);
  return (
    <FaqList
      faqs={faqs.data?.faqs}
      isLoading={faqs.isPending && eventCode !== ''}
      error={faqs.error ? parseAppError(faqs.error).message : undefined}
    />
  );
}

export default function HelpPage() {
  const { t } = useTranslation('help');
  const user = useCurrentUser();
  const eventCode = user?.event_code ?? '';
  const { subPage, open, back } = useDrawerSubPage();
  const page = isHelpPage(subPage?.name) ? subPage.name : undefined;
  const rows = user ? HELP_MENU_ROWS : HELP_MENU_ROWS.filter((row) => row !== 'cookies');
  return (
    <Stack maw={760}>
      {page === undefined ? <HelpMenu pages={rows} onOpen={(row) => open(helpSubPage(row))} /> : null}
      {page === 'faq' ? <Faqs eventCode={eventCode} /> : null}
      {page === 'manual' ? <UserManual eventCode={eventCode} /> : null}
      {page === 'helpDesk' ? (
        <HelpDeskForm
          initialEmail={user?.username.includes('@') ? user.username : ''}
          onSent={() => open(helpSubPage('helpDeskSent'), { replace: true })}
        />
      ) : null}
      {page === 'helpDeskSent' ? <HelpDeskSuccess onBack={back} /> : null}
      {page === 'privacy' ? (
        <PolicyPanel
          description={t('privacy.description')}
          button={t('privacy.open')}
          url={env.privacyPolicyUrl}
        />
      ) : null}
      {page === 'cookies' && user ? (
        <PolicyPanel
          description={t('cookies.description')}
          button={t('cookies.open')}
          url={env.cookiePolicyUrl}
        />
      ) : null}
    </Stack>
  );
}
