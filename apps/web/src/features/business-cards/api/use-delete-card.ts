// Deletes a card from the holder's list (businesscard.deleteCard); the list is read again (spec 02 §4.2 "flag the
// list to refresh") while the page shows the server's message.
import { trpc } from '../../../lib/api/trpc.ts';

export function useDeleteCard(userId: number) {
  const utils = trpc.useUtils();
  return trpc.businesscard.deleteCard.useMutation({
    onSuccess: () => utils.businesscard.getUserCards.invalidate({ id: userId }),
  });
}
