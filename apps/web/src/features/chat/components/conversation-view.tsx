// A conversation (spec 02 §2.5): the header (the other person's name; a group's first other person and how many
// more; the avatar asks for a business card in an individual chat when the cards feature passes that), the
// messages, the input and the toolbar of the chat's kind. Sends go through the tab's ChatOutbox with a client id;
// a conversation not stored yet (`recipients`) is created by its first message, then `onStored` names it.
// Exported through index.ts: room chat, the recruiting dashboard and the business cards build on it.
import { useCallback, useEffect, useMemo, useRef, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Avatar,
  Button,
  Center,
  Group,
  Loader,
  Stack,
  Text,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  countsAsUnread,
  findPreference,
  isFlagOn,
  type ChatMessage,
  type ChatSendInput,
} from '@showfloor/contracts';
import { BackIcon } from '../../../components/back-icon.tsx';
import { StatusDot } from '../../../components/status-dot.tsx';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import { useUserStatus } from '../../../lib/presence/user-status.ts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { useCallStarter, type CallKind } from '../../../lib/calls/call-requests.ts';
import { useConversationHistory } from '../api/use-conversation-history.ts';
import { useConversationListCache } from '../api/use-conversations.ts';
import { useMarkRead } from '../api/use-mark-read.ts';
import { usePeople } from '../api/use-people.ts';
import { activeView } from '../stores/active-view.ts';
import { useChatClient, useOutboxEntries, useTimeline } from '../stores/chat-client.ts';
import {
  chatKindOf,
  conversationName,
  fullName,
  othersOf,
  type ChatKind,
  type ConversationLike,
} from '../utils/conversation.ts';
import { relayReasonText } from '../utils/relay-reason.ts';
import { ChatToolbar, type ToolbarAction } from './chat-toolbar.tsx';
import { Composer } from './composer.tsx';
import type { CardMessageActions } from './message-bubble.tsx';
import { MessageList } from './message-list.tsx';

/** The chat pages' way back to the view before (a subtle button with the Back chevron and `children` as its text). */
export function BackButton({ onClick, children }: { onClick: () => void; children: ReactNode }) {
  return (
    <Button variant="subtle" color="gray" leftSection={<BackIcon />} onClick={onClick} w="fit-content">
      {children}
    </Button>
  );
}

export interface ConversationViewProps {
  conversation: ConversationLike;
  userId: number;
  eventCode: string;
  /** The chat's kind; 'recruiting' when the dashboard opens it. @default derived from the conversation */
  kind?: ChatKind;
  /** A conversation not stored yet: its first message goes to these people. */
  recipients?: readonly number[];
  /** The room a room chat's messages belong to. */
  room?: { id: number; name: string };
  /** Called with the stored id once the first message of a new conversation is stored. */
  onStored?: (conversationId: string) => void;
  onBack?: () => void;
  backLabel?: string;
  /** Toolbar handlers by action (absent: shown disabled as not available yet). */
  toolbar?: Partial<Record<ToolbarAction, () => void>>;
  /** The avatar opens a business-card request (individual chats only). */
  onAvatarClick?: () => void;
  cardActions?: (message: ChatMessage) => CardMessageActions | undefined;
  /** Replaces the input, e.g. room chat without an active room. */
  composerNotice?: ReactNode;
  /** Buttons another feature adds to the toolbar (ChatToolbar `extra`). */
  toolbarExtra?: ReactNode;
  /** The participants button's count. @default the conversation's participants (none for a room chat) */
  participantCount?: number;
  /** Shown under the toolbar (e.g. the outcome of reporting the other person). */
  footer?: ReactNode;
}

/** What another feature adds to a conversation (composed in src/app, passed to the chat page). */
export type ConversationExtension = Pick<
  ConversationViewProps,
  'toolbar' | 'onAvatarClick' | 'cardActions' | 'toolbarExtra' | 'footer'
>;

export function ConversationView({
  conversation,
  userId,
  eventCode,
  kind: kindOverride,
  recipients,
  room,
  onStored,
  onBack,
  backLabel,
  toolbar = {},
  onAvatarClick,
  cardActions,
  composerNotice,
  participantCount,
  toolbarExtra,
  footer,
}: ConversationViewProps) {
  const { t } = useTranslation('chat');
  const client = useChatClient();
  const isNew = recipients !== undefined;
  const kind = kindOverride ?? chatKindOf(conversation);
  const storedId = isNew ? undefined : conversation.id;
  const history = useConversationHistory(client, storedId);
  const messages = useTimeline(client, storedId);
  const pending = useOutboxEntries(client, conversation.id);
  const { preferences } = useEventPreferences(eventCode);
  const isCallsOn = isFlagOn(findPreference(preferences, 'calls') as string | undefined);
  const startCall = useCallStarter();
  const { name, more } = conversationName(conversation, userId);
  const others = othersOf(conversation, userId);
  // The other person's status in an individual chat, as this tab heard it announced (live, spec 02 §4.1).
  const otherStatus = useUserStatus(kind === 'individual' ? others[0]?.id : undefined);
  const cache = useConversationListCache();
  const markRead = useMarkRead();

  // The active view: a message arriving at its bottom is read at once (no unread mark, no toast).
  useEffect(() => {
    activeView.set({ conversationId: conversation.id, isAtBottom: true });
    return () => {
      if (activeView.get()?.conversationId === conversation.id) activeView.set(null);
    };
  }, [conversation.id]);
  const onBottomChange = useCallback(
    (isAtBottom: boolean) => activeView.set({ conversationId: conversation.id, isAtBottom }),
    [conversation.id],
  );

  // Read at the bottom (spec 02 §4.3): the server hears of it when something unread is in view.
  const markedSeq = useRef(0);
  const onAtBottom = useCallback(
    (seq: number) => {
      if (!storedId || kind === 'room' || seq <= markedSeq.current) return;
      const isListedUnread = cache.find(storedId)?.isUnread === true;
      const hasNews = messages.some((m) => (m.seq ?? 0) > markedSeq.current && countsAsUnread(m, userId));
      markedSeq.current = seq;
      if (isListedUnread || hasNews) markRead.mutate({ id: storedId, seq });
    },
    [storedId, kind, cache, messages, userId, markRead],
  );

  // A new conversation: the ack of its first message names the stored conversation.
  const sentHere = useRef(new Set<string>());
  useEffect(() => {
    if (!isNew || !client || !onStored) return undefined;
    return client.sync.subscribe(({ added }) => {
      const stored = added.find((m) => m.client_id !== undefined && sentHere.current.has(m.client_id));
      if (stored) onStored(stored.conversation);
    });
  }, [isNew, client, onStored]);

  const send = (text: string) => {
    if (!client) return;
    const payload: ChatSendInput = {
      type: 'text',
      action: 'message',
      message: text,
      from: userId,
      to: kind === 'room' || kind === 'bot' ? [] : [...(recipients ?? others.map((p) => p.id))],
      conversation: conversation.id,
      timestamp: String(Date.now()),
      ...(room ? { room } : {}),
      ...(conversation.bot ? { bot: conversation.bot } : {}),
    };
    const entry = client.send(payload);
    sentHere.current.add(entry.clientId);
  };

  // Senders a message does not name and the conversation does not list (a room chat lists nobody): read by id.
  const unnamed = useMemo(() => {
    const ids = new Set<number>();
    for (const m of messages)
      if (
        !m.user_summary_info &&
        !m.bot &&
        m.from !== userId &&
        !conversation.participants.some((p) => p.id === m.from)
      )
        ids.add(m.from);
    return [...ids].sort((a, b) => a - b);
  }, [messages, userId, conversation.participants]);
  const senders = usePeople(unnamed).data?.users;
  const senderName = useCallback(
    (message: ChatMessage) => {
      if (message.bot && message.to.length > 0) return message.bot;
      if (message.user_summary_info) return fullName(message.user_summary_info);
      const person =
        conversation.participants.find((p) => p.id === message.from) ??
        senders?.find((p) => p.id === message.from);
      return person ? fullName(person) : '';
    },
    [conversation.participants, senders],
  );

  const title = more > 0 ? t('title.group', { name, count: more }) : name;
  // The call buttons (individual and recruiting chats, calls on) go to the calls feature's starter (spec 02 §4.4).
  const canCall = isCallsOn && startCall !== null && (kind === 'individual' || kind === 'recruiting');
  const callWith = (callKind: CallKind) =>
    startCall?.({
      conversationId: conversation.id,
      recipients: [...(recipients ?? others.map((p) => p.id))],
      kind: callKind,
      title,
    });
  const handlers = canCall
    ? { audioCall: () => callWith('audio'), videoCall: () => callWith('video'), ...toolbar }
    : toolbar;
  const avatar = <Avatar name={name} color="initials" size={36} aria-hidden="true" />;
  const error = history.error ? parseAppError(history.error) : undefined;

  return (
    <Stack gap="xs" h="100%" mih={0}>
      <Group gap="xs" wrap="nowrap">
        {onBack ? (
          <ActionIcon variant="subtle" color="gray" onClick={onBack} aria-label={backLabel ?? t('view.back')}>
            <BackIcon />
          </ActionIcon>
        ) : null}
        {onAvatarClick && kind === 'individual' ? (
          <UnstyledButton onClick={onAvatarClick} aria-label={t('view.requestCard', { name })}>
            {avatar}
          </UnstyledButton>
        ) : (
          avatar
        )}
        <Title order={3} size="h4" style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Title>
        {otherStatus ? <StatusDot status={otherStatus} size={12} /> : null}
      </Group>
      {error ? (
        <Alert color="red" title={t('view.loadFailed')}>
          <Stack gap="xs" align="flex-start">
            <Text size="sm">{error.fromServer ? error.message : t('common:errors.submissionFailed')}</Text>
            <Button size="compact-sm" variant="light" onClick={history.retry}>
              {t('view.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : !isNew && !history.isLoaded ? (
        <Center flex={1}>
          <Loader aria-label={t('view.loading')} />
        </Center>
      ) : (
        <MessageList
          userId={userId}
          isRoomChat={kind === 'room'}
          isGroupChat={kind === 'group'}
          messages={messages}
          pending={pending}
          hasOlder={history.hasOlder}
          isLoadingOlder={history.isLoadingOlder}
          loadOlder={history.loadOlder}
          senderName={senderName}
          onRetry={(clientId) => client?.outbox.retry(clientId)}
          onDiscard={(clientId) => client?.outbox.discard(clientId)}
          onAtBottom={onAtBottom}
          onBottomChange={onBottomChange}
          failureText={(reason) => relayReasonText(t, reason)}
          {...(cardActions ? { cardActions } : {})}
        />
      )}
      {composerNotice ?? <Composer onSend={send} disabled={!client || Boolean(error)} />}
      <ChatToolbar
        kind={kind}
        isCallsOn={isCallsOn}
        handlers={handlers}
        extra={toolbarExtra}
        participantCount={
          participantCount ?? (kind === 'room' ? undefined : conversation.participants.length)
        }
      />
      {footer}
    </Stack>
  );
}
