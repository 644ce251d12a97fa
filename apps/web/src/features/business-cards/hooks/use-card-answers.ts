// The owner's answers inside a card request's chat message (spec 02 §4.2): Allow sets approved true (the provider
// notes 'Card allow to show'), Deny sets false ('Card denied'); then a card_response message tells the requester,
// live, and every tab of the two. The answer given here shows at once (both buttons inactive); a failure shows the
// server's message in the message (spec 02 §8 "Business card ... failures: server message inline in red").
// The app passes `send` (the chat client's) and hands `cardActions` to the chat page.
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CARD_ACTIONS, CARD_NOTES, type ChatMessage, type ChatSendInput } from '@showfloor/contracts';
import { parseAppError } from '../../../lib/api/app-error.ts';
import { serverErrorText } from '../../../lib/api/server-messages.ts';
import { useAnswerCard } from '../api/use-answer-card.ts';

/** What a card request's bubble offers its recipient (the shape of chat's CardMessageActions). */
export interface CardAnswerActions {
  onAllow: () => void;
  onDeny: () => void;
  approved?: boolean | null;
  isBusy?: boolean;
  error?: string;
}

/** The chat message that answers a request: to its sender, in its conversation, naming the card. */
export function cardResponsePayload(request: ChatMessage, userId: number, approved: boolean): ChatSendInput {
  const cardId = request.cards?.[0]?.card_id ?? null;
  return {
    type: 'text',
    action: CARD_ACTIONS.RESPONSE,
    message: approved ? CARD_NOTES.ALLOW : CARD_NOTES.DENY,
    from: userId,
    to: [request.from],
    conversation: request.conversation,
    cards: [{ approved, card_id: cardId, user_id: userId }],
    timestamp: String(Date.now()),
  };
}

/** The chat message of a new request: to the card's owner, in their private chat (found or made by the server). */
export function cardRequestPayload(
  info: { approved: boolean | null; card_id: number | null; user_id: number },
  userId: number,
): ChatSendInput {
  return {
    type: 'text',
    action: CARD_ACTIONS.REQUEST,
    // Empty: each side shows 'Business card request' in its own language.
    message: '',
    from: userId,
    to: [info.user_id],
    cards: [info],
    timestamp: String(Date.now()),
  };
}

export function useCardAnswers({
  userId,
  send,
}: {
  userId: number;
  send: (payload: ChatSendInput) => void;
}): (message: ChatMessage) => CardAnswerActions | undefined {
  const { t } = useTranslation('business-cards');
  const answer = useAnswerCard();
  // By request message: the answer given here, the one on its way, the last failure.
  const [answered, setAnswered] = useState<ReadonlyMap<string, boolean>>(new Map());
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [failures, setFailures] = useState<ReadonlyMap<string, string>>(new Map());
  const { mutate } = answer;

  return useCallback(
    (message: ChatMessage) => {
      const cardId = message.cards?.[0]?.card_id;
      if (message.action !== CARD_ACTIONS.REQUEST || message.from === userId || !cardId) return undefined;
      const respond = (approved: boolean) => {
        setBusy(message.id);
        setFailures((old) => {
          const next = new Map(old);
          next.delete(message.id);
          return next;
        });
        mutate(
          { id: cardId, approved },
          {
            onSuccess: () => {
              setAnswered((old) => new Map(old).set(message.id, approved));
              send(cardResponsePayload(message, userId, approved));
            },
            onError: (error) =>
              setFailures((old) =>
                new Map(old).set(
                  message.id,
                  t('answer.failed', { reason: serverErrorText(t, parseAppError(error)) }),
                ),
              ),
            onSettled: () => setBusy(undefined),
          },
        );
      };
      const given = answered.get(message.id);
      const error = failures.get(message.id);
      return {
        onAllow: () => respond(true),
        onDeny: () => respond(false),
        ...(given === undefined ? {} : { approved: given }),
        ...(busy === message.id ? { isBusy: true } : {}),
        ...(error === undefined ? {} : { error }),
      };
    },
    [userId, send, mutate, answered, busy, failures, t],
  );
}
