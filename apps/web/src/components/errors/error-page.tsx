// The error page (spec 01 §2): title, message, hint, the helpdesk e-mail link and a close button back to /lobby.
// Without other texts it is the 'Page not found!' page of the catch-all route. The close button reads 'Close'
// and its accessible name also says where it goes ('Close and go to the lobby'), starting with the visible word.
import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export interface ErrorPageProps {
  title?: string;
  message?: string;
  hint?: string;
  /** Event-specific helpdesk address, else the default. */
  helpdeskEmail: string;
}

export function ErrorPage({ title, message, hint, helpdeskEmail }: ErrorPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Center mih="100vh" p="md" component="main">
      <Paper withBorder shadow="sm" p="xl" radius="md" maw={520} w="100%">
        <Stack>
          <Title order={1} size="h2">
            {title ?? t('errors.pageNotFound')}
          </Title>
          <Text>{message ?? t('errors.pageNotFoundMessage')}</Text>
          <Text size="sm" c="dimmed">
            {hint ?? t('errors.pageNotFoundHint')}{' '}
            <Anchor href={`mailto:${helpdeskEmail}`} underline="always">
              {helpdeskEmail}
            </Anchor>
          </Text>
          <Button onClick={() => navigate('/lobby')} w="fit-content" aria-label={t('actions.closeToLobby')}>
            {t('actions.close')}
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
