// A menu page whose feature is built in a later issue: an honest note, nothing pretended. Its title is the side
// menu drawer's, which shows the page.
import { Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PlaceholderPage() {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md">
      <Text>{t('placeholder.notYet')}</Text>
    </Paper>
  );
}
