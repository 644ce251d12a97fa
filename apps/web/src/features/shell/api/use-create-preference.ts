// Stores one of the user's preferences (event.createPreference), e.g. the exit survey declined at logout.
import { trpc } from '../../../lib/api/trpc.ts';

export function useCreatePreference() {
  return trpc.event.createPreference.useMutation();
}
