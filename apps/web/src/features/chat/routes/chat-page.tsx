// The chat drawer page (spec 02 §2.3 "Chat: ChatList, ChatMessage, ChatNewConversation, ChatParticipantList"). The
// URL's query names the view, so each can be linked and reloaded: `/chat` the list, `?conversation=<id>` a
// conversation, `?conversation=<id>&view=participants` its people, `?view=new` (with `&add=<id>` for a group's
// new members) the people picker, `?to=<ids>` a conversation whose first message is not sent yet. Moving between
// views replaces the history entry and keeps the scene behind the drawer (apps/web/README.md "The shell"); the
// drawer's Back returns from a view to the list (menu.ts `hasQueryViews`), so the views draw no Back of their own.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Center, Loader, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { Participant } from '@showfloor/contracts';
import { useCurrentUser } from '../../../lib/session/session.ts';
import { useConversationListCache, useConversations } from '../api/use-conversations.ts';
import { usePeople } from '../api/use-people.ts';
import { ChatList } from '../components/chat-list.tsx';
import {
  BackButton,
  ConversationView,
  type ConversationExtension,
} from '../components/conversation-view.tsx';
import { NewConversation } from '../components/new-conversation.tsx';
import { ParticipantList } from '../components/participant-list.tsx';
import { useShownFields } from '../hooks/use-shown-fields.ts';
import { conversationName, type ConversationLike } from '../utils/conversation.ts';
import '../components/chat.css';

/** The chat views' query. */
type ChatQuery = { conversation?: string; view?: 'new' | 'participants'; add?: string; to?: string };

/** Ids of `?to=2,3` (numbers, no repeats, not the viewer). */
function recipientsOf(value: string | null, userId: number): number[] {
  if (!value) return [];
  const ids = value
    .split(',')
    .map((part) => Number(part))
    .filter((id) => Number.isInteger(id) && id > 0 && id !== userId);
  return [...new Set(ids)].sort((a, b) => a - b);
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/** What other features add to the chat page (composed in src/app/routes/chat.tsx). */
export interface ChatPageProps {
  /** Toolbar handlers, the avatar's card request, a card message's answers, a footer: per conversation. */
  extend?: (conversation: ConversationLike) => ConversationExtension;
  /** Asks for a participant's business card (the participant list offers it). */
  onRequestCard?: (person: Participant) => void;
}

/** The drawer page's height: the chat view scrolls its messages, not the drawer. */
const VIEW_HEIGHT = 'calc(100dvh - 92px)';

function Loading() {
  const { t } = useTranslation('chat');
  return (
    <Center p="xl">
      <Loader aria-label={t('view.loading')} />
    </Center>
  );
}

export default function ChatPage({ extend, onRequestCard }: ChatPageProps = {}) {
  const { t } = useTranslation('chat');
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const list = useConversations({ enabled: Boolean(user) });
  const shown = useShownFields(user?.event_code ?? '');
  const userId = user?.id ?? 0;

  const go = useCallback(
    (query: ChatQuery) => {
      const search = new URLSearchParams(
        Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1])),
      ).toString();
      void navigate(
        { pathname: location.pathname, search: search ? `?${search}` : '' },
        {
          replace: true,
          state: location.state,
        },
      );
    },
    [navigate, location.pathname, location.state],
  );

  const conversationId = params.get('conversation') ?? undefined;
  const view = params.get('view');
  const recipients = useMemo(() => recipientsOf(params.get('to'), userId), [params, userId]);
  const pendingPeople = usePeople(recipients);
  const conversations = list.data?.conversations;
  const conversation = conversations?.find((c) => c.id === (conversationId ?? params.get('add')));
  // A conversation the cached list does not hold yet (just created by its first message, or linked from elsewhere)
  // is looked for once more in a fresh list before the page says it is not available.
  // The fresh list is one answered after the ask (its data or its failure newer than the list held then): until
  // then the page waits, rather than saying 'not available' for the moment before the read starts.
  const wantedId = conversationId ?? params.get('add') ?? undefined;
  const [reread, setReread] = useState<{ id: string; after: number } | undefined>(undefined);
  const isMissing = wantedId !== undefined && list.data !== undefined && !conversation;
  if (isMissing && reread?.id !== wantedId)
    setReread({ id: wantedId, after: Math.max(list.dataUpdatedAt, list.errorUpdatedAt) });
  const listCache = useConversationListCache();
  useEffect(() => {
    if (reread !== undefined) void listCache.invalidate();
  }, [reread, listCache]);
  const isRereading =
    isMissing &&
    (reread?.id !== wantedId || Math.max(list.dataUpdatedAt, list.errorUpdatedAt) <= reread.after);

  /** Opens the conversation of exactly these people: the stored one, else a new one (sent on first message). */
  const startWith = (people: Participant[]) => {
    const ids = [...new Set(people.map((p) => p.id))].filter((id) => id !== userId).sort((a, b) => a - b);
    const existing = conversations?.find(
      (c) =>
        !c.isRoomConversation &&
        !c.bot &&
        sameIds(
          c.participants
            .map((p) => p.id)
            .filter((id) => id !== userId)
            .sort((a, b) => a - b),
          ids,
        ),
    );
    if (existing) go({ conversation: existing.id });
    else go({ to: ids.join(',') });
  };

  if (!user) return null;
  let content: ReactNode;
  if (view === 'new') {
    const fixed = conversation ? conversation.participants.filter((p) => p.id !== userId) : [];
    content = (
      <NewConversation
        userId={userId}
        eventCode={user.event_code}
        fixed={fixed}
        onStart={startWith}
        onCancel={() => go(conversation ? { conversation: conversation.id } : {})}
      />
    );
  } else if (recipients.length > 0) {
    if (pendingPeople.isPending) content = <Loading />;
    else {
      const people = pendingPeople.data?.users ?? [];
      const draft: ConversationLike = {
        id: `temp-${recipients.join('-')}`,
        participants: [{ id: userId, firstname: user.firstname, lastname: user.lastname }, ...people],
        isGroupConversation: recipients.length > 1,
        isRoomConversation: false,
        bot: null,
        roomName: null,
      };
      const extension = extend?.(draft) ?? {};
      content = (
        <Stack h={VIEW_HEIGHT}>
          <ConversationView
            {...extension}
            conversation={draft}
            userId={userId}
            eventCode={user.event_code}
            recipients={recipients}
            onStored={(id) => go({ conversation: id })}
            toolbar={{ ...extension.toolbar, addPersons: () => go({ view: 'new' }) }}
          />
        </Stack>
      );
    }
  } else if (conversationId) {
    if (list.isPending || isRereading) content = <Loading />;
    else if (!conversation) {
      content = (
        <Alert color="gray" title={t('view.notFound')}>
          <Button size="compact-sm" variant="light" onClick={() => go({})}>
            {t('view.back')}
          </Button>
        </Alert>
      );
    } else if (view === 'participants') {
      const { name, more } = conversationName(conversation, userId);
      content = (
        <Stack gap="sm">
          <BackButton onClick={() => go({ conversation: conversation.id })}>
            {t('participants.back')}
          </BackButton>
          <ParticipantList
            title={more > 0 ? t('title.group', { name, count: more }) : name}
            participants={conversation.participants}
            shown={shown}
            onRequestCard={onRequestCard}
            userId={userId}
          />
        </Stack>
      );
    } else {
      const extension = extend?.(conversation) ?? {};
      content = (
        <Stack h={VIEW_HEIGHT}>
          <ConversationView
            {...extension}
            key={conversation.id}
            conversation={conversation}
            userId={userId}
            eventCode={user.event_code}
            toolbar={{
              ...extension.toolbar,
              addPersons: () => go({ view: 'new', add: conversation.id }),
              participants: () => go({ conversation: conversation.id, view: 'participants' }),
            }}
          />
        </Stack>
      );
    }
  } else {
    content = (
      <ChatList
        userId={userId}
        eventCode={user.event_code}
        onOpen={(id) => go({ conversation: id })}
        onNew={() => go({ view: 'new' })}
      />
    );
  }
  return content;
}
