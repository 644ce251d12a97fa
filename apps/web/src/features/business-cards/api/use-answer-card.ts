// The card owner's answer to a request (businesscard.updateCard with approved true or false; the provider notes
// 'Card allow to show' or 'Card denied').
import { trpc } from '../../../lib/api/trpc.ts';

export function useAnswerCard() {
  const utils = trpc.useUtils();
  return trpc.businesscard.updateCard.useMutation({
    onSuccess: () => utils.businesscard.getCardInfo.invalidate(),
  });
}
