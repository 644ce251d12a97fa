// The success pages' body: a title, a message and a button: back to login, or the page's own way on (`action`).
import { Button, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useEventCode } from '../../../hooks/use-event-code.ts';

export interface AuthResultProps {
  title: string;
  message: string;
  /** The button instead of back-to-login, e.g. to the lobby for a visitor who is signed in already. */
  action?: { label: string; to: string };
}

export function AuthResult({ title, message, action }: AuthResultProps) {
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
          navigate(
            action?.to ?? (eventCode ? `/auth/login?event=${encodeURIComponent(eventCode)}` : '/auth/login'),
          )
        }
        w="fit-content"
      >
        {action?.label ?? t('common.backToLogin')}
      </Button>
    </Stack>
  );
}
