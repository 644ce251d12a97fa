// Registration (auth.signup).
import { useGatewayMutation } from '../../../lib/api/gateway-reads.ts';

export function useSignUp() {
  return useGatewayMutation('auth.signup');
}
