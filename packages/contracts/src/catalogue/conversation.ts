/**
 * The conversation service's calls (spec 01 §7 "Conversation", spec 02 §7).
 * Result shapes the spec does not list (spec 01 §7: "Result shapes not listed here are not shown") are
 * chosen here once; notable choices carry a "Not shown in the spec" comment.
 */
import { z } from 'zod';
import { MessageSchema } from '../entities/provider-answer.ts';
import {
  ChatMessageSchema,
  ConversationIdSchema,
  ConversationListSchema,
  ConversationSchema,
  FrontendTypeSchema,
  IdParamSchema,
  MessageIdSchema,
  MessagePageSchema,
  SendMessageSchema,
} from '../entities/index.ts';
import { CsvTextSchema, IdParamsSchema, UtcOffsetSchema, errorResponses } from './shared.ts';
import type { RestCall } from './types.ts';
import { URL_CALLS } from './url-calls.ts';

/** Largest page of messages one read returns. */
export const MAX_MESSAGE_PAGE = 200;

/** `{room_id?, frontend?}` query of the conversation lists. */
export const ConversationListQuerySchema = z.object({
  room_id: IdParamSchema.optional(),
  frontend: FrontendTypeSchema.optional(),
});

/**
 * GET conversation/conversations/{id} query: a page of `limit` messages before `page_state`, or (catch-up
 * after a reconnect) every message with `seq` greater than `after_seq`.
 */
export const ConversationReadQuerySchema = z.object({
  limit: z.coerce
    .number<string | number>({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be at least 1')
    .max(MAX_MESSAGE_PAGE, `limit must be at most ${MAX_MESSAGE_PAGE}`)
    .optional(),
  page_state: z.string().min(1).max(2000).optional(),
  after_seq: z.coerce
    .number<string | number>({ error: 'after_seq must be a number' })
    .int('after_seq must be a whole number')
    .nonnegative('after_seq must not be negative')
    .optional(),
});

/** POST conversation/bot-chat/all body. */
export const BotChatBodySchema = z.object({
  bot_name: z.string().trim().min(1, 'bot_name is required').max(200),
  utc_offset: UtcOffsetSchema.optional(),
});

/** POST conversation/conversations/{id}/read body: the seq of the last message the user has seen. */
export const MarkReadBodySchema = z.object({
  seq: z
    .number({ error: 'seq must be a number' })
    .int('seq must be a whole number')
    .nonnegative('seq must not be negative'),
});

/** Calls of the conversation service. */
export const conversationCalls = {
  getUserConversations: {
    service: 'conversation',
    method: 'GET',
    path: '/conversations/user/:id',
    params: IdParamsSchema,
    query: ConversationListQuerySchema,
    // Not shown in the spec: answers `{conversations}` with their last message, messages left empty.
    responses: { 200: ConversationListSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    idempotent: true,
    summary: "A user's conversations (private, group, bot; a room's too when room_id is given)",
  },
  getConversation: {
    service: 'conversation',
    method: 'GET',
    path: '/conversations/:id',
    params: z.object({ id: ConversationIdSchema }),
    query: ConversationReadQuerySchema,
    responses: { 200: MessagePageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: "A page of a conversation's messages (page_state), or those after a seq (after_seq)",
  },
  listConversations: {
    service: 'conversation',
    method: 'GET',
    path: '/conversations',
    query: ConversationListQuerySchema,
    // Not shown in the spec: the caller's conversations (identity from the token), like getUserConversations.
    responses: { 200: ConversationListSchema, ...errorResponses(400, 401) },
    auth: 'user',
    idempotent: true,
    summary: "The caller's conversations",
  },
  exportChats: {
    ...URL_CALLS.conversation.exportChats,
    params: IdParamsSchema,
    query: z.object({ utc_offset: UtcOffsetSchema.optional() }),
    responses: { 200: CsvTextSchema, ...errorResponses(400, 401, 403) },
    auth: 'user',
    answer: 'csv',
    idempotent: true,
    summary: "Download a user's private chats as private_chats.csv",
  },
  getRoomConversation: {
    service: 'conversation',
    method: 'GET',
    path: '/conversations/rooms/:id',
    params: IdParamsSchema,
    // Not shown in the spec: answers the room's conversation with its latest page of messages.
    responses: { 200: ConversationSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: "A room's chat conversation",
  },
  deleteMessage: {
    service: 'conversation',
    method: 'DELETE',
    path: '/conversations/messages/:id',
    params: z.object({ id: MessageIdSchema }),
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    // Not shown in the spec: senders delete their own messages; managers any message of their event.
    auth: 'user',
    idempotent: true,
    summary: 'Delete one message',
  },
  clearConversation: {
    service: 'conversation',
    method: 'DELETE',
    path: '/conversations/:id/messages',
    params: z.object({ id: ConversationIdSchema }),
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Delete every message of a conversation (moderation)',
  },
  sendMessage: {
    service: 'conversation',
    method: 'POST',
    path: '/conversations/messages',
    body: SendMessageSchema,
    responses: { 200: ChatMessageSchema, ...errorResponses(400, 401, 403, 404, 413) },
    auth: 'user',
    summary: 'Store a message (idempotent per client_id) and answer it with id, conversation and seq',
  },
  markRead: {
    service: 'conversation',
    method: 'POST',
    path: '/conversations/:id/read',
    params: z.object({ id: ConversationIdSchema }),
    body: MarkReadBodySchema,
    // Not shown in the spec (spec 02 §4.3 "marked read when at the bottom"): reading history never marks it
    // read (a catch-up after a reconnect must not clear unread marks); the chat view says what was seen.
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'Mark a conversation read up to a seq (the chat view reached its bottom)',
  },
  getBotChat: {
    service: 'conversation',
    method: 'POST',
    path: '/bot-chat/all',
    body: BotChatBodySchema,
    // Not shown in the spec: answers the caller's whole conversation with that bot.
    responses: { 200: MessagePageSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    summary: "The caller's messages with a bot",
  },
} as const satisfies Record<string, RestCall>;
