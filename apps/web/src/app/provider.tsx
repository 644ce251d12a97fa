// The app-wide providers: i18n, the fatal-error screen, tRPC and TanStack Query. Theme and notifications sit
// inside the router (they follow the event of the page).
import { useState, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { ErrorBoundary } from '../components/errors/error-boundary.tsx';
import { removeBootShell } from '../lib/boot-shell.ts';
import { FatalError } from '../components/errors/fatal-error.tsx';
import { toast } from '../lib/ui/notify.ts';
import { createQueryClient } from '../lib/api/query-client.ts';
import { expireSession, signOutInvalidToken } from '../lib/session/sign-out.ts';
import { trpc, trpcClient } from '../lib/api/trpc.ts';

export function AppProvider({ i18n, children }: { i18n: I18n; children: ReactNode }) {
  const [queryClient] = useState(() =>
    createQueryClient({
      onInvalidToken: signOutInvalidToken,
      // Spec 01 §8: 401.2 or 'Login session expired.' on a signed-in call: say so, then the login page after 4 s.
      onSessionExpired: () => {
        toast({ tone: 'error', message: i18n.t('session:loggedOut.sessionProblem') });
        expireSession();
      },
    }),
  );
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
        <trpc.Provider client={trpcClient} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
        </trpc.Provider>
      </ErrorBoundary>
    </I18nextProvider>
  );
}
