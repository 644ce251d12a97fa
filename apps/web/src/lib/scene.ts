// The scene and the drawer (spec 02 §2.2, §2.3): the lobby or a room fills the screen, and a menu page opens in the
// side-menu drawer over it without unmounting it. A menu page's URL (/chat, /settings ...) therefore names the
// drawer's page; the scene behind it travels in the router state as `background`, falls back to the last scene
// the tab showed, and is the lobby for a deep link.
import type { Location } from 'react-router-dom';
import type { MenuPageEntry } from './menu.ts';

/** The router state a menu link carries: the scene to keep behind the drawer. */
export interface DrawerState {
  background?: SceneLocation;
}

/** The parts of a location the scene needs. */
export interface SceneLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The scene of a deep link to a menu page: home leads to the lobby (spec 01 §2). */
export const DEFAULT_SCENE: SceneLocation = { pathname: '/lobby', search: '', hash: '' };

/** The menu page a path opens in the drawer, if any (its own path or one below it). */
export function menuEntryAt(entries: readonly MenuPageEntry[], pathname: string): MenuPageEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return entries.find((entry) => path === entry.path || path.startsWith(`${entry.path}/`));
}

function isSceneLocation(value: unknown): value is SceneLocation {
  if (!value || typeof value !== 'object') return false;
  const { pathname, search, hash } = value as Record<string, unknown>;
  return (
    typeof pathname === 'string' &&
    pathname.startsWith('/') &&
    !pathname.startsWith('//') &&
    typeof search === 'string' &&
    typeof hash === 'string'
  );
}

/** The background scene a location's router state names, if it names a valid one. */
export function backgroundOf(state: unknown): SceneLocation | undefined {
  const background = (state as DrawerState | null | undefined)?.background;
  return isSceneLocation(background) ? background : undefined;
}

/** The scene to show at `location`: the location itself, or the scene behind a menu page. */
export function sceneOf(
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>,
  entries: readonly MenuPageEntry[],
  lastScene: SceneLocation | undefined,
): SceneLocation {
  if (!menuEntryAt(entries, location.pathname)) {
    return { pathname: location.pathname, search: location.search, hash: location.hash };
  }
  const background = backgroundOf(location.state);
  return background && !menuEntryAt(entries, background.pathname) ? background : (lastScene ?? DEFAULT_SCENE);
}

/** A location as a URL path. */
export const hrefOf = (scene: SceneLocation): string => `${scene.pathname}${scene.search}${scene.hash}`;
