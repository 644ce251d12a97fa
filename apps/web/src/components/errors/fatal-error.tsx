// The fatal screen (spec 01 §8): shown when the app itself cannot render; the only way on is a reload.
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser.ts';

export function FatalError() {
  const { t } = useTranslation();
  return (
    <Center mih="100vh" p="md">
      <Stack align="center" role="alert" maw={480}>
        <Title order={1} size="h3">
          {t('errors.fatalTitle')}
        </Title>
        <Text ta="center">{t('errors.fatal')}</Text>
        <Button onClick={() => browser.reload()}>{t('actions.reload')}</Button>
      </Stack>
    </Center>
  );
}
