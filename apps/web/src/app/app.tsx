import type { i18n as I18n } from 'i18next';
import { BrowserRouter } from 'react-router-dom';
import { AppProvider } from './provider.tsx';
import { AppRoutes } from './router.tsx';

export function App({ i18n }: { i18n: I18n }) {
  return (
    <AppProvider i18n={i18n}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
