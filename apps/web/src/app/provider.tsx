// The app-wide providers: i18n and the fatal-error screen. Theme and notifications sit inside the router (they
// follow the event of the page); TanStack Query and tRPC come with the signed-in root (lib/api/data-provider.tsx),
// the signed-out pages' calls are plain fetches (lib/api/gateway-reads.ts).
import type { ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { removeBootShell } from '../lib/boot-shell.ts';
import { FatalError } from '../components/errors/fatal-error.tsx';

export function AppProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <ErrorBoundary
        fallback={() => (
          <MantineProvider>
            <FatalError />
          </MantineProvider>
        )}
        onError={(error) => {
          removeBootShell();
          console.error('fatal error', error);
        }}
      >
        {children}
      </ErrorBoundary>
    </I18nextProvider>
  );
}
