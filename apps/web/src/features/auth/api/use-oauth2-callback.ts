// Finishing single sign-on (auth.oauth2Callback) with the provider's code.
import { trpc } from '../../../lib/api/trpc.ts';

export function useOAuth2Callback() {
  return trpc.auth.oauth2Callback.useMutation();
}
