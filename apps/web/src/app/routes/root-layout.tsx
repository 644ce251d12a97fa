// The root of every route: the event's theme over Mantine, the notification areas and the logged-out dialog.
// The notification areas load with the first notification (pages that never notify, like login, skip them).
import { Suspense, lazy, useMemo, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { Outlet } from 'react-router-dom';
import { LoggedOutDialog } from './logged-out-dialog.tsx';
import { useEventCode } from '../../hooks/use-event-code.ts';
import { useEventPreferences } from '../../hooks/use-event-preferences.ts';
import { chatNotificationsStore } from '../../lib/ui/notify.ts';
import { buildTheme, themeVariables } from '../../lib/ui/theme.ts';

const NotificationAreas = lazy(() => import('./notification-areas.tsx'));

/** True from the first notification on (the areas then stay mounted). */
function useAnyNotification(): boolean {
  const main = useNotifications();
  const chat = useNotifications(chatNotificationsStore);
  const count = main.notifications.length + main.queue.length + chat.notifications.length + chat.queue.length;
  const [seen, setSeen] = useState(false);
  if (count > 0 && !seen) setSeen(true);
  return seen || count > 0;
}

export function RootLayout() {
  const { preferences } = useEventPreferences(useEventCode());
  const theme = useMemo(() => buildTheme(preferences), [preferences]);
  const variables = useMemo(() => themeVariables(preferences), [preferences]);
  const showAreas = useAnyNotification();
  return (
    <MantineProvider theme={theme} cssVariablesResolver={variables}>
      {showAreas ? (
        <Suspense fallback={null}>
          <NotificationAreas />
        </Suspense>
      ) : null}
      <LoggedOutDialog />
      <Outlet />
    </MantineProvider>
  );
}
