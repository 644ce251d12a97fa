// The recruiting dashboard entry of the side menu (spec 02 §2.2).
import { recruiterOnly, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const recruitingMenuPage: MenuPageEntry = {
  page: 'RecruitingDashboard',
  path: '/RecruitingDashboard',
  labelKey: 'recruiting:menu.label',
  placement: 'list',
  isVisible: recruiterOnly,
  load: () => import('./routes/recruiting-page.tsx'),
};
