// A page whose feature is built in a later issue: its title and an honest note, nothing pretended.
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PlaceholderPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Stack p="lg" component="section" aria-labelledby="placeholder-title">
      <Title order={1} size="h2" id="placeholder-title">
        {title}
      </Title>
      <Paper withBorder p="md" radius="md">
        <Text>{t('placeholder.notYet')}</Text>
      </Paper>
    </Stack>
  );
}
