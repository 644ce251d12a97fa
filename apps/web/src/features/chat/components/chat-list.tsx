// The chat list (spec 02 §2.4): a search (only when there are conversations; by name, and company and job title
// where the event shows them), the conversations newest first with their last message cut at 100 characters and
// an unread mark, the empty state, and the footer: start a new conversation, export the private chats.
import { useState } from 'react';
import {
  Alert,
  Anchor,
  Avatar,
  Button,
  Center,
  Group,
  Indicator,
  Loader,
  Stack,
  Text,
  TextInput,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MAX_TEXT_LENGTH, type Conversation } from '@showfloor/contracts';
import { PlainList } from '../../../components/plain-list.tsx';
import { privateChatsCsvUrl } from '../api/private-chats-csv.ts';
import { useConversations } from '../api/use-conversations.ts';
import { useShownFields } from '../hooks/use-shown-fields.ts';
import {
  conversationMatches,
  conversationName,
  lastMessageKind,
  previewText,
} from '../utils/conversation.ts';
import { dayKey, formatTime } from '../utils/days.ts';

export interface ChatListProps {
  userId: number;
  eventCode: string;
  onOpen: (conversationId: string) => void;
  onNew: () => void;
}

function whenText(ms: number, language: string): string {
  if (dayKey(ms) === dayKey(Date.now())) return formatTime(ms);
  return new Intl.DateTimeFormat(language === 'de' ? 'de-DE' : 'en-GB', {
    day: 'numeric',
    month: 'short',
  }).format(new Date(ms));
}

function ConversationItem({
  conversation,
  userId,
  onOpen,
}: {
  conversation: Conversation;
  userId: number;
  onOpen: (id: string) => void;
}) {
  const { t, i18n } = useTranslation('chat');
  const { name, more } = conversationName(conversation, userId);
  const title = more > 0 ? t('title.group', { name, count: more }) : name;
  const last = conversation.lastMessage;
  let preview = t('list.noMessages');
  if (last) {
    const kind = lastMessageKind(last);
    preview = kind === 'text' ? previewText(last.message) : t(kind === 'card' ? 'list.card' : 'list.call');
  }
  return (
    <UnstyledButton
      onClick={() => onOpen(conversation.id)}
      w="100%"
      p="xs"
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
      className="sf-chat-item"
      data-unread={conversation.isUnread || undefined}
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Indicator disabled={!conversation.isUnread} color="red" size={10} offset={4}>
          <Avatar name={name} color="initials" size={40} aria-hidden="true" />
        </Indicator>
        <Stack gap={2} miw={0} flex={1}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Text fw={conversation.isUnread ? 800 : 600} size="sm" truncate>
              {title}
            </Text>
            {last ? (
              <Text size="xs" c="var(--mantine-color-gray-7)" style={{ flexShrink: 0 }}>
                {whenText(Number(last.timestamp), i18n.language)}
              </Text>
            ) : null}
          </Group>
          <Text size="sm" c="var(--mantine-color-gray-7)" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
            {conversation.isUnread ? <VisuallyHidden>{t('list.unread')} </VisuallyHidden> : null}
            {preview}
          </Text>
        </Stack>
      </Group>
    </UnstyledButton>
  );
}

export function ChatList({ userId, eventCode, onOpen, onNew }: ChatListProps) {
  const { t } = useTranslation('chat');
  const [search, setSearch] = useState('');
  const list = useConversations();
  const shown = useShownFields(eventCode);
  const conversations = list.data?.conversations ?? [];
  const found = conversations.filter((c) => conversationMatches(c, userId, search, shown));

  let body;
  if (list.isPending) {
    body = (
      <Center p="xl">
        <Loader aria-label={t('list.loading')} />
      </Center>
    );
  } else if (list.isError) {
    body = (
      <Alert color="red" title={t('list.loadFailed')}>
        <Button size="compact-sm" variant="light" onClick={() => void list.refetch()}>
          {t('view.retry')}
        </Button>
      </Alert>
    );
  } else if (conversations.length === 0) {
    body = <Text c="var(--mantine-color-gray-7)">{t('list.empty')}</Text>;
  } else {
    body = (
      <>
        <TextInput
          type="search"
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          maxLength={MAX_TEXT_LENGTH}
          aria-label={t('list.search')}
          placeholder={t('list.searchPlaceholder')}
        />
        {found.length === 0 ? (
          <Text c="var(--mantine-color-gray-7)">{t('list.noResults')}</Text>
        ) : (
          <PlainList gap={2} label={t('list.label')}>
            {found.map((conversation) => (
              <li key={conversation.id}>
                <ConversationItem conversation={conversation} userId={userId} onOpen={onOpen} />
              </li>
            ))}
          </PlainList>
        )}
      </>
    );
  }
  return (
    <Stack gap="sm">
      {body}
      <Group justify="space-between" mt="sm" gap="xs">
        <Button variant="light" onClick={onNew}>
          {t('list.new')}
        </Button>
        <Anchor href={privateChatsCsvUrl(userId)} download="private_chats.csv" size="sm">
          {t('list.export')}
        </Anchor>
      </Group>
    </Stack>
  );
}
