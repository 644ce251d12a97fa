// The chat feature's entries in the side menu (spec 02 §2.2): Chat (private, group and bot conversations) and
// Room chat (the chat of the room behind the drawer). Both are this feature's pages.
import { preferenceOn, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const chatMenuPage: MenuPageEntry = {
  page: 'Chat',
  path: '/chat',
  labelKey: 'chat:menu.label',
  placement: 'list',
  isVisible: preferenceOn('private_chat'),
  hasQueryViews: true,
  load: () => import('./routes/chat-page.tsx'),
};

export const roomChatMenuPage: MenuPageEntry = {
  page: 'RoomChat',
  path: '/room-chat',
  labelKey: 'chat:roomChat.menu',
  placement: 'list',
  isVisible: preferenceOn('room_chat'),
  load: () => import('./routes/room-chat-page.tsx'),
};
