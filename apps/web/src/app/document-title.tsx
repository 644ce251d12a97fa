// The browser tab's title names the page (WCAG 2.4.2): "<page> · <app>". Kept in one table here rather than in
// every page, beside the route table it follows; a menu page's title is its menu label (the drawer's title).
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { matchPath, useLocation } from 'react-router-dom';
import { menuEntryAt } from '../lib/scene.ts';
import { MENU_PAGES } from './menu-pages.ts';

/** Route patterns and the i18next key of their title, first match wins. */
export const PAGE_TITLES: readonly (readonly [pattern: string, key: string])[] = [
  ['/auth/login', 'auth:login.title'],
  ['/auth/registration', 'auth:registration.title'],
  ['/auth/registration-success', 'auth:registrationSuccess.title'],
  ['/auth/forgot-password', 'auth:forgot.title'],
  ['/auth/forgot-password-success', 'auth:forgotSuccess.title'],
  ['/auth/reset-password', 'auth:reset.title'],
  ['/auth/reset-password-success', 'auth:resetSuccess.title'],
  ['/auth/callback/oauth2/:provider', 'auth:oauth2.title'],
  ['/info', 'event-info:title'],
  ['/lobby', 'lobby:title'],
  ['/room/:roomId', 'room:title'],
  ['/webgl-error', 'webgl-error:title'],
];

/** The title key of a path: its route's, a menu page's label, else the not-found page's. */
export function titleKeyOf(pathname: string): string | undefined {
  if (pathname === '/' || pathname === '/auth') return undefined;
  const found = PAGE_TITLES.find(([pattern]) => matchPath(pattern, pathname));
  if (found) return found[1];
  return menuEntryAt(MENU_PAGES, pathname)?.labelKey ?? 'common:errors.pageNotFound';
}

export function DocumentTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const key = titleKeyOf(pathname);
  const app = t('shell:appName');
  const title = key ? `${t(key)} · ${app}` : app;
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}
