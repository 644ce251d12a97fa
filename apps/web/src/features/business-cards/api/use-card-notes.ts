// The holder's notes on a card (businesscard.updateCard with notes); the stored list takes the new text.
import { trpc } from '../../../lib/api/trpc.ts';

export function useCardNotes(userId: number) {
  const utils = trpc.useUtils();
  return trpc.businesscard.updateCard.useMutation({
    onSuccess: (_answer, input) => {
      const { notes } = input;
      if (notes === undefined) return;
      utils.businesscard.getUserCards.setData({ id: userId }, (old) =>
        old
          ? { cards: old.cards.map((card) => (card.card_id === input.id ? { ...card, notes } : card)) }
          : old,
      );
    },
  });
}
