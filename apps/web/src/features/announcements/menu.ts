// The announcements entry of the side menu (spec 02 §2.2).
import { screenAccess, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const announcementsMenuPage: MenuPageEntry = {
  page: 'EventNotification',
  path: '/announcement',
  labelKey: 'announcements:menu.label',
  placement: 'list',
  isVisible: screenAccess('/announcement'),
  load: () => import('./routes/announcements-page.tsx'),
};
