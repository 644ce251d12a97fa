// Sign-in with e-mail and password (auth.signin); the answer's user is stored by useCompleteSignIn.
import { trpc } from '../../../lib/api/trpc.ts';

export function useSignIn() {
  return trpc.auth.signin.useMutation();
}
