// Finishing single sign-on (auth.oauth2Callback) with the provider's code.
import { useGatewayMutation } from '../../../lib/api/gateway-reads.ts';

export function useOAuth2Callback() {
  return useGatewayMutation('auth.oauth2Callback');
}
