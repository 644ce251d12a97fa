// TanStack Query defaults, and the one place that reacts to a signed-in call's token or session error on any
// query or mutation (spec 01 §8): 401.1 signs out; 401.2 or 'Login session expired.' goes back to the login page.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isInvalidToken, isSessionExpired, parseAppError } from './app-error.ts';
import { getCurrentUser } from '../session/session.ts';
import { READ_STALE_TIME_MS, shouldRetryRead } from './read-policy.ts';

export interface QueryClientOptions {
  /** Called when a signed-in call answers 401.1. */
  onInvalidToken: () => void;
  /**
   * Called when a signed-in call answers 401.2 or 'Login session expired.' (the caller goes to /auth/login after
   * 4 s). Called once per session, however many calls fail with it; a new sign-in arms it again.
   */
  onSessionExpired?: () => void;
  /** Tests turn retries off. @default 1 for queries, 0 for mutations */
  retry?: boolean | number;
}

export function createQueryClient({
  onInvalidToken,
  onSessionExpired,
  retry,
}: QueryClientOptions): QueryClient {
  /** The token of the session already reported as expired. */
  let expiredToken: string | undefined;
  const onError = (error: unknown) => {
    const user = getCurrentUser();
    if (!user) return;
    const appError = parseAppError(error);
    if (isInvalidToken(appError)) {
      onInvalidToken();
    } else if (isSessionExpired(appError) && onSessionExpired && expiredToken !== user.jwt_token) {
      expiredToken = user.jwt_token;
      onSessionExpired();
    }
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: READ_STALE_TIME_MS,
        refetchOnWindowFocus: false,
        retry: retry ?? shouldRetryRead,
      },
      mutations: { retry: retry ?? false },
    },
  });
}
