// The messages of a conversation (spec 02 §2.5, §4.3, §9): grouped by day under their date, 'Conversation start'
// once its beginning is loaded; it follows new messages while the reader is within 50 px of the bottom, otherwise
// offers 'You have new messages' (something arrived) or 'Return to bottom'; within 100 px of the top it loads the
// older page without moving what the reader sees. New messages from others are announced once, politely, to
// screen readers. The list scrolls by keyboard too (it takes the focus).
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { Box, Button, Center, Divider, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isOwnMessage, type ChatMessage, type OutboxEntry } from '@showfloor/contracts';
import { answeredCardRequests, hasOwnBubble } from '../utils/card-states.ts';
import { formatDay, groupByDay } from '../utils/days.ts';
import { isNearBottom, isNearTop, keptScrollTop, type ScrollBox } from '../utils/scroll.ts';
import { MessageBubble, type CardMessageActions } from './message-bubble.tsx';

/** A row of the list: a stored message, or a send waiting for its ack (or refused). */
type Row =
  | { kind: 'stored'; key: string; at: number; message: ChatMessage }
  | { kind: 'pending'; key: string; at: number; entry: OutboxEntry };

export interface MessageListProps {
  userId: number;
  isRoomChat: boolean;
  isGroupChat: boolean;
  messages: readonly ChatMessage[];
  pending: readonly OutboxEntry[];
  hasOlder: boolean;
  isLoadingOlder: boolean;
  loadOlder: () => Promise<boolean>;
  /** The name of a message's sender (its subtitle, and what a screen reader hears first). */
  senderName: (message: ChatMessage) => string;
  onRetry: (clientId: string) => void;
  onDiscard: (clientId: string) => void;
  /** The text of a refused send's reason, in the UI language. */
  failureText?: (reason: string) => string;
  /** Called with the newest seq in view whenever the reader is at the bottom (marks read). */
  onAtBottom?: (seq: number) => void;
  /** Tells whether the reader is at the bottom (the chat's active-view store). */
  onBottomChange?: (isAtBottom: boolean) => void;
  /** The answers a business-card message offers (the business-cards feature). */
  cardActions?: (message: ChatMessage) => CardMessageActions | undefined;
}

const boxOf = (element: HTMLElement): ScrollBox => ({
  scrollTop: element.scrollTop,
  scrollHeight: element.scrollHeight,
  clientHeight: element.clientHeight,
});

/** How many announcements the live region keeps (each is read once when added). */
const ANNOUNCEMENTS_KEPT = 3;

export function MessageList({
  userId,
  isRoomChat,
  isGroupChat,
  messages,
  pending,
  hasOlder,
  isLoadingOlder,
  loadOlder,
  senderName,
  onRetry,
  onDiscard,
  failureText = (reason) => reason,
  onAtBottom,
  onBottomChange,
  cardActions,
}: MessageListProps) {
  const { t, i18n } = useTranslation('chat');
  const scrollRef = useRef<HTMLDivElement>(null);
  const [isAtBottom, setIsAtBottom] = useState(true);
  const [newCount, setNewCount] = useState(0);
  const [announcements, setAnnouncements] = useState<Array<{ id: string; text: string }>>([]);

  const cardStates = useMemo(() => answeredCardRequests(messages), [messages]);
  const rows = useMemo<Row[]>(() => {
    const stored: Row[] = messages.filter(hasOwnBubble).map((message) => ({
      kind: 'stored',
      key: message.id,
      at: Number(message.timestamp),
      message,
    }));
    const waiting: Row[] = pending
      .filter((entry) => hasOwnBubble(entry.payload))
      .map((entry) => ({
        kind: 'pending',
        key: `pending-${entry.clientId}`,
        // Sends carry the time they were made (conversation-view.tsx).
        at: Number(entry.payload.timestamp ?? 0),
        entry,
      }));
    return [...stored, ...waiting];
  }, [messages, pending]);
  const groups = useMemo(() => groupByDay(rows, (row) => row.at), [rows]);

  // What the list looked like at the last render: tells older pages (above) from new messages (below).
  const previous = useRef<{
    first?: string;
    last?: string;
    box?: ScrollBox;
    wasAtBottom: boolean;
    ids: Set<string>;
  }>({ wasAtBottom: true, ids: new Set() });
  useLayoutEffect(() => {
    const element = scrollRef.current;
    if (!element) return;
    const before = previous.current;
    const first = rows[0]?.key;
    const last = rows.at(-1)?.key;
    const isFirstFill = before.first === undefined && first !== undefined;
    if (isFirstFill) {
      element.scrollTop = element.scrollHeight;
    } else if (first !== before.first && last === before.last && before.box) {
      // An older page above: keep the reader where they were.
      element.scrollTop = keptScrollTop(before.box, element.scrollHeight);
    } else if (last !== before.last) {
      const added = messages.filter((m) => !before.ids.has(m.id));
      const fromOthers = added.filter((m) => !isOwnMessage(m, userId));
      const isOwnSend = rows.at(-1)?.kind === 'pending';
      if (before.wasAtBottom || isOwnSend) element.scrollTop = element.scrollHeight;
      else if (fromOthers.length > 0) setNewCount((count) => count + fromOthers.length);
      if (!isFirstFill && fromOthers.length > 0) {
        setAnnouncements((list) =>
          [...list, ...fromOthers.map((m) => ({ id: m.id, text: `${senderName(m)}: ${m.message}` }))].slice(
            -ANNOUNCEMENTS_KEPT,
          ),
        );
      }
    }
    previous.current = {
      ...(first === undefined ? {} : { first }),
      ...(last === undefined ? {} : { last }),
      box: boxOf(element),
      wasAtBottom: isNearBottom(boxOf(element)),
      ids: new Set(messages.map((m) => m.id)),
    };
  }, [rows, messages, userId, senderName]);

  const lastSeq = messages.at(-1)?.seq ?? 0;
  const check = useCallback(() => {
    const element = scrollRef.current;
    if (!element) return;
    const box = boxOf(element);
    const atBottom = isNearBottom(box);
    previous.current.wasAtBottom = atBottom;
    previous.current.box = box;
    setIsAtBottom(atBottom);
    if (atBottom) setNewCount(0);
    if (isNearTop(box) && hasOlder && !isLoadingOlder) void loadOlder();
  }, [hasOlder, isLoadingOlder, loadOlder]);

  // A short conversation does not fill the box: keep loading older pages until it does (or nothing is older).
  useEffect(() => {
    check();
  }, [check, rows.length]);

  useEffect(() => {
    onBottomChange?.(isAtBottom);
  }, [isAtBottom, onBottomChange]);
  useEffect(() => {
    if (isAtBottom && lastSeq > 0) onAtBottom?.(lastSeq);
  }, [isAtBottom, lastSeq, onAtBottom]);

  const toBottom = () => {
    const element = scrollRef.current;
    if (!element) return;
    element.scrollTop = element.scrollHeight;
    check();
  };

  return (
    <Box pos="relative" flex={1} mih={0} style={{ display: 'flex', flexDirection: 'column' }}>
      <Box
        ref={scrollRef}
        component="section"
        aria-label={t('messages.label')}
        tabIndex={0}
        onScroll={check}
        flex={1}
        mih={0}
        px={4}
        style={{ overflowY: 'auto', overscrollBehavior: 'contain' }}
      >
        {isLoadingOlder ? (
          <Center py="xs">
            <Loader size="sm" aria-label={t('messages.loadingOlder')} />
          </Center>
        ) : null}
        {!hasOlder ? (
          <Text size="xs" ta="center" c="var(--mantine-color-gray-7)" py="xs">
            {t('messages.start')}
          </Text>
        ) : null}
        <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {groups.map((group) => (
            <li key={group.key}>
              <Divider
                my="xs"
                labelPosition="center"
                label={
                  <Text size="xs" c="var(--mantine-color-gray-7)">
                    {formatDay(group.at, i18n.language)}
                  </Text>
                }
              />
              <Stack gap={6} component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
                {group.items.map((row) =>
                  row.kind === 'stored' ? (
                    <li key={row.key} data-message-id={row.message.id}>
                      <MessageBubble
                        message={row.message}
                        at={row.at}
                        direction={isOwnMessage(row.message, userId) ? 'sent' : 'received'}
                        senderLabel={senderName(row.message)}
                        isRoomChat={isRoomChat}
                        isGroupChat={isGroupChat}
                        card={cardActions?.(row.message)}
                        cardApproved={cardStates.get(row.message.id)}
                      />
                    </li>
                  ) : (
                    <li key={row.key} data-client-id={row.entry.clientId}>
                      <MessageBubble
                        message={{
                          message: row.entry.payload.message,
                          type: row.entry.payload.type,
                          action: row.entry.payload.action,
                          cards: row.entry.payload.cards,
                        }}
                        at={row.at}
                        direction="sent"
                        isRoomChat={isRoomChat}
                        isGroupChat={isGroupChat}
                        delivery={row.entry.state}
                        failure={row.entry.error === undefined ? undefined : failureText(row.entry.error)}
                        onRetry={() => onRetry(row.entry.clientId)}
                        onDiscard={() => onDiscard(row.entry.clientId)}
                      />
                    </li>
                  ),
                )}
              </Stack>
            </li>
          ))}
        </Stack>
      </Box>
      {!isAtBottom ? (
        <Center pos="absolute" bottom={8} left={0} right={0} style={{ pointerEvents: 'none' }}>
          <Button size="compact-sm" radius="xl" onClick={toBottom} style={{ pointerEvents: 'auto' }}>
            {newCount > 0 ? t('messages.newMessages') : t('messages.returnToBottom')}
          </Button>
        </Center>
      ) : null}
      <VisuallyHidden aria-live="polite" aria-relevant="additions">
        {announcements.map((item) => (
          <p key={item.id}>{item.text}</p>
        ))}
      </VisuallyHidden>
    </Box>
  );
}
