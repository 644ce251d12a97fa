// Everything inside the shell: the guard, the event's open hours, the tab's one socket with its session events,
// presence, announcements and achievements, and the shell with the scene (lobby, room) and the registered menu
// pages in its drawer. Loaded only after sign-in.
import { Suspense, lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, matchRoutes, renderMatches, useLocation, useNavigate, useOutlet } from 'react-router-dom';
import { useAnnouncements } from '../../features/announcements/index.ts';
import { useAchievementEvents } from '../../features/passport/index.ts';
import { useSessionEvents } from '../../features/session/index.ts';
import { AppShell } from '../../features/shell/index.ts';
import { useMicrophoneEvents } from '../../features/user-list/index.ts';
import { infoPath, useEventClosed } from '../../hooks/use-event-closed.ts';
import {
  DEFAULT_SCENE,
  GoToLobbySceneContext,
  hrefOf,
  menuEntryAt,
  SceneContext,
  sceneOf,
  type DrawerState,
  type SceneLocation,
} from '../../lib/shell/scene.ts';
import { useUserStatusEvents } from '../../lib/presence/use-user-status-events.ts';
import { isLobbyPath, roomIdFromPath } from '../../lib/shell/room-path.ts';
import { DataProvider } from '../../lib/api/data-provider.tsx';
import { useRefetchAfterReconnect } from '../../lib/api/use-refetch-after-reconnect.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { signOut } from '../../lib/session/sign-out.ts';
import { useSocketConnection } from '../../lib/socket/connection.ts';
import { MENU_PAGES } from '../menu-pages.ts';
import { sceneRoutes } from '../scene-routes.tsx';
import { RequireAuth } from './require-auth.tsx';

// The chat topic (unread dot, sound, newsfeed toasts, catch-up) loads after the shell, never in its way.
const loadChatEvents = () => import('../../features/chat/index.ts').then((m) => ({ default: m.ChatEvents }));
const ChatEvents = lazy(loadChatEvents);

// The calls (incoming dialog, call window) load after the shell too; the chat's call buttons wait for them.
const loadCallCenter = () => import('../../features/calls/index.ts').then((m) => ({ default: m.CallCenter }));
const CallCenter = lazy(loadCallCenter);

// The mini-map over the lobby and the rooms (features/mini-map), loaded after the shell.
const loadMiniMapOverlay = () =>
  import('../../features/mini-map/index.ts').then((m) => ({ default: m.MiniMapOverlay }));
const MiniMapOverlay = lazy(loadMiniMapOverlay);

/**
 * Starts the code the shell loads after its first render (the chat topic, the calls, the mini-map), so that a
 * visitor signing in does not wait for it (src/app/router.tsx preloads the signed-in routes while the visitor
 * types). Nothing renders; a chunk that fails here is asked for again when the shell needs it.
 */
export function preloadAfterShell(): void {
  for (const load of [loadChatEvents, loadCallCenter, loadMiniMapOverlay]) load().catch(() => undefined);
}

const isScenePath = (pathname: string): boolean => matchRoutes(sceneRoutes, pathname) !== null;

/** The scene behind the drawer and the menu page in it (see lib/shell/scene.ts); the last scene is kept per tab. */
function useScene() {
  const location = useLocation();
  const menuEntry = menuEntryAt(MENU_PAGES, location.pathname);
  // The last scene shown, for a menu page reached without a background (React's "information from previous
  // renders" pattern: set while rendering, only when it changed).
  const [last, setLast] = useState<SceneLocation | undefined>(undefined);
  if (!menuEntry && (last === undefined || hrefOf(last) !== hrefOf(location))) {
    setLast({ pathname: location.pathname, search: location.search, hash: location.hash });
  }
  const { pathname, search, hash } = sceneOf(location, MENU_PAGES, last, isScenePath);
  const scene = useMemo(() => ({ pathname, search, hash }), [pathname, search, hash]);
  // The scene renders from its own matches, outside the drawer page's route: its pages read the room from their
  // params (useParams), not from the URL, which may name a menu page.
  const element = useMemo(() => renderMatches(matchRoutes(sceneRoutes, pathname)), [pathname]);
  return { scene, element, menuEntry };
}

/** Sends the scene to the lobby, keeping a menu page open in the drawer (lib/shell/scene.ts useGoToLobbyScene). */
function useShellGoToLobby(onMenuPage: boolean): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const latest = useRef({ navigate, location, onMenuPage });
  useEffect(() => {
    latest.current = { navigate, location, onMenuPage };
  });
  return useCallback(() => {
    const { navigate: go, location: at, onMenuPage: inDrawer } = latest.current;
    const state: DrawerState = { background: DEFAULT_SCENE };
    if (inDrawer) void go(hrefOf(at), { replace: true, state });
    else void go(DEFAULT_SCENE.pathname, { replace: true });
  }, []);
}

/** The signed-in pages' data: TanStack Query and tRPC start here, not on the login route (issue 17). */
export function SignedInRoot() {
  return (
    <DataProvider>
      <SignedInShell />
    </DataProvider>
  );
}

function SignedInShell() {
  const user = useCurrentUser();
  const { scene, element: sceneElement, menuEntry } = useScene();
  const pageElement = useOutlet();
  const goToLobbyScene = useShellGoToLobby(menuEntry !== undefined);
  useSocketConnection(user);
  // After a reconnect, each in its own spread wait: the rooms the user may access now, and the reads on screen again.
  useSessionEvents(scene.pathname, goToLobbyScene);
  useRefetchAfterReconnect();
  useAnnouncements();
  useUserStatusEvents();
  useAchievementEvents();
  useMicrophoneEvents();
  // Outside the event's open hours the visitor goes to its info page (spec 01 §2), as from the login page.
  const closed = useEventClosed(user?.event_code ?? '');
  if (user && closed) return <Navigate to={infoPath(user.event_code)} replace />;
  return (
    <RequireAuth>
      <GoToLobbySceneContext value={goToLobbyScene}>
        <SceneContext value={scene}>
          {user ? (
            <AppShell
              user={user}
              menuPages={MENU_PAGES}
              signOut={signOut}
              scene={scene}
              sceneElement={
                <>
                  {sceneElement}
                  {isLobbyPath(scene.pathname) || roomIdFromPath(scene.pathname) !== undefined ? (
                    <Suspense fallback={null}>
                      <MiniMapOverlay user={user} />
                    </Suspense>
                  ) : null}
                </>
              }
              page={menuEntry ? { entry: menuEntry, element: pageElement } : undefined}
            />
          ) : null}
          {user ? (
            <Suspense fallback={null}>
              <ChatEvents user={user} />
            </Suspense>
          ) : null}
          {user ? (
            <Suspense fallback={null}>
              <CallCenter user={user} />
            </Suspense>
          ) : null}
        </SceneContext>
      </GoToLobbySceneContext>
    </RequireAuth>
  );
}
