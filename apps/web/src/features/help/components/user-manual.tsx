// The user manual (spec 02 §2.3, §7): the event's PDF shown in the drawer and saved with the download link; a
// failure to load it shows the server's message (spec 02 §8).
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUserManual } from '../api/user-manual.ts';

export function UserManual({ eventCode }: { eventCode: string }) {
  const { t } = useTranslation('help');
  const { file, urls } = useUserManual(eventCode);
  if (file.status === 'loading') {
    return (
      <Center p="xl">
        <Loader aria-label={t('manual.loading')} />
      </Center>
    );
  }
  if (file.status === 'error') {
    return (
      <Alert color="red" variant="light" role="alert">
        {file.message}
      </Alert>
    );
  }
  return (
    <Stack gap="sm">
      <Button component="a" href={urls.download} download variant="light">
        {t('manual.download')}
      </Button>
      <iframe
        src={file.src}
        title={t('manual.frameTitle')}
        style={{
          width: '100%',
          height: '70vh',
          minHeight: 360,
          border: '1px solid var(--mantine-color-gray-4)',
        }}
      />
    </Stack>
  );
}
