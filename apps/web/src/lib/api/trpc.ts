// The typed client of the gateway's tRPC API: the React hooks (classic @trpc/react-query) and one vanilla client
// for calls made outside components (sign-out). Every call carries the current user's token.
import { createTRPCReact } from '@trpc/react-query';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import type { AppRouter } from '@showfloor/gateway/router';
import { env } from '../../config/env.ts';
import { getCurrentUser } from '../session/session.ts';

export const trpc = createTRPCReact<AppRouter>();

export function createAppTrpcClient(url: string = env.trpcUrl) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url,
        headers() {
          const user = getCurrentUser();
          return user ? { authorization: `Bearer ${user.jwt_token}` } : {};
        },
      }),
    ],
  });
}

export type AppTrpcClient = ReturnType<typeof createAppTrpcClient>;

export const trpcClient: AppTrpcClient = createAppTrpcClient();
