// The side menu's contract with features (spec 02 §2.2): each feature describes its menu page once (in its
// menu.ts), app/menu-pages.ts lists those entries, and the shell shows the visible ones in the spec's order.
// Adding a feature's page therefore never touches the shell.
import type { ComponentType } from 'react';
import {
  findPreference,
  isFlagOn,
  isRecruiter,
  type CurrentUser,
  type Preference,
  type PreferenceName,
} from '@showfloor/contracts';

/** Menu pages in the order of spec 01 §2 / spec 02 §2.2. */
export const MENU_PAGE_ORDER = [
  'Menu',
  'ProfileSetting',
  'RoomChat',
  'UserList',
  'Chat',
  'BusinessCards',
  'Passport',
  'RecruitingDashboard',
  'Settings',
  'Help',
  'EventNotification',
  'TokenWallet',
  // Not in spec 02's list: the agenda (spec 01 §7), after the spec's pages.
  'Agenda',
] as const;
export type MenuPageName = (typeof MENU_PAGE_ORDER)[number];

/** What the room the tab shows is: the user list needs a multiplayer room. 'pending' while it is being read. */
export type RoomKind = 'none' | 'pending' | 'lobby' | 'single' | 'multiplayer';

/** Everything a visibility rule may look at. */
export interface MenuContext {
  user: CurrentUser;
  preferences: readonly Preference[];
  roomKind: RoomKind;
  /** The event's agenda has sessions. @default false */
  hasAgenda?: boolean;
}

export interface MenuPageEntry {
  page: MenuPageName;
  /** The route of the page inside the shell. */
  path: string;
  /** i18next key with its namespace, e.g. 'chat:menu.label'. */
  labelKey: string;
  /** Settings and help are bottom buttons; every other page is a menu item. */
  placement: 'list' | 'bottom';
  isVisible: (ctx: MenuContext) => boolean;
  /**
   * The page needs more room than the 400 px drawer (the recruiting dashboard's two columns): the drawer takes the
   * whole width on screens under 960 px and up to 1200 px above. @default false
   */
  isWide?: boolean;
  /**
   * The page's inner views are its URL's query (chat's `?conversation=`, `?to=`, `?view=`): while one is open the
   * drawer's Back returns to the page's home (its path without the query, replacing the entry as the page's own
   * moves do), and the page draws no Back of its own. @default false
   */
  hasQueryViews?: boolean;
  /** The entry shows the signed-in user's avatar (profile settings). */
  showsUserAvatar?: boolean;
  /** The page, loaded when first opened. */
  load: () => Promise<{ default: ComponentType }>;
  /**
   * The feature has not landed yet (its page is the placeholder): the side menu leaves the entry out rather than
   * advertise it; its URL still opens the placeholder. Set in `src/app/menu-pages.ts`. @default false
   */
  isPlaceholder?: boolean;
}

/** Spec 02 §2.2: a feature shows when its preference is 'yes' or 'auto'. */
export const preferenceOn =
  (name: PreferenceName) =>
  ({ preferences }: MenuContext): boolean =>
    isFlagOn(findPreference(preferences, name) as string | undefined);

/** Screen access right by frontend path (e.g. '/profile'). */
export function hasScreenAccess(user: CurrentUser, frontendPath: string): boolean {
  return user.screen_access_rights.some((right) => right.frontend_name === frontendPath);
}

export const screenAccess =
  (frontendPath: string) =>
  ({ user }: MenuContext): boolean =>
    hasScreenAccess(user, frontendPath);

export const recruiterOnly = ({ user }: MenuContext): boolean => isRecruiter(user.roles);

export const multiplayerRoomOnly = ({ roomKind }: MenuContext): boolean => roomKind === 'multiplayer';

export const eventHasAgenda = ({ hasAgenda }: MenuContext): boolean => hasAgenda === true;

export const always = (): boolean => true;

/** The visible entries of one placement, in the spec's order. */
export function visibleMenuPages(
  entries: readonly MenuPageEntry[],
  ctx: MenuContext,
  placement: MenuPageEntry['placement'],
): MenuPageEntry[] {
  return entries
    .filter((entry) => entry.placement === placement && entry.isVisible(ctx))
    .sort((a, b) => MENU_PAGE_ORDER.indexOf(a.page) - MENU_PAGE_ORDER.indexOf(b.page));
}
