// The generic fallback (spec 02 §2.1): 'Something went wrong.' with the details, e.g. when a page's code could
// not be loaded. The app's root error boundary shows it with the error it caught.
import { Alert, Button, Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { browser } from '../../lib/browser.ts';

function detailsOf(error: unknown): string {
  if (error instanceof Error) return error.message;
  return String(error);
}

export function SomethingWentWrong({ error }: { error: unknown }) {
  const { t } = useTranslation();
  return (
    <Stack p="xl" align="center">
      <Alert role="alert" color="red" title={t('errors.somethingWentWrong')} maw={560} w="100%">
        <Stack gap="xs">
          <Text size="sm">{t('errors.details')}</Text>
          <Code block>{detailsOf(error)}</Code>
          <Button variant="light" onClick={() => browser.reload()} w="fit-content">
            {t('actions.reload')}
          </Button>
        </Stack>
      </Alert>
    </Stack>
  );
}
