// The business cards page as the app shows it (composition, apps/web/README.md): a request the server accepted is
// sent to the card's owner as a chat message through the tab's chat client, where the owner allows or denies it.
import { useCallback } from 'react';
import type { BusinessCardInfo } from '@showfloor/contracts';
import { BusinessCardsPage, cardRequestPayload } from '../../features/business-cards/index.ts';
import { useChatClient } from '../../features/chat/index.ts';
import { useCurrentUser } from '../../lib/session/session.ts';

export default function ComposedBusinessCardsPage() {
  const user = useCurrentUser();
  const client = useChatClient();
  const userId = user?.id ?? 0;
  const onRequested = useCallback(
    (info: BusinessCardInfo) => void client?.send(cardRequestPayload(info, userId)),
    [client, userId],
  );
  return <BusinessCardsPage onRequested={onRequested} />;
}
