// Asks for another user's card (businesscard.requestCard); the approval check then reads the pending request.
import { trpc } from '../../../lib/api/trpc.ts';

export function useRequestCard() {
  const utils = trpc.useUtils();
  return trpc.businesscard.requestCard.useMutation({
    onSuccess: (info, input) => {
      utils.businesscard.getCardInfo.setData({ ofId: input.user_id, toId: input.requester_id }, info);
    },
  });
}
