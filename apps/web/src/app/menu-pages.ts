// The one list of side-menu pages: each feature describes its entry in its own menu.ts; adding a feature's
// page means adding it here, never touching the shell (which shows them in the spec's order).
import type { MenuPageEntry } from '../lib/shell/menu.ts';
import { agendaMenuPage } from '../features/agenda/menu.ts';
import { announcementsMenuPage } from '../features/announcements/menu.ts';
import { businessCardsMenuPage } from '../features/business-cards/menu.ts';
import { chatMenuPage, roomChatMenuPage } from '../features/chat/menu.ts';
import { helpMenuPage } from '../features/help/menu.ts';
import { passportMenuPage } from '../features/passport/menu.ts';
import { profileMenuPage } from '../features/profile/menu.ts';
import { recruitingMenuPage } from '../features/recruiting/menu.ts';
import { settingsMenuPage } from '../features/settings/menu.ts';
import { tokenWalletMenuPage } from '../features/token-wallet/menu.ts';
import { userListMenuPage } from '../features/user-list/menu.ts';

export const MENU_PAGES: readonly MenuPageEntry[] = [
  profileMenuPage,
  roomChatMenuPage,
  userListMenuPage,
  // Chat and business cards compose what other features add (app/routes/chat.tsx, business-cards.tsx).
  { ...chatMenuPage, load: () => import('./routes/chat.tsx') },
  { ...businessCardsMenuPage, load: () => import('./routes/business-cards.tsx') },
  passportMenuPage,
  // The dashboard composes other features' views (app/routes/recruiting-dashboard.tsx).
  { ...recruitingMenuPage, load: () => import('./routes/recruiting-dashboard.tsx') },
  settingsMenuPage,
  helpMenuPage,
  announcementsMenuPage,
  tokenWalletMenuPage,
  agendaMenuPage,
];
