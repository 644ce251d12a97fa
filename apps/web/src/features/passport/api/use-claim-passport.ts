// Claims a completed passport (spec 02 §4.9); the cached passport says claimed at once.
import { trpc } from '../../../lib/api/trpc.ts';

export function useClaimPassport() {
  const utils = trpc.useUtils();
  return trpc.event.claimPassport.useMutation({
    onSuccess: ({ passport_claimed }) => {
      utils.event.getPassport.setData(undefined, (passport) =>
        passport ? { ...passport, passport_claimed } : passport,
      );
      void utils.event.getPassport.invalidate();
    },
  });
}
