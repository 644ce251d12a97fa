// Help: a bottom button of the side menu, always shown (spec 02 §2.2).
import { always, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const helpMenuPage: MenuPageEntry = {
  page: 'Help',
  path: '/help',
  labelKey: 'help:menu.label',
  placement: 'bottom',
  isVisible: always,
  load: () => import('./routes/help-page.tsx'),
};
