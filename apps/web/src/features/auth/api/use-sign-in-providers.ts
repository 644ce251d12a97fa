// The sign-in ways an event offers (auth.providers): its SSO providers and whether e-mail and password is one.
// Asked only once an event code is known (`isEnabled`).
import { trpc } from '../../../lib/api/trpc.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export function useSignInProviders(eventCode: string, isEnabled: boolean) {
  return trpc.auth.providers.useQuery(
    { frontend: FRONTEND, event_code: eventCode },
    { enabled: isEnabled, retry: false },
  );
}
