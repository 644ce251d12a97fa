// Everything inside the shell: the guard, the event's open hours, the tab's one socket with its session events and
// announcements, and the shell with the scene (lobby, room) and the registered menu pages in its drawer. Loaded
// only after sign-in.
import { useMemo, useState } from 'react';
import { Navigate, matchRoutes, renderMatches, useLocation, useOutlet } from 'react-router-dom';
import { isEventOpen } from '@showfloor/contracts';
import { AppShell } from '../../features/shell/components/app-shell.tsx';
import { useAnnouncements } from '../../features/announcements/hooks/use-announcements.ts';
import { useSessionEvents } from '../../features/session/hooks/use-session-events.ts';
import { DEFAULT_SCENE, hrefOf, menuEntryAt, sceneOf, type SceneLocation } from '../../lib/scene.ts';
import { useCurrentUser } from '../../lib/session.ts';
import { signOut } from '../../lib/sign-out.ts';
import { useSocketConnection } from '../../lib/socket.ts';
import { trpc } from '../../lib/trpc.ts';
import { MENU_PAGES } from '../menu-pages.ts';
import { sceneRoutes } from '../scene-routes.tsx';
import { RequireAuth } from './require-auth.tsx';

/** The scene behind the drawer and the menu page in it (see lib/scene.ts); the last scene is kept per tab. */
function useScene() {
  const location = useLocation();
  const menuEntry = menuEntryAt(MENU_PAGES, location.pathname);
  // The last scene shown, for a menu page reached without a background (React's "information from previous
  // renders" pattern: set while rendering, only when it changed).
  const [last, setLast] = useState<SceneLocation | undefined>(undefined);
  if (!menuEntry && (last === undefined || hrefOf(last) !== hrefOf(location))) {
    setLast({ pathname: location.pathname, search: location.search, hash: location.hash });
  }
  const computed = sceneOf(location, MENU_PAGES, last);
  // A background that is no scene (a crafted router state) shows the lobby instead of an empty screen.
  const isScene = matchRoutes(sceneRoutes, computed.pathname) !== null;
  const { pathname, search, hash } = isScene ? computed : DEFAULT_SCENE;
  const scene = useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
  // The scene renders from its own matches, outside the drawer page's route: its pages read the room from their
  // params (useParams), not from the URL, which may name a menu page.
  const element = useMemo(() => renderMatches(matchRoutes(sceneRoutes, pathname)), [pathname]);
  return { scene, element, menuEntry };
}

/** True when the user's event is outside its open hours now (spec 01 §2: then the user goes to /info). */
function useEventClosed(eventCode: string | undefined): boolean {
  const hours = trpc.event.getOpenHours.useQuery(
    { id: eventCode ?? '' },
    { enabled: Boolean(eventCode), retry: false, staleTime: 60_000 },
  );
  return hours.data !== undefined && !isEventOpen(hours.data.event_open_hours);
}

export function SignedInRoot() {
  const user = useCurrentUser();
  const { scene, element: sceneElement, menuEntry } = useScene();
  const pageElement = useOutlet();
  useSocketConnection(user);
  useSessionEvents(scene.pathname);
  useAnnouncements();
  const closed = useEventClosed(user?.event_code);
  if (user && closed) return <Navigate to={`/info?event=${encodeURIComponent(user.event_code)}`} replace />;
  return (
    <RequireAuth>
      {user ? (
        <AppShell
          user={user}
          menuPages={MENU_PAGES}
          signOut={signOut}
          scene={scene}
          sceneElement={sceneElement}
          page={menuEntry ? { entry: menuEntry, element: pageElement } : undefined}
        />
      ) : null}
    </RequireAuth>
  );
}
