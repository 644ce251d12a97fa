// The root of every route: the event's theme over Mantine, the notification areas (the default store: toasts
// top-right, top-left notices, announcements; the chat store: bottom-left, at most four) and the logged-out
// dialog.
import { useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { Outlet } from 'react-router-dom';
import { MAX_CHAT_TOASTS } from '@showfloor/contracts';
import { LoggedOutDialog } from '../../features/session/components/logged-out-dialog.tsx';
import { useEventCode } from '../../hooks/use-event-code.ts';
import { useEventPreferences } from '../../hooks/use-event-preferences.ts';
import { chatNotificationsStore } from '../../lib/notify.ts';
import { buildTheme, themeVariables } from '../../lib/theme.ts';

export function RootLayout() {
  const { preferences } = useEventPreferences(useEventCode());
  const theme = useMemo(() => buildTheme(preferences), [preferences]);
  const variables = useMemo(() => themeVariables(preferences), [preferences]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={variables}>
      <Notifications position="top-right" />
      <Notifications store={chatNotificationsStore} position="bottom-left" limit={MAX_CHAT_TOASTS} />
      <LoggedOutDialog />
      <Outlet />
    </MantineProvider>
  );
}
