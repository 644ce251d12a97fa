// The token wallet entry of the side menu (spec 02 §2.2).
import { preferenceOn, type MenuPageEntry } from '../../lib/shell/menu.ts';

export const tokenWalletMenuPage: MenuPageEntry = {
  page: 'TokenWallet',
  path: '/token-wallet',
  labelKey: 'token-wallet:menu.label',
  placement: 'list',
  isVisible: preferenceOn('enable_token_wallet'),
  load: () => import('./routes/token-wallet-page.tsx'),
};
