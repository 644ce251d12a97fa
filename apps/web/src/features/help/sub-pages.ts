// The help menu's pages (spec 02 §2.3 "Help: menu, user manual, helpdesk form, helpdesk success, FAQ, privacy
// policy, cookie policy"), chosen by the drawer's sub-page state (lib/shell/sub-page.ts); the menu is the page.
import type { DrawerSubPage } from '../../lib/shell/scene.ts';

export const HELP_PAGES = ['faq', 'manual', 'helpDesk', 'privacy', 'cookies', 'helpDeskSent'] as const;
export type HelpPage = (typeof HELP_PAGES)[number];

/** The rows of the menu (the success page is reached from the form only). */
export const HELP_MENU_ROWS: readonly HelpPage[] = ['faq', 'manual', 'helpDesk', 'privacy', 'cookies'];

export function isHelpPage(name: string | undefined): name is HelpPage {
  return name !== undefined && (HELP_PAGES as readonly string[]).includes(name);
}

export function helpSubPage(name: HelpPage): DrawerSubPage {
  return { name, titleKey: `help:pages.${name}.title` };
}
