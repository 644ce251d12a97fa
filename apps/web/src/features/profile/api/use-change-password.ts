// Changes the password (auth.password with type=change: username, the current and the new password).
import { trpc } from '../../../lib/api/trpc.ts';

export function useChangePassword() {
  return trpc.auth.password.useMutation();
}
