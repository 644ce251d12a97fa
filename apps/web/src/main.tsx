import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import './styles/focus-ring.css';
import './styles/notifications.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { changeLanguage, createI18n, storedLanguage } from './lib/i18n.ts';
import { restoreLoggedOutNotice } from './lib/session/logged-out-notice.ts';
import { loadSession } from './lib/session/session.ts';

async function boot(): Promise<void> {
  const i18n = createI18n();
  const language = storedLanguage();
  if (language !== 'en') {
    try {
      await changeLanguage(i18n, language, false);
    } catch (error) {
      // The catalogue could not be fetched: the app stays in English.
      console.error('language catalogue unavailable', error);
    }
  }
  try {
    await loadSession();
  } catch (error) {
    // An unreadable session (no IndexedDB, no Web Crypto) means signed out, never a crash.
    console.error('stored session unreadable', error);
  }
  // A sign-out that reloaded the tab (401.1) left the logged-out dialog's notice to show now.
  restoreLoggedOutNotice();
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <StrictMode>
      <App i18n={i18n} />
    </StrictMode>,
  );
}

void boot();
