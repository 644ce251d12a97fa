// The chat page as the app shows it (apps/web/README.md "Features do not import each other; src/app composes
// them"): chat's page with what the business cards and reporting add to an individual chat. The avatar, the
// toolbar's 'Request business card' and a participant's card button open the card request in the business cards
// page (same scene behind the drawer, the entry replaced); a card request's message offers its owner Allow and
// Deny; 'Report user' (the toolbar shows it instead of the card request when calls are on) opens the report dialog,
// its outcome under the toolbar.
import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { findPreference, isFlagOn, type ChatSendInput, type Participant } from '@showfloor/contracts';
import { cardRequestSubPage, useCardAnswers } from '../../features/business-cards/index.ts';
import { ChatPage, useChatClient, type ConversationLike } from '../../features/chat/index.ts';
import { ReportUser } from '../../features/report-user/index.ts';
import { useEventPreferences } from '../../hooks/use-event-preferences.ts';
import { useCurrentUser } from '../../lib/session/session.ts';
import { backgroundOf, type DrawerState } from '../../lib/shell/scene.ts';

/** The other person of an individual chat (not a group, room or bot chat). */
function otherOf(conversation: ConversationLike, userId: number): Participant | undefined {
  if (conversation.isGroupConversation || conversation.isRoomConversation || conversation.bot)
    return undefined;
  const others = conversation.participants.filter((p) => p.id !== userId);
  return others.length === 1 ? others[0] : undefined;
}

export default function ComposedChatPage() {
  const user = useCurrentUser();
  const userId = user?.id ?? 0;
  const client = useChatClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { preferences } = useEventPreferences(user?.event_code);
  const isCardsOn = isFlagOn(findPreference(preferences, 'business_cards') as string | undefined);
  const [reporting, setReporting] = useState<string | undefined>(undefined);

  const send = useCallback((payload: ChatSendInput) => void client?.send(payload), [client]);
  const cardActions = useCardAnswers({ userId, send });
  const openCardRequest = useCallback(
    (personId: number) => {
      const background = backgroundOf(location.state);
      const state: DrawerState = {
        ...(background ? { background } : {}),
        subPage: cardRequestSubPage(personId),
        subPageDepth: 0,
      };
      void navigate('/business-cards', { replace: true, state });
    },
    [location.state, navigate],
  );

  const extend = useCallback(
    (conversation: ConversationLike) => {
      const other = otherOf(conversation, userId);
      if (!other) return {};
      const requestCard = isCardsOn ? () => openCardRequest(other.id) : undefined;
      const name = `${other.firstname} ${other.lastname}`.trim();
      return {
        cardActions,
        ...(requestCard ? { onAvatarClick: requestCard } : {}),
        toolbar: {
          ...(requestCard ? { requestCard } : {}),
          reportUser: () => setReporting(conversation.id),
        },
        footer: (
          <ReportUser
            userId={userId}
            person={{ id: other.id, name }}
            conversationId={conversation.id}
            isOpen={reporting === conversation.id}
            onClose={() => setReporting(undefined)}
          />
        ),
      };
    },
    [userId, isCardsOn, openCardRequest, cardActions, reporting],
  );
  const onRequestCard = useMemo(
    () => (isCardsOn ? (person: Participant) => openCardRequest(person.id) : undefined),
    [isCardsOn, openCardRequest],
  );

  return <ChatPage extend={extend} {...(onRequestCard ? { onRequestCard } : {})} />;
}
