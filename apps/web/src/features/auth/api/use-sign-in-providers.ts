// The sign-in ways an event offers (auth.providers): its SSO providers and whether e-mail and password is one.
// Asked only once an event code is known (`isEnabled`).
import { useGatewayRead } from '../../../lib/api/gateway-reads.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export function useSignInProviders(eventCode: string, isEnabled: boolean) {
  return useGatewayRead(
    'auth.providers',
    { frontend: FRONTEND, event_code: eventCode },
    { enabled: isEnabled, retry: false },
  );
}
