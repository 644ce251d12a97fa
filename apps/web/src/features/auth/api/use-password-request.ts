// The password calls of the signed-out pages (auth.password): the reset e-mail and the new password.
import { trpc } from '../../../lib/api/trpc.ts';

export function usePasswordRequest() {
  return trpc.auth.password.useMutation();
}
