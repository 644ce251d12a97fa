// Saves the recruiter's notes on a candidate (at most 2000; an empty note keeps the previous one, spec 02 §5).
import { trpc } from '../../../lib/api/trpc.ts';

export function useSaveNotes() {
  const utils = trpc.useUtils();
  return trpc.user.updateRecruitingNotes.useMutation({
    onSuccess: ({ notes }, { id }) => {
      utils.user.getRecruitingUserData.setData({ id }, (data) => (data ? { ...data, notes } : data));
    },
  });
}
