// The help page (spec 02 §2.3 Help): its sections as tabs — FAQ, privacy policy and cookie policy (the cookie
// policy only for signed-in users, which everyone inside the shell is).
import { Stack, Tabs, type TabsProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { env } from '../../../config/env.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { FaqList } from '../components/faq-list.tsx';
import { PolicyPanel } from '../components/policy-panel.tsx';
import { FRONTEND } from '../../../config/frontend.ts';

/**
 * The tab strip stays one row: on a narrow phone (390 px, German 'Cookie-Richtlinie') it scrolls sideways instead
 * of wrapping. The arrow keys still move between tabs and focus scrolls the chosen tab into view; the focus ring
 * is drawn inside each tab so the scrolling strip does not clip it.
 */
const TAB_STRIP_STYLES: TabsProps['styles'] = {
  list: { flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' },
  // Narrow padding: in the 400 px drawer (and on a phone) the three German tabs fit without scrolling.
  tab: {
    flexShrink: 0,
    whiteSpace: 'nowrap',
    outlineOffset: '-2px',
    paddingInline: 'var(--mantine-spacing-xs)',
  },
};

export default function HelpPage() {
  const { t } = useTranslation('help');
  const user = useCurrentUser();
  const eventCode = user?.event_code ?? '';
  const faqs = trpc.event.getEventFaqs.useQuery(
    { id: eventCode, frontend: FRONTEND },
    { enabled: eventCode !== '' },
  );
  return (
    <Stack maw={760}>
      <Tabs defaultValue="faq" keepMounted={false} styles={TAB_STRIP_STYLES}>
        <Tabs.List>
          <Tabs.Tab value="faq">{t('tabs.faq')}</Tabs.Tab>
          <Tabs.Tab value="privacy">{t('tabs.privacy')}</Tabs.Tab>
          {user ? <Tabs.Tab value="cookies">{t('tabs.cookies')}</Tabs.Tab> : null}
        </Tabs.List>
        <Tabs.Panel value="faq" pt="md">
          <FaqList
            faqs={faqs.data?.faqs}
            isLoading={faqs.isPending && eventCode !== ''}
            error={faqs.error ? parseAppError(faqs.error).message : undefined}
          />
        </Tabs.Panel>
        <Tabs.Panel value="privacy" pt="md">
          <PolicyPanel
            description={t('privacy.description')}
            button={t('privacy.open')}
            url={env.privacyPolicyUrl}
          />
        </Tabs.Panel>
        {user ? (
          <Tabs.Panel value="cookies" pt="md">
            <PolicyPanel
              description={t('cookies.description')}
              button={t('cookies.open')}
              url={env.cookiePolicyUrl}
            />
          </Tabs.Panel>
        ) : null}
      </Tabs>
    </Stack>
  );
}
