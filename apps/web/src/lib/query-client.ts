// TanStack Query defaults, and the one place that reacts to an invalid token on any call (spec 01 §8).
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isInvalidToken, parseAppError } from './app-error.ts';
import { getCurrentUser } from './session.ts';

export interface QueryClientOptions {
  /** Called when a signed-in call answers 401.1. */
  onInvalidToken: () => void;
  /** Tests turn retries off. @default 1 for queries, 0 for mutations */
  retry?: boolean | number;
}

export function createQueryClient({ onInvalidToken, retry }: QueryClientOptions): QueryClient {
  const onError = (error: unknown) => {
    if (getCurrentUser() && isInvalidToken(parseAppError(error))) onInvalidToken();
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        staleTime: 60_000,
        refetchOnWindowFocus: false,
        retry: retry ?? ((count, error) => count < 1 && !parseAppError(error).errorCode),
      },
      mutations: { retry: retry ?? false },
    },
  });
}
