// Deletes (deactivates) the signed-in user's own account (user.deactivateUser); the provider ends every
// session of the user.
import { trpc } from '../../../lib/api/trpc.ts';

export function useDeactivateAccount() {
  return trpc.user.deactivateUser.useMutation();
}
