// The profile settings entry of the side menu (spec 02 §2.2).
import { screenAccess, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const profileMenuPage: MenuPageEntry = {
  page: 'ProfileSetting',
  path: '/profile/settings',
  labelKey: 'profile:menu.label',
  placement: 'list',
  isVisible: screenAccess('/profile'),
  showsUserAvatar: true,
  load: () => import('./routes/profile-page.tsx'),
};
