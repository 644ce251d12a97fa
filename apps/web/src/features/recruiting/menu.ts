// The recruiting dashboard entry of the side menu (spec 02 §2.2): event-admins in mode 'Recruiting' only (the
// gateway checks the same for every recruiting call). The page composes other features' views, so src/app
// gives it its page (app/menu-pages.ts).
import { recruiterOnly, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const recruitingMenuPage: Omit<MenuPageEntry, 'load'> = {
  page: 'RecruitingDashboard',
  path: '/RecruitingDashboard',
  labelKey: 'recruiting:menu.label',
  placement: 'list',
  isVisible: recruiterOnly,
  isWide: true,
};
