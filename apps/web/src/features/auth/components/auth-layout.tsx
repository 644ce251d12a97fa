// The auth pages' shared layout (spec 01 §2): the event's poster beside the form (fetched as a file through
// the gateway), the language switch above the form and the footer below. Under 600 px the poster is left out.
import { useState } from 'react';
import { Box, Container, Flex, Group, Image, Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { RouteErrorBoundary } from '../../../components/errors/route-error-boundary.tsx';
import { useEventCode } from '../../../hooks/use-event-code.ts';
import { useHelpdeskEmail } from '../../../hooks/use-helpdesk-email.ts';
import { posterUrl } from '../../../lib/api/files.ts';
import { AuthEventReportContext } from './auth-event-context.ts';
import { AuthFooter } from './auth-footer.tsx';
import { LanguageSwitch } from '../../../components/language-switch.tsx';

function Poster({ eventCode }: { eventCode: string }) {
  const { t } = useTranslation('auth');
  const [failed, setFailed] = useState<string | null>(null);
  if (!eventCode || failed === eventCode) return null;
  return (
    <Box visibleFrom="xs" w={{ xs: '40%', md: '45%' }} maw={560} style={{ alignSelf: 'flex-start' }}>
      {/* The whole poster at its own aspect ratio, never cropped or stretched: at most one screen high, top
          aligned; the card beside it keeps its own height. */}
      <Image
        src={posterUrl(eventCode)}
        alt={t('poster.alt', { event: eventCode })}
        w="100%"
        h="auto"
        mah="calc(100vh - 2 * var(--mantine-spacing-xl))"
        fit="contain"
        radius="md"
        style={{ objectPosition: 'top center' }}
        onError={() => setFailed(eventCode)}
      />
    </Box>
  );
}

export function AuthLayout() {
  const eventCode = useEventCode();
  const helpdeskEmail = useHelpdeskEmail();
  // The event the shown page reports (the login page's typed or query code), else the known one.
  const [pageEventCode, setPageEventCode] = useState<string>();
  return (
    <Box
      component="main"
      mih="100vh"
      py={{ base: 'md', xs: 'xl' }}
      bg="var(--sf-bg-primary, var(--mantine-color-gray-0))"
    >
      <Container size="lg">
        <Flex gap="xl" align="flex-start" justify="center">
          <Poster eventCode={eventCode} />
          <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', xs: 'xl' }} w="100%" maw={480}>
            <Group justify="flex-end" mb="xs">
              <LanguageSwitch />
            </Group>
            <AuthEventReportContext value={setPageEventCode}>
              <RouteErrorBoundary>
                <Outlet />
              </RouteErrorBoundary>
            </AuthEventReportContext>
            <AuthFooter
              eventCode={eventCode}
              termsEventCode={pageEventCode ?? eventCode}
              helpdeskEmail={helpdeskEmail}
            />
          </Paper>
        </Flex>
      </Container>
    </Box>
  );
}
