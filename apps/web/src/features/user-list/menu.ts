// The participants entry of the side menu (spec 02 §2.2).
import { multiplayerRoomOnly, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const userListMenuPage: MenuPageEntry = {
  page: 'UserList',
  path: '/user-list',
  labelKey: 'user-list:menu.label',
  placement: 'list',
  isVisible: multiplayerRoomOnly,
  load: () => import('./routes/user-list-page.tsx'),
};
