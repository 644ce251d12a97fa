// The password calls of the signed-out pages (auth.password): the reset e-mail and the new password.
import { useGatewayMutation } from '../../../lib/api/gateway-reads.ts';

export function usePasswordRequest() {
  return useGatewayMutation('auth.password');
}
