// The chat list (spec 02 §2.4): the signed-in user's private, group and bot conversations, newest first, with their
// last message and unread mark; and the cache effects live messages and reads have on it.
import { useMemo } from 'react';
import {
  countsAsUnread,
  isShownInChat,
  type ChatMessage,
  type Conversation,
  type ConversationList,
} from '@showfloor/contracts';
import { trpc } from '../../../lib/api/trpc.ts';
import { FRONTEND } from '../../../config/frontend.ts';

/** The list's one input (the query cache knows it by this). */
export const CONVERSATION_LIST_INPUT = { frontend: FRONTEND } as const;

export function useConversations(options: { enabled?: boolean } = {}) {
  return trpc.conversation.listConversations.useQuery(CONVERSATION_LIST_INPUT, {
    enabled: options.enabled ?? true,
    staleTime: 30_000,
  });
}

/** A stored message as the list shows it: the conversation's new last message, moved to the top. */
function withMessage(
  list: ConversationList,
  index: number,
  message: ChatMessage,
  isUnread: boolean,
): ConversationList {
  const conversation = list.conversations[index] as Conversation;
  const updated: Conversation = {
    ...conversation,
    isTemporary: false,
    isUnread: conversation.isUnread || isUnread,
    lastMessage: {
      message: message.message,
      timestamp: message.timestamp,
      type: message.type,
      ...(message.cards ? { cards: message.cards } : {}),
    },
  };
  const rest = list.conversations.filter((_, i) => i !== index);
  return { conversations: [updated, ...rest] };
}

/** How live messages and reads change the cached list. */
export function useConversationListCache() {
  const utils = trpc.useUtils();
  return useMemo(() => {
    const list = utils.conversation.listConversations;
    return {
      /** The cached conversation, if the list is loaded and holds it. */
      find(conversationId: string): Conversation | undefined {
        return list.getData(CONVERSATION_LIST_INPUT)?.conversations.find((c) => c.id === conversationId);
      },
      /**
       * A private, group or bot message arrived: it becomes the last message (when it shows) and marks the
       * conversation unread when it counts and nobody is reading it. A conversation the list does not know yet
       * (someone started one) is read again.
       */
      applyMessage(message: ChatMessage, userId: number, isBeingRead: boolean): void {
        const data = list.getData(CONVERSATION_LIST_INPUT);
        if (!data) return;
        const index = data.conversations.findIndex((c) => c.id === message.conversation);
        if (index < 0) {
          void list.invalidate(CONVERSATION_LIST_INPUT);
          return;
        }
        if (!isShownInChat(message)) return;
        const isUnread = !isBeingRead && countsAsUnread(message, userId);
        list.setData(CONVERSATION_LIST_INPUT, withMessage(data, index, message, isUnread));
      },
      /** The conversation was read (the view reached its bottom). */
      markRead(conversationId: string): void {
        list.setData(CONVERSATION_LIST_INPUT, (data) =>
          data
            ? {
                conversations: data.conversations.map((c) =>
                  c.id === conversationId && c.isUnread ? { ...c, isUnread: false } : c,
                ),
              }
            : data,
        );
      },
      /** Reads the list again (after a reconnect: what arrived meanwhile, with the server's unread marks). */
      invalidate(): Promise<void> {
        return list.invalidate(CONVERSATION_LIST_INPUT);
      },
    };
  }, [utils]);
}
