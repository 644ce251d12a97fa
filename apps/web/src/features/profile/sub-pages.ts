// The profile settings' sub-pages (spec 02 §2.3, §2.9): chosen by an active-page value in the router state, not
// by URL (lib/shell/sub-page.ts). Home is the page itself.
import type { DrawerSubPage } from '../../lib/shell/scene.ts';

/** The eight rows of the profile home, in the spec's order, and the two success pages. */
export const PROFILE_SUB_PAGES = [
  'status',
  'appearance',
  'information',
  'skills',
  'interests',
  'password',
  'export',
  'delete',
  'passwordChanged',
  'accountDeleted',
] as const;
export type ProfileSubPage = (typeof PROFILE_SUB_PAGES)[number];

/** The rows the home lists (the success pages are reached from their forms only). */
export const PROFILE_HOME_ROWS = PROFILE_SUB_PAGES.slice(0, 8) as readonly ProfileSubPage[];

export function isProfileSubPage(name: string | undefined): name is ProfileSubPage {
  return name !== undefined && (PROFILE_SUB_PAGES as readonly string[]).includes(name);
}

/** The drawer sub-page of one profile page: its name and the title the drawer shows. */
export function profileSubPage(name: ProfileSubPage): DrawerSubPage {
  return { name, titleKey: `profile:pages.${name}.title` };
}
