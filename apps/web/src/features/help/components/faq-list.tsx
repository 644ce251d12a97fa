// The FAQ list (spec 02 §2.3 Help "FAQ"): questions in faq_order, answers as sanitised HTML.
import { Accordion, Alert, Loader, Text, Typography } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Faq } from '@showfloor/contracts';
import { sanitizeHtml } from '../../../lib/ui/sanitize.ts';

export interface FaqListProps {
  faqs: readonly Faq[] | undefined;
  isLoading: boolean;
  error: string | undefined;
}

export function FaqList({ faqs, isLoading, error }: FaqListProps) {
  const { t } = useTranslation('help');
  if (isLoading) return <Loader aria-label={t('faq.loading')} />;
  if (error) {
    return (
      <Alert color="red" variant="light">
        {error}
      </Alert>
    );
  }
  const sorted = [...(faqs ?? [])].sort((a, b) => a.faq_order - b.faq_order);
  if (sorted.length === 0) return <Text>{t('faq.empty')}</Text>;
  return (
    <Accordion variant="separated">
      {sorted.map((faq) => (
        <Accordion.Item key={faq.id} value={String(faq.id)}>
          <Accordion.Control>{faq.question}</Accordion.Control>
          <Accordion.Panel>
            <Typography>
              <div dangerouslySetInnerHTML={{ __html: sanitizeHtml(faq.answer) }} />
            </Typography>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
