// Registration (auth.signup).
import { trpc } from '../../../lib/api/trpc.ts';

export function useSignUp() {
  return trpc.auth.signup.useMutation();
}
