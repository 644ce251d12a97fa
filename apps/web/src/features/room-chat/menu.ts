// The room chat entry of the side menu (spec 02 §2.2).
import { preferenceOn, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const roomChatMenuPage: MenuPageEntry = {
  page: 'RoomChat',
  path: '/room-chat',
  labelKey: 'room-chat:menu.label',
  placement: 'list',
  isVisible: preferenceOn('room_chat'),
  load: () => import('./routes/room-chat-page.tsx'),
};
