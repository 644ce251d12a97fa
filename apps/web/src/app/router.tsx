// Every route of spec 01 §2. Pages load lazily so the login route stays small; the shell routes (and the
// menu pages the features register) sit behind the guard.
import { Navigate, createBrowserRouter, type RouteObject } from 'react-router-dom';
import { SomethingWentWrong } from '../components/errors/something-went-wrong.tsx';
import { MENU_PAGES } from './menu-pages.ts';
import { RootLayout } from './routes/root-layout.tsx';

const page = (load: () => Promise<{ default: React.ComponentType }>) => async () => ({
  Component: (await load()).default,
});

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <SomethingWentWrong />,
    // Shown while the first page's code loads (the router starts before its lazy routes are in).
    hydrateFallbackElement: <div aria-busy="true" />,
    children: [
      {
        path: '/auth',
        lazy: async () => ({
          Component: (await import('../features/auth/components/auth-layout.tsx')).AuthLayout,
        }),
        children: [
          { index: true, element: <Navigate to="/auth/login" replace /> },
          { path: 'login', lazy: page(() => import('../features/auth/routes/login-page.tsx')) },
          { path: 'registration', lazy: page(() => import('../features/auth/routes/registration-page.tsx')) },
          {
            path: 'registration-success',
            lazy: page(() => import('../features/auth/routes/registration-success-page.tsx')),
          },
          {
            path: 'forgot-password',
            lazy: page(() => import('../features/auth/routes/forgot-password-page.tsx')),
          },
          {
            path: 'forgot-password-success',
            lazy: page(() => import('../features/auth/routes/forgot-password-success-page.tsx')),
          },
          {
            path: 'reset-password',
            lazy: page(() => import('../features/auth/routes/reset-password-page.tsx')),
          },
          {
            path: 'reset-password-success',
            lazy: page(() => import('../features/auth/routes/reset-password-success-page.tsx')),
          },
          {
            path: 'callback/oauth2/:provider',
            lazy: page(() => import('../features/auth/routes/oauth2-callback-page.tsx')),
          },
        ],
      },
      { path: '/info', lazy: page(() => import('../features/event-info/routes/event-info-page.tsx')) },
      {
        path: '/',
        lazy: () => import('./routes/signed-in-root.tsx'),
        children: [
          { index: true, element: <Navigate to="/lobby" replace /> },
          { path: 'lobby', lazy: page(() => import('../features/lobby/routes/lobby-page.tsx')) },
          { path: 'room/:roomId', lazy: page(() => import('../features/room/routes/room-page.tsx')) },
          {
            path: 'webgl-error',
            lazy: page(() => import('../features/webgl-error/routes/webgl-error-page.tsx')),
          },
          ...MENU_PAGES.map((entry) => ({ path: entry.path.slice(1), lazy: page(entry.load) })),
        ],
      },
      { path: '*', lazy: () => import('./routes/not-found.tsx') },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
