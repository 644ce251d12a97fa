// The browser tab's title names the page (WCAG 2.4.2): "<page> · <app>". Each route carries the i18next key of
// its title as its `handle` (router.tsx, scene-routes.tsx; a menu page's is its menu label, the drawer's title);
// the deepest matched route with one names the page, and a path without one (a redirect) shows the app's name.
import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { matchRoutes, useLocation, type RouteObject } from 'react-router-dom';

export interface TitleHandle {
  titleKey: string;
}

/** A route's handle naming its title. */
export const title = (titleKey: string): TitleHandle => ({ titleKey });

function titleKeyOfHandle(handle: unknown): string | undefined {
  const key = (handle as Partial<TitleHandle> | null | undefined)?.titleKey;
  return typeof key === 'string' ? key : undefined;
}

/** The title key of a path in a route table, if its deepest titled match has one. */
export function titleKeyOf(routes: RouteObject[], pathname: string): string | undefined {
  const matches = matchRoutes(routes, pathname) ?? [];
  const last = matches.at(-1);
  // An index route (a redirect) has no title of its own: the app's name shows until it has moved on.
  return last ? titleKeyOfHandle(last.route.handle) : undefined;
}

/** The namespace of a title key (`auth:login.title`; a key without one is "common"). */
const namespaceOfKey = (key: string): string => (key.includes(':') ? (key.split(':')[0] ?? '') : 'common');

export function DocumentTitle({ routes }: { routes: RouteObject[] }) {
  const { t, i18n } = useTranslation();
  const { pathname } = useLocation();
  const key = titleKeyOf(routes, pathname);
  // A route's texts may arrive after its path matched (router.tsx withTexts): until then the tab names the app
  // rather than showing the key.
  const subscribe = useCallback(
    (onChange: () => void) => {
      i18n.store.on('added', onChange);
      return () => i18n.store.off('added', onChange);
    },
    [i18n],
  );
  const isTitleLoaded = useSyncExternalStore(
    subscribe,
    () => key !== undefined && i18n.hasResourceBundle('en', namespaceOfKey(key)),
  );
  const app = t('shell:appName');
  const text = key && isTitleLoaded ? `${t(key)} · ${app}` : app;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
