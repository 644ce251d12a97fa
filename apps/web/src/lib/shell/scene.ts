// The scene and the drawer (spec 02 §2.2, §2.3): the lobby or a room fills the screen, and a menu page opens in the
// side-menu drawer over it without unmounting it. A menu page's URL (/chat, /settings ...) therefore names the
// drawer's page; the scene behind it travels in the router state as `background`, falls back to the last scene
// the tab showed, and is the lobby for a deep link.
import { createContext, useCallback, useContext, useEffect, useRef } from 'react';
import { useNavigate, type Location } from 'react-router-dom';
import type { MenuPageEntry } from './menu.ts';

/**
 * A drawer page's own sub-page (profile settings' change password, a business card's detail): not a URL but
 * router state (spec 02 §2.3), so the browser's Back still leaves it. The drawer's header shows its title and its
 * Back returns to the page's home (lib/shell/sub-page.ts).
 */
export interface DrawerSubPage {
  /** The feature's name of the sub-page, e.g. 'password'. */
  name: string;
  /** i18next key with its namespace of the sub-page's title, e.g. 'profile:password.title'. */
  titleKey: string;
  /** A value the sub-page needs (the card shown): plain JSON, it lives in the history entry. */
  param?: string | number;
}

/** The router state a menu link carries: the scene to keep behind the drawer (and an open sub-page). */
export interface DrawerState {
  background?: SceneLocation;
  subPage?: DrawerSubPage;
  /** How many history entries the page's sub-pages pushed above the page's own (0 when replaced). */
  subPageDepth?: number;
}

/** The parts of a location the scene needs. */
export interface SceneLocation {
  pathname: string;
  search: string;
  hash: string;
}

/** The scene of a deep link to a menu page: home leads to the lobby (spec 01 §2). */
export const DEFAULT_SCENE: SceneLocation = { pathname: '/lobby', search: '', hash: '' };

/** The menu page a path opens in the drawer, if any (its own path, as the route table has it). */
export function menuEntryAt(entries: readonly MenuPageEntry[], pathname: string): MenuPageEntry | undefined {
  const path = pathname.replace(/\/+$/, '') || '/';
  return entries.find((entry) => path === entry.path);
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

/** The sub-page a location's router state names, if it names a valid one. */
export function subPageOf(state: unknown): DrawerSubPage | undefined {
  const subPage = (state as DrawerState | null | undefined)?.subPage;
  if (!subPage || typeof subPage !== 'object') return undefined;
  const { name, titleKey, param } = subPage as unknown as Record<string, unknown>;
  if (typeof name !== 'string' || typeof titleKey !== 'string') return undefined;
  if (param !== undefined && typeof param !== 'string' && typeof param !== 'number') return undefined;
  return param === undefined ? { name, titleKey } : { name, titleKey, param };
}

/** The history entries a page's sub-pages pushed above it (0 for none or a bad value). */
export function subPageDepthOf(state: unknown): number {
  const depth = (state as DrawerState | null | undefined)?.subPageDepth;
  return typeof depth === 'number' && Number.isInteger(depth) && depth > 0 && depth < 100 ? depth : 0;
}

/**
 * The scene to show at `location`: the location itself, or the scene behind a menu page: its background if that is
 * a scene (`isScene`: a path of the scene routes), else the last scene, else the lobby.
 */
export function sceneOf(
  location: Pick<Location, 'pathname' | 'search' | 'hash' | 'state'>,
  entries: readonly MenuPageEntry[],
  lastScene: SceneLocation | undefined,
  isScene: (pathname: string) => boolean,
): SceneLocation {
  if (!menuEntryAt(entries, location.pathname)) {
    return { pathname: location.pathname, search: location.search, hash: location.hash };
  }
  const background = backgroundOf(location.state);
  if (background && isScene(background.pathname)) return background;
  return lastScene && isScene(lastScene.pathname) ? lastScene : DEFAULT_SCENE;
}

/** A location as a URL path. */
export const hrefOf = (scene: SceneLocation): string => `${scene.pathname}${scene.search}${scene.hash}`;

/** The scene behind the drawer, provided by the shell (null outside it); see {@link useSceneLocation}. */
export const SceneContext = createContext<SceneLocation | null>(null);

/**
 * The scene (lobby or room) the drawer's pages sit over: room chat and the user list are about its room. Null
 * outside the shell. Read the room with `roomIdFromPath` / `isLobbyPath` (room-path.ts).
 */
export function useSceneLocation(): SceneLocation | null {
  return useContext(SceneContext);
}

/** The shell's way to send the scene to the lobby; see {@link useGoToLobbyScene}. */
export const GoToLobbySceneContext = createContext<(() => void) | null>(null);

/**
 * Sends the scene to the lobby (a room's access lost, a restricted room: spec 01 §8). Inside the shell a menu page
 * open in the drawer stays and only the scene behind it changes; the current history entry is replaced, so Back
 * does not return to the room. Outside the shell it replaces the location with /lobby. The function is stable
 * across renders, so effects and timers may hold it.
 */
export function useGoToLobbyScene(): () => void {
  const shell = useContext(GoToLobbySceneContext);
  const navigate = useNavigate();
  const latest = useRef(navigate);
  useEffect(() => {
    latest.current = navigate;
  });
  const alone = useCallback(() => void latest.current(DEFAULT_SCENE.pathname, { replace: true }), []);
  return shell ?? alone;
}
