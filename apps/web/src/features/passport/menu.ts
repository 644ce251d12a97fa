// The passport entry of the side menu (spec 02 §2.2).
import { preferenceOn, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const passportMenuPage: MenuPageEntry = {
  page: 'Passport',
  path: '/passport',
  labelKey: 'passport:menu.label',
  placement: 'list',
  isVisible: preferenceOn('passport_badges'),
  load: () => import('./routes/passport-page.tsx'),
};
