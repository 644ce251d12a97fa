// Every route of spec 01 §2. The routes use react-router's declarative mode (useRoutes): the data router's
// loaders, actions and fetchers are weight the login route would carry for nothing. Pages load lazily so the
// login route stays small; the shell routes (and the menu pages the features register) sit behind the guard.
import { Suspense, useEffect, useLayoutEffect } from 'react';
import { MantineProvider } from '@mantine/core';
import { Navigate, matchRoutes, useLocation, useRoutes, type RouteObject } from 'react-router-dom';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { removeBootShell } from '../lib/boot-shell.ts';
import { ALL_NAMESPACES, loadTexts } from '../lib/i18n.ts';
import { afterSignInPath } from '../lib/session/redirect.ts';
import { SomethingWentWrong } from '../components/errors/something-went-wrong.tsx';
import { DocumentTitle, title } from './document-title.tsx';
import { lazyElement, loaderOf, type PageModule } from './lazy-element.tsx';
import { authPages } from '../features/auth/pages.ts';
import { eventInfoPage } from '../features/event-info/pages.ts';
import { MENU_PAGES } from './menu-pages.ts';
import { RootLayout } from './routes/root-layout.tsx';
import { sceneRoutes } from './scene-routes.tsx';

/**
 * A route's code with the texts it shows: the pages before sign-in bring theirs with the app (lib/i18n.ts
 * FIRST_NAMESPACES), every other route loads its namespaces beside its code and renders once both are in.
 */
const withTexts =
  (namespaces: readonly string[], load: () => Promise<PageModule>) => async (): Promise<PageModule> =>
    (await Promise.all([load(), loadTexts(namespaces)]))[0];

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      {
        path: '/auth',
        element: lazyElement(authPages.layout),
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          {
            path: 'login',
            handle: title('auth:login.title'),
            element: lazyElement(authPages.login),
          },
          {
            path: 'registration',
            handle: title('auth:registration.title'),
            element: lazyElement(authPages.registration),
          },
          {
            path: 'registration-success',
            handle: title('auth:registrationSuccess.title'),
            element: lazyElement(authPages.registrationSuccess),
          },
          {
            path: 'forgot-password',
            handle: title('auth:forgot.title'),
            element: lazyElement(authPages.forgotPassword),
          },
          {
            path: 'forgot-password-success',
            handle: title('auth:forgotSuccess.title'),
            element: lazyElement(authPages.forgotPasswordSuccess),
          },
          {
            path: 'reset-password',
            handle: title('auth:reset.title'),
            element: lazyElement(authPages.resetPassword),
          },
          {
            path: 'reset-password-success',
            handle: title('auth:resetSuccess.title'),
            element: lazyElement(authPages.resetPasswordSuccess),
          },
          {
            path: 'callback/oauth2/:provider',
            handle: title('auth:oauth2.title'),
            element: lazyElement(authPages.oauth2Callback),
          },
        ],
      },
      {
        path: '/info',
        handle: title('event-info:title'),
        element: lazyElement(withTexts(['event-info'], eventInfoPage)),
      },
      {
        path: '/',
        // The signed-in shell brings the texts of every feature (its menu, scenes and pages).
        element: lazyElement(
          withTexts(ALL_NAMESPACES, () =>
            import('./routes/signed-in-root.tsx').then((m) => ({ default: m.SignedInRoot })),
          ),
        ),
        // The scene routes and the menu pages; the shell shows a menu page in its drawer over the scene.
        children: [
          ...sceneRoutes,
          ...MENU_PAGES.map((entry) => ({
            path: entry.path.slice(1),
            handle: title(entry.labelKey),
            element: lazyElement(entry.load),
          })),
        ],
      },
      {
        path: '*',
        handle: title('common:errors.pageNotFound'),
        element: lazyElement(() => import('./routes/not-found.tsx').then((m) => ({ default: m.NotFound }))),
      },
    ],
  },
];

/**
 * Starts the code of every matched route at once, so a page's chunk loads beside its layout's rather than after
 * it (React.lazy alone would only ask for the page once the layout has rendered).
 */
function MatchedRoutes({ table }: { table: RouteObject[] }) {
  const location = useLocation();
  for (const match of matchRoutes(table, location) ?? []) void loaderOf(match.route.element)?.();
  return useRoutes(table);
}

/** Starts the code of every route `path` matches (nothing renders; a failed chunk is asked for again on use). */
export function preloadRoutes(path: string, table: RouteObject[] = routes): void {
  for (const match of matchRoutes(table, path) ?? [])
    loaderOf(match.route.element)?.().catch(() => undefined);
}

/** What shows the visitor is about to sign in: typing, a click or a key on an auth page. */
const SIGN_IN_INTENT = ['input', 'keydown', 'pointerdown'] as const;

/**
 * On the auth pages, the first sign of a visitor at work (they type, click or press a key) starts the code of the
 * page they go to after signing in (the lobby, or the deep link they came from) with the signed-in shell and what
 * it loads after its first render: sign-in then waits for the server and the session, not for downloads. Nothing
 * loads before that, so the login page's own first load stays as small as it is.
 */
function usePreloadAfterSignIn(table: RouteObject[]) {
  const location = useLocation();
  const isAuthPage = location.pathname === '/auth' || location.pathname.startsWith('/auth/');
  const target = afterSignInPath(location.state);
  useEffect(() => {
    if (!isAuthPage) return;
    const start = () => {
      stop();
      preloadRoutes(target, table);
      // With the app's own routes: what the signed-in shell loads after its first render, too.
      if (table === routes)
        import('./routes/signed-in-root.tsx').then((m) => m.preloadAfterShell()).catch(() => undefined);
    };
    const stop = () => {
      for (const type of SIGN_IN_INTENT) document.removeEventListener(type, start, true);
    };
    for (const type of SIGN_IN_INTENT) document.addEventListener(type, start, true);
    return stop;
  }, [isAuthPage, target, table]);
}

/**
 * Takes index.html's static first screen away in the commit that shows the routes (it renders inside their
 * Suspense boundary, so not while a route's code is still loading): the shell stays until the page replaces it.
 */
function BootShellDone() {
  useLayoutEffect(removeBootShell, []);
  return null;
}

/**
 * The routes with the app-wide fallbacks: a minimal placeholder while the first route's code loads, and
 * 'Something went wrong.' for what no inner boundary catches, e.g. a page's code that failed to load. That
 * boundary sits above the event's theme, so it brings its own MantineProvider; it resets on every navigation.
 */
export function AppRoutes({ routes: table = routes }: { routes?: RouteObject[] }) {
  const location = useLocation();
  usePreloadAfterSignIn(table);
  return (
    <ErrorBoundary
      resetKey={location.key}
      fallback={(error) => (
        <MantineProvider>
          <SomethingWentWrong error={error} />
        </MantineProvider>
      )}
      onError={(error) => {
        removeBootShell();
        console.error('route error', error);
      }}
    >
      <DocumentTitle routes={table} />
      <Suspense fallback={<div aria-busy="true" />}>
        <MatchedRoutes table={table} />
        <BootShellDone />
      </Suspense>
    </ErrorBoundary>
  );
}
