// The cards the signed-in user holds (businesscard.getUserCards): the list and each card's detail read it.
import { trpc } from '../../../lib/api/trpc.ts';

export function useCards(userId: number) {
  return trpc.businesscard.getUserCards.useQuery(
    { id: userId },
    { enabled: userId > 0, select: (answer) => answer.cards },
  );
}
