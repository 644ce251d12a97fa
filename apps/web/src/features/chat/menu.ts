// The chat entry of the side menu (spec 02 §2.2).
import { preferenceOn, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const chatMenuPage: MenuPageEntry = {
  page: 'Chat',
  path: '/chat',
  labelKey: 'chat:menu.label',
  placement: 'list',
  isVisible: preferenceOn('private_chat'),
  load: () => import('./routes/chat-page.tsx'),
};
