// The success pages' body: a title, a message and a back-to-login button.
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useEventCode } from '../../../hooks/use-event-code.ts';

export function AuthResult({ title, message }: { title: string; message: string }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const eventCode = useEventCode();
  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        {title}
      </Title>
      <Text>{message}</Text>
      <Button
        onClick={() =>
          navigate(eventCode ? `/auth/login?event=${encodeURIComponent(eventCode)}` : '/auth/login')
        }
        w="fit-content"
      >
        {t('common.backToLogin')}
      </Button>
    </Stack>
  );
}
