// The signed-in frame (spec 02 §2.2): a header with the side-menu toggle (with the unread dot), the page, and
// the drawer (400 px; full width under 600 px) with the menu registered by the features.
import { Suspense, useState } from 'react';
import { ActionIcon, Box, Burger, Center, Drawer, Group, Indicator, Loader, Title } from '@mantine/core';
import { useDisclosure, useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { BREAKPOINTS, SIZES, type CurrentUser } from '@showfloor/contracts';
import { RouteErrorBoundary } from '../../../components/errors/route-error-boundary.tsx';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import type { MenuPageEntry } from '../../../lib/menu.ts';
import { useUnreadTotal } from '../../../lib/unread.ts';
import { useRoomKind } from '../hooks/use-room-kind.ts';
import { LogoutDialog } from './logout-dialog.tsx';
import { SideMenu } from './side-menu.tsx';

export interface AppShellProps {
  user: CurrentUser;
  menuPages: readonly MenuPageEntry[];
  signOut: () => Promise<void>;
}

export function PageLoader() {
  const { t } = useTranslation('shell');
  return (
    <Center p="xl">
      <Loader aria-label={t('loading')} />
    </Center>
  );
}

export function AppShell({ user, menuPages, signOut }: AppShellProps) {
  const { t } = useTranslation('shell');
  const [opened, drawer] = useDisclosure(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const isSmall = useMediaQuery(`(max-width: ${BREAKPOINTS.SMALL}px)`);
  const { preferences } = useEventPreferences(user.event_code);
  const roomKind = useRoomKind();
  const unread = useUnreadTotal();
  const ctx = { user, preferences, roomKind };

  return (
    <Box mih="100vh" bg="var(--sf-bg-primary, var(--mantine-color-body))">
      <Box
        component="header"
        px="md"
        py="xs"
        style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group gap="sm">
          <Indicator disabled={unread === 0} color="red" size={10} offset={4} processing={false}>
            <ActionIcon
              variant="subtle"
              size="lg"
              onClick={drawer.toggle}
              aria-label={unread > 0 ? t('menu.openWithUnread') : t('menu.open')}
              aria-expanded={opened}
              aria-controls="side-menu"
            >
              <Burger opened={opened} size="sm" component="span" aria-hidden />
            </ActionIcon>
          </Indicator>
          <Title order={2} size="h4">
            {t('appName')}
          </Title>
        </Group>
      </Box>
      <Box component="main" id="main">
        <RouteErrorBoundary>
          <Suspense fallback={<PageLoader />}>
            <Outlet />
          </Suspense>
        </RouteErrorBoundary>
      </Box>
      <Drawer
        id="side-menu"
        opened={opened}
        onClose={drawer.close}
        size={isSmall ? '100%' : SIZES.DRAWER_WIDTH}
        title={t('menu.title')}
        closeButtonProps={{ 'aria-label': t('menu.close') }}
      >
        <SideMenu
          entries={menuPages}
          ctx={ctx}
          onNavigate={drawer.close}
          onLogout={() => {
            drawer.close();
            setLogoutOpen(true);
          }}
        />
      </Drawer>
      <LogoutDialog
        opened={logoutOpen}
        user={user}
        preferences={preferences}
        onCancel={() => setLogoutOpen(false)}
        signOut={signOut}
      />
    </Box>
  );
}
