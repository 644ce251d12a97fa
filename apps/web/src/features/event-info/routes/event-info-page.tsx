// The event-closed information page (spec 01 §2, spec 02 §2.10): no event code goes to /; open now or no hours
// goes to /auth/login?event=...; otherwise the event's name, 'Information', the closed text and each window, and
// the ways on: back to the login page (for another event), the language switch and the help desk.
import { useEffect } from 'react';
import {
  Alert,
  Anchor,
  Center,
  Container,
  Group,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { isEventOpen } from '@showfloor/contracts';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { useEventDetails } from '../../../hooks/use-event-details.ts';
import { useHelpdeskEmail } from '../../../hooks/use-helpdesk-email.ts';
import { isLanguage } from '../../../lib/i18n.ts';
import type { LeftInfoState } from '../../../lib/session/redirect.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useOpenHours } from '../api/use-open-hours.ts';
import { formatOpenTime } from '../format-window.ts';

export default function EventInfoPage() {
  const { t, i18n } = useTranslation('event-info');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const eventCode = (params.get('event') ?? '').trim();
  const hours = useOpenHours(eventCode);
  const event = useEventDetails(eventCode);
  const helpdeskEmail = useHelpdeskEmail();
  const windows = hours.data?.event_open_hours;
  const isOpen = windows ? isEventOpen(windows) : false;

  useEffect(() => {
    if (windows && isOpen)
      void navigate(`/auth/login?event=${encodeURIComponent(eventCode)}`, { replace: true });
  }, [windows, isOpen, eventCode, navigate]);

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
          ) : isOpen ? null : (
            <Stack>
              {event.data ? (
                <Text fw={700} size="lg">
                  {event.data.name}
                </Text>
              ) : null}
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
          <Group component="nav" aria-label={t('waysOn')} justify="space-between" mt="xl" gap="sm">
            <Group gap="md">
              <Anchor
                component={Link}
                to="/auth/login"
                state={{ leftInfoOf: eventCode } satisfies LeftInfoState}
                underline="always"
              >
                {t('backToLogin')}
              </Anchor>
              <Anchor href={`mailto:${helpdeskEmail}`} underline="always">
                {t('helpdesk')}
              </Anchor>
            </Group>
            <LanguageSwitch />
          </Group>
        </Paper>
      </Container>
    </Center>
  );
}
