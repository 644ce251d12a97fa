// The help desk's success page (spec 02 §2.3 "helpdesk success").
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function HelpDeskSuccess({ onBack }: { onBack: () => void }) {
  const { t } = useTranslation('help');
  return (
    <Stack gap="sm" align="flex-start" role="status">
      <Title order={3} c="green.9">
        {t('helpDeskSent.heading')}
      </Title>
      <Text>{t('helpDeskSent.text')}</Text>
      <Button variant="default" onClick={onBack}>
        {t('helpDeskSent.back')}
      </Button>
    </Stack>
  );
}
