// Settings: a bottom button of the side menu, shown with the /settings screen access right (spec 02 §2.2).
import { screenAccess, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const settingsMenuPage: MenuPageEntry = {
  page: 'Settings',
  path: '/settings',
  labelKey: 'settings:menu.label',
  placement: 'bottom',
  isVisible: screenAccess('/settings'),
  load: () => import('./routes/settings-page.tsx'),
};
