// The business cards entry of the side menu (spec 02 §2.2).
import { preferenceOn, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const businessCardsMenuPage: MenuPageEntry = {
  page: 'BusinessCards',
  path: '/business-cards',
  labelKey: 'business-cards:menu.label',
  placement: 'list',
  isVisible: preferenceOn('business_cards'),
  load: () => import('./routes/business-cards-page.tsx'),
};
