// The approval check (businesscard.getCardInfo): whether `ofId`'s card is shown to `toId` (approved true, false or
// null) and the card's id. Read fresh each time a request is opened: the owner may have answered meanwhile.
import { trpc } from '../../../lib/api/trpc.ts';

export function useCardInfo(ofId: number, toId: number) {
  return trpc.businesscard.getCardInfo.useQuery(
    { ofId, toId },
    { enabled: ofId > 0 && toId > 0 && ofId !== toId, staleTime: 0, refetchOnMount: 'always' },
  );
}
