/**
 * Chat on `chat_{event_code}` (spec 01 §7, spec 02 §4.3–§4.5, §7): what a client sends, what listeners
 * receive (the stored ChatMessage with its real id, conversation and per-conversation seq), call signalling
 * (spec 02 §4.4) and the catch-up after a reconnect.
 */
import { z } from 'zod';
import {
  ChatMessageSchema,
  ConversationIdSchema,
  SEND_MESSAGE_ISSUES,
  hasDestination,
  hasStorableText,
  isCardAction,
  type SendMessage,
} from '../entities/chat-message.ts';
import { TEMP_CONVERSATION_PREFIX } from '../constants.ts';
import { IdSchema } from '../entities/common.ts';
import type { IssueLike } from '../errors.ts';
// Types only: the chat client code in the browser does not load the catalogue.
import type { CheckedCallInput } from '../catalogue/index.ts';
import type { conversationCalls } from '../catalogue/conversation.ts';
import { AckErrorSchema, AckOkSchema } from './ack.ts';

/**
 * A message a client emits on its event's chat topic.
 * - Private or group: `to` lists the recipients (members of the sender's event).
 * - Room chat: `room` given and `to` empty; only into a room the sender may access.
 * - `conversation` absent or `temp-…`: the provider creates or finds the conversation.
 * - `client_id`: the idempotency key; a resend after a lost ack with the same key is stored and delivered once.
 * - Call signalling: `type` audio or video with `action` start or end (see {@link isCallSignal}) in a stored
 *   conversation; stored like any message (the provider refuses it when calls are switched off), delivered to
 *   the participants, and a start comes back to each with their own conference-widget `token` (the gateway's).
 * `from` must be the authenticated user; `id`, `seq` and `token` are the server's and ignored when sent.
 */
export const ChatSendSchema = ChatMessageSchema.pick({
  type: true,
  action: true,
  message: true,
  from: true,
  room: true,
  bot: true,
  cards: true,
  user_summary_info: true,
}).extend({
  to: ChatMessageSchema.shape.to.max(500).default([]),
  timestamp: ChatMessageSchema.shape.timestamp.optional(),
  conversation: ConversationIdSchema.optional(),
  client_id: ChatMessageSchema.shape.client_id,
});
export type ChatSend = z.infer<typeof ChatSendSchema>;
/** What a client passes to `emit` (defaults not yet applied). */
export type ChatSendInput = z.input<typeof ChatSendSchema>;

/** What listeners of `chat_{event_code}` receive: a stored message with its `seq` (a call's start and end too). */
export const ChatDeliverySchema = ChatMessageSchema;
export type ChatDelivery = z.infer<typeof ChatDeliverySchema>;

/** The chat acknowledgement: 200 with the stored message, or 400 with the reason. */
export const ChatAckSchema = z.discriminatedUnion('statusCode', [
  AckOkSchema.extend({ data: ChatMessageSchema.optional() }),
  AckErrorSchema,
]);
export type ChatAck = z.infer<typeof ChatAckSchema>;

/** Actions of call signalling (spec 02 §4.4). */
export const CALL_ACTIONS = { START: 'start', END: 'end' } as const;

/** True for a call start or end message (type audio or video), which the relay passes on without storing. */
export function isCallSignal(message: Pick<ChatSend, 'type' | 'action'>): boolean {
  return (
    (message.type === 'audio' || message.type === 'video') &&
    (message.action === CALL_ACTIONS.START || message.action === CALL_ACTIONS.END)
  );
}

/**
 * `call_answered` (the relay's own, not in the spec): a tab tells its user's other tabs, on every node and
 * device, that it answered the call of a conversation, so they stop ringing (spec 02 §4.4 has one tab; a user
 * with two expects the other to fall silent, as a phone does). Client → server with the sender's own
 * `user_id`; the relay passes it to the user's other tabs only, and stores nothing.
 */
export const CallAnsweredSchema = z.object({
  user_id: IdSchema,
  conversation_id: ConversationIdSchema,
});
export type CallAnswered = z.infer<typeof CallAnsweredSchema>;

/** True when a conversation id is absent or temporary (`temp-…`): the provider creates or finds it. */
export function isTemporaryConversation(id: string | undefined): boolean {
  return id === undefined || id.startsWith(TEMP_CONVERSATION_PREFIX);
}

/** Where the relay sends a chat message after its checks: to its recipients, or into its room. */
export interface ChatRoute {
  /** The recipients without the sender (members of the sender's event). */
  to?: number[] | undefined;
  /** The room of a room-chat message the sender may access. */
  room_id?: number | undefined;
}

/** The relay's sendMessage input, or why the provider would refuse it. */
export type SendMessageInputResult =
  | { isValid: true; data: CheckedCallInput<typeof conversationCalls.sendMessage> }
  | { isValid: false; issues: IssueLike[] };

/**
 * The `conversation.sendMessage` input of a parsed chat message, without parsing again: every field is copied
 * from a `ChatSend` that `ChatSendSchema` accepted with the same field schemas `SendMessageSchema` uses (text,
 * type, action, client_id, bot, conversation id, recipients, room id), and the two rules of the body itself
 * (`hasStorableText`, `hasDestination`) are checked here, with the schema's own texts. A property test holds
 * this to `SendMessageSchema`: what it builds, the schema accepts unchanged; what it refuses, the schema
 * refuses with the same issues. That is what makes the result a {@link CheckedCallInput}.
 */
export function sendMessageInput(message: ChatSend, route: ChatRoute): SendMessageInputResult {
  const conversationId = isTemporaryConversation(message.conversation) ? undefined : message.conversation;
  // A card message names its card; the provider fills in the card's state itself.
  const cardId = isCardAction(message.action) ? (message.cards?.[0]?.card_id ?? undefined) : undefined;
  // Filled field by field, not by spreads: the relay builds one per message (the hot path).
  const input: SendMessage = { message: message.message, type: message.type, action: message.action };
  if (message.client_id !== undefined) input.client_id = message.client_id;
  if (message.bot !== undefined) input.bot = message.bot;
  if (cardId !== undefined) input.card_id = cardId;
  if (conversationId !== undefined) input.conversation_id = conversationId;
  if (route.to !== undefined) input.to = route.to;
  if (route.room_id !== undefined) input.room_id = route.room_id;
  const issues: IssueLike[] = [];
  if (!hasStorableText(input)) issues.push({ path: ['message'], message: SEND_MESSAGE_ISSUES.EMPTY });
  if (!hasDestination(input)) issues.push({ path: [], message: SEND_MESSAGE_ISSUES.NO_DESTINATION });
  if (issues.length > 0) return { isValid: false, issues };
  return { isValid: true, data: input as CheckedCallInput<typeof conversationCalls.sendMessage> };
}

/** Largest page a catch-up answers; ask again from the last seq when `has_more`. */
export const CATCH_UP_MAX_LIMIT = 200;

/**
 * `catch_up`: after a reconnect, a client asks for the stored messages of a conversation that follow the last
 * `seq` it holds (0 = from the start). The relay reads them from the provider (conversation read with
 * `after_seq`) with the client's own token, so only participants get them.
 */
export const CatchUpRequestSchema = z.object({
  conversation_id: ConversationIdSchema,
  after_seq: z.number().int().nonnegative(),
  /** @default 100 */
  limit: z.number().int().positive().max(CATCH_UP_MAX_LIMIT).default(100),
});
export type CatchUpRequest = z.input<typeof CatchUpRequestSchema>;

/** The catch-up acknowledgement: messages in seq order, `has_more` when the page was full. */
export const CatchUpAckSchema = z.discriminatedUnion('statusCode', [
  AckOkSchema.extend({ messages: z.array(ChatMessageSchema), has_more: z.boolean() }),
  AckErrorSchema,
]);
export type CatchUpAck = z.infer<typeof CatchUpAckSchema>;
