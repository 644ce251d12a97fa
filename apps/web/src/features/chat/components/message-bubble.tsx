// One message (spec 02 §2.5 "Bubble fields"): text, time (HH:MM, 24-hour), sent or received, the sender's label
// in group and room chats, an avatar, a call's start, and a business-card request with its states (request sent,
// allow/deny for the recipient, allowed, denied). A send not yet acknowledged says 'Sending…'; a refused one says
// why and offers Retry. Exported through the feature's index.ts: the business-cards and calls features fill the
// card and call actions.
import { Avatar, Badge, Button, Group, Paper, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { BusinessCardInfo, ChatMessage } from '@showfloor/contracts';
import { formatTime } from '../utils/days.ts';
import { MessageText } from './message-text.tsx';

/** What a business-card message shows, and the answers its recipient may give (the cards feature passes them). */
export interface CardMessageActions {
  onAllow?: () => void;
  onDeny?: () => void;
  /** The card's state as the cards feature knows it (e.g. just answered here); wins over the messages' word. */
  approved?: boolean | null;
  /** An answer is on its way: both buttons wait. */
  isBusy?: boolean;
  /** Why the last answer failed (the server's message). */
  error?: string;
}

export interface MessageBubbleProps {
  message: Pick<ChatMessage, 'message' | 'type' | 'action' | 'cards'>;
  /** When it was sent, ms since the epoch. */
  at: number;
  direction: 'sent' | 'received';
  /** The sender's name above a received message in a group or room chat (the bubble's subtitle). */
  senderLabel?: string | undefined;
  isRoomChat?: boolean;
  isGroupChat?: boolean;
  /** A send waiting for its ack, or refused (with the relay's reason). */
  delivery?: 'sending' | 'failed' | undefined;
  failure?: string | undefined;
  onRetry?: (() => void) | undefined;
  onDiscard?: (() => void) | undefined;
  card?: CardMessageActions | undefined;
  /**
   * A request's state as its conversation tells it (the owner's answer, a later card_response message); absent:
   * the request's own.
   */
  cardApproved?: boolean | null | undefined;
}

/** The card info of a business-card message (its first entry). */
function cardOf(message: MessageBubbleProps['message']): BusinessCardInfo | undefined {
  return message.cards?.[0];
}

export function isCardMessage(message: Pick<ChatMessage, 'action'>): boolean {
  return message.action === 'card_request' || message.action === 'card_response';
}

/**
 * The state of a card request (spec 02 §4.2): the sender sees 'Request Sent', then 'allowed' or 'denied'; the
 * recipient sees Allow and Deny, and once answered the label with both buttons inactive.
 */
function CardState({
  message,
  direction,
  card,
  cardApproved,
}: Pick<MessageBubbleProps, 'message' | 'direction' | 'card' | 'cardApproved'>) {
  const { t } = useTranslation('chat');
  const approved =
    card?.approved !== undefined
      ? card.approved
      : cardApproved !== undefined
        ? cardApproved
        : (cardOf(message)?.approved ?? null);
  const label =
    approved === true ? (
      <Badge color="green.9" data-card-state="allowed">
        {t('card.allowed')}
      </Badge>
    ) : approved === false ? (
      <Badge color="red.9" data-card-state="denied">
        {t('card.denied')}
      </Badge>
    ) : direction === 'sent' ? (
      <Badge color="gray.8" data-card-state="sent">
        {t('card.requestSent')}
      </Badge>
    ) : null;
  if (direction === 'sent' || message.action !== 'card_request') return label;
  const isAnswerable = approved === null && Boolean(card?.onAllow && card.onDeny) && !card?.isBusy;
  const isMissing = !card?.onAllow || !card.onDeny;
  return (
    <Stack gap={4}>
      <Group gap="xs">
        <Button
          size="compact-sm"
          onClick={card?.onAllow}
          disabled={!isAnswerable}
          loading={card?.isBusy === true}
          title={isMissing ? t('notYet') : undefined}
        >
          {t('card.allow')}
        </Button>
        <Button
          size="compact-sm"
          variant="default"
          onClick={card?.onDeny}
          disabled={!isAnswerable}
          title={isMissing ? t('notYet') : undefined}
        >
          {t('card.deny')}
        </Button>
        {label}
      </Group>
      {card?.error ? (
        <Text size="xs" c="var(--mantine-color-red-9)" role="alert">
          {card.error}
        </Text>
      ) : null}
    </Stack>
  );
}

export function MessageBubble({
  message,
  at,
  direction,
  senderLabel,
  isRoomChat = false,
  isGroupChat = false,
  delivery,
  failure,
  onRetry,
  onDiscard,
  card,
  cardApproved,
}: MessageBubbleProps) {
  const { t } = useTranslation('chat');
  const isSent = direction === 'sent';
  const showsSender = !isSent && (isRoomChat || isGroupChat) && Boolean(senderLabel);
  const isCall = message.action === 'start' && message.type !== 'text';
  let body;
  if (isCall) body = <Text fs="italic">{t(message.type === 'video' ? 'call.video' : 'call.audio')}</Text>;
  else if (isCardMessage(message))
    body = (
      <Stack gap={6}>
        <Text>{message.message || t('card.request')}</Text>
        <CardState message={message} direction={direction} card={card} cardApproved={cardApproved} />
      </Stack>
    );
  else
    body = (
      <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }} data-message-text>
        <MessageText text={message.message} />
      </Text>
    );
  return (
    <Group
      justify={isSent ? 'flex-end' : 'flex-start'}
      align="flex-end"
      gap={6}
      wrap="nowrap"
      data-direction={direction}
      data-delivery={delivery}
    >
      {showsSender ? <Avatar name={senderLabel} color="initials" size={28} aria-hidden="true" /> : null}
      <Paper
        px="sm"
        py={6}
        radius="lg"
        maw="85%"
        bg={isSent ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-1)'}
        c="var(--mantine-color-black)"
        style={delivery === 'failed' ? { outline: '1px solid var(--mantine-color-red-9)' } : undefined}
      >
        {showsSender ? (
          <Text size="xs" fw={700}>
            {senderLabel}
          </Text>
        ) : null}
        {isSent ? <VisuallyHidden>{t('bubble.you')}</VisuallyHidden> : null}
        {body}
        <Group gap={6} justify="flex-end" mt={2}>
          {delivery === 'sending' ? (
            <Text size="xs" c="var(--mantine-color-gray-7)">
              {t('bubble.sending')}
            </Text>
          ) : null}
          <Text size="xs" c="var(--mantine-color-gray-7)">
            <time dateTime={new Date(at).toISOString()}>{formatTime(at)}</time>
          </Text>
        </Group>
        {delivery === 'failed' ? (
          <Stack gap={4} mt={4}>
            <Text size="xs" c="var(--mantine-color-red-9)" role="alert">
              {t('bubble.failed', { reason: failure ?? '' })}
            </Text>
            <Group gap="xs" justify="flex-end">
              {onDiscard ? (
                <Button size="compact-xs" variant="subtle" color="gray" onClick={onDiscard}>
                  {t('bubble.discard')}
                </Button>
              ) : null}
              {onRetry ? (
                <Button size="compact-xs" color="red.9" onClick={onRetry}>
                  {t('bubble.retry')}
                </Button>
              ) : null}
            </Group>
          </Stack>
        ) : null}
      </Paper>
    </Group>
  );
}
