// TanStack Query with the tRPC client, for the signed-in pages: the signed-in root mounts it, so the login route
// loads neither (issue 17; the signed-out pages' calls are plain fetches, lib/api/gateway-reads.ts). One query
// client for the tab, made when the first signed-in page shows; it reacts to a signed-in call's token or session
// error on any query or mutation (spec 01 §8, query-client.ts).
import { useContext, type ReactNode } from 'react';
import { QueryClientContext, QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toast } from '../ui/notify.ts';
import { expireSession, signOutInvalidToken } from '../session/sign-out.ts';
import { createQueryClient } from './query-client.ts';
import { trpc, trpcClient } from './trpc.ts';

let tabQueryClient: QueryClient | undefined;

function queryClientOf(i18n: I18n): QueryClient {
  tabQueryClient ??= createQueryClient({
    onInvalidToken: signOutInvalidToken,
    // Spec 01 §8: 401.2 or 'Login session expired.' on a signed-in call: say so, then the login page after 4 s.
    onSessionExpired: () => {
      toast({ tone: 'error', message: i18n.t('session:loggedOut.sessionProblem') });
      expireSession();
    },
  });
  return tabQueryClient;
}

/** The tab's query client and tRPC client around `children`; an outer query client (a test's) is kept. */
export function DataProvider({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  const queryClient = queryClientOf(i18n);
  return (
    <trpc.Provider client={trpcClient} queryClient={queryClient}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </trpc.Provider>
  );
}
