// The root of every route: the event's theme over Mantine, the notification areas and the logged-out dialog.
// The notification areas load with the first notification (pages that never notify, like login, skip them and
// @mantine/notifications: lib/ui/notification-shown.ts).
import { Suspense, lazy, useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { Outlet } from 'react-router-dom';
import { LoggedOutDialog } from './logged-out-dialog.tsx';
import { useEventCode } from '../../hooks/use-event-code.ts';
import { useEventPreferences } from '../../hooks/use-event-preferences.ts';
import { notificationShownStore } from '../../lib/ui/notification-shown.ts';
import { buildTheme, themeVariables } from '../../lib/ui/theme.ts';

const NotificationAreas = lazy(() => import('./notification-areas.tsx'));

export function RootLayout() {
  const { preferences } = useEventPreferences(useEventCode());
  const theme = useMemo(() => buildTheme(preferences), [preferences]);
  const variables = useMemo(() => themeVariables(preferences), [preferences]);
  // True from the first notification on (the areas then stay mounted).
  const showAreas = notificationShownStore.useValue();
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
