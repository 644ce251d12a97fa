// The browser navigation that starts single sign-on (GET auth/oauth2 through the gateway's proxy).
import { URL_CALLS, callPath } from '@showfloor/contracts';
import { env } from '../../../config/env.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export function oauth2StartUrl(provider: string, eventCode: string): string {
  const query = new URLSearchParams({ frontend: FRONTEND, provider, event_code: eventCode });
  return `${env.gatewayUrl}${callPath(URL_CALLS.auth.oauth2)}?${query.toString()}`;
}
