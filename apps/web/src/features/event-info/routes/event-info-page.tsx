// The event-closed information page (spec 01 §2, spec 02 §2.10): no event code goes to /; open now or no hours
// goes to /auth/login?event=...; otherwise 'Information', the closed text and each window.
import { useEffect } from 'react';
import { Alert, Center, Container, List, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isEventOpen } from '@showfloor/contracts';
import { isLanguage } from '../../../lib/i18n.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { formatOpenTime } from '../format-window.ts';

export default function EventInfoPage() {
  const { t, i18n } = useTranslation('event-info');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const eventCode = (params.get('event') ?? '').trim();
  const hours = trpc.event.getOpenHours.useQuery(
    { id: eventCode },
    { enabled: eventCode !== '', retry: false },
  );
  const windows = hours.data?.event_open_hours;
  const open = windows ? isEventOpen(windows) : false;

  useEffect(() => {
    if (windows && open)
      void navigate(`/auth/login?event=${encodeURIComponent(eventCode)}`, { replace: true });
  }, [windows, open, eventCode, navigate]);

  if (!eventCode) return <Navigate to="/" replace />;
  const language = isLanguage(i18n.language) ? i18n.language : 'en';

  return (
    <Center component="main" mih="100vh" p="md" bg="var(--sf-bg-primary, var(--mantine-color-gray-0))">
      <Container size="sm" w="100%">
        <Paper withBorder shadow="sm" radius="md" p="xl">
          {hours.isPending ? (
            <Center>
              <Loader aria-label={t('loading')} />
            </Center>
          ) : hours.isError ? (
            <Alert color="red" variant="light" title={t('title')}>
              {parseAppError(hours.error).message}
            </Alert>
          ) : open ? null : (
            <Stack>
              <Title order={1} size="h2">
                {t('title')}
              </Title>
              <Text>{t('closed')}</Text>
              <List spacing="xs" aria-label={t('windowsLabel')}>
                {(windows ?? []).map((w) => (
                  <List.Item key={`${w.from_timestamp}-${w.to_timestamp}`}>
                    {t('window', {
                      from: formatOpenTime(w.from_timestamp, language),
                      to: formatOpenTime(w.to_timestamp, language),
                    })}
                  </List.Item>
                ))}
              </List>
            </Stack>
          )}
        </Paper>
      </Container>
    </Center>
  );
}
