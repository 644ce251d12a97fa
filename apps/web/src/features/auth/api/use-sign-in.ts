// Sign-in with e-mail and password (auth.signin); the answer's user is stored by useCompleteSignIn.
import { useGatewayMutation } from '../../../lib/api/gateway-reads.ts';

export function useSignIn() {
  return useGatewayMutation('auth.signin');
}
