/**
 * A chat message (spec 02 §3), as the provider stores it and the relay delivers it. Named ChatMessage because
 * `MessageSchema` is the plain `{message}` answer of errors.ts.
 */
import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { IdSchema, TextSchema, TimestampStringSchema } from './common.ts';
import { BusinessCardInfoSchema } from './business-card.ts';
import { UserSummarySchema } from './user-profile.ts';

/** Message types. */
export const CHAT_MESSAGE_TYPES = ['text', 'video', 'audio'] as const;
/** A message type: text, or the kind of call a start/end message is about. */
export const ChatMessageTypeSchema = z.enum(CHAT_MESSAGE_TYPES, {
  error: 'type must be text, video or audio',
});
export type ChatMessageType = z.infer<typeof ChatMessageTypeSchema>;

/**
 * Message actions: `message` (a text), `start`/`end` (a call), `delete` (removal notice, reloads room data),
 * `card_request`/`card_response` (business cards in chat: not shown in the spec, chosen here).
 */
export const CHAT_MESSAGE_ACTIONS = [
  'message',
  'start',
  'end',
  'delete',
  'card_request',
  'card_response',
] as const;
/** A message action. */
export const ChatMessageActionSchema = z.enum(CHAT_MESSAGE_ACTIONS, {
  error: `action must be one of ${CHAT_MESSAGE_ACTIONS.join(', ')}`,
});
export type ChatMessageAction = z.infer<typeof ChatMessageActionSchema>;

/** A lone UTF-16 surrogate: no character at all, and no URL can carry it (encodeURIComponent throws). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** True when a text is well-formed Unicode (no lone surrogate), so it can go into a URL path. */
export function isWellFormedText(text: string): boolean {
  return !LONE_SURROGATE.test(text);
}

const WELL_FORMED_ID_MESSAGE = 'The id contains an invalid character';

/** A conversation id; `temp-` marks one not yet stored; ids containing 'room' are room conversations. */
export const ConversationIdSchema = z
  .string()
  .min(1, 'conversation id is required')
  .max(200)
  .refine(isWellFormedText, WELL_FORMED_ID_MESSAGE);

/** A stored message's id, e.g. `msg-42` (a path segment of the delete call). */
export const MessageIdSchema = z
  .string()
  .min(1, 'message id is required')
  .max(200)
  .refine(isWellFormedText, WELL_FORMED_ID_MESSAGE);

/** The room a message belongs to. */
export const MessageRoomSchema = z.object({ id: IdSchema, name: z.string().max(200) });

/** Who sent a message, as the incoming-call dialog shows it. */
export const UserSummaryInfoSchema = UserSummarySchema.pick({
  id: true,
  firstname: true,
  lastname: true,
  profile_picture: true,
}).partial({ profile_picture: true });
export type UserSummaryInfo = z.infer<typeof UserSummaryInfoSchema>;

/** A client-chosen idempotency key: the same `client_id` is stored once. */
export const ClientIdSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'client_id may contain only letters, digits, underscore and hyphen');

/** A chat message. */
export const ChatMessageSchema = z.object({
  id: z.string().min(1).max(200),
  type: ChatMessageTypeSchema,
  action: ChatMessageActionSchema,
  message: TextSchema,
  /** Sender's user id. */
  from: IdSchema,
  /** Recipients' user ids (empty for room messages). */
  to: z.array(IdSchema),
  /** Milliseconds since the epoch, as a string. */
  timestamp: TimestampStringSchema,
  room: MessageRoomSchema.optional(),
  /**
   * The bot's name, on every message of a bot conversation. The bot's own messages are addressed to the user
   * (`to` = [user]); the user's messages to the bot are addressed to nobody (`to` empty): see {@link isFromBot}.
   */
  bot: z.string().max(200).optional(),
  cards: z.array(BusinessCardInfoSchema).optional(),
  conversation: ConversationIdSchema,
  /** Video-conference JWT on a call's start message. */
  token: z.string().max(5000).optional(),
  user_summary_info: UserSummaryInfoSchema.optional(),
  /** The sender's idempotency key, when it gave one. */
  client_id: ClientIdSchema.optional(),
  /** Position in its conversation: 1, 2, 3 ... (stored messages only). */
  seq: z.number().int().positive().optional(),
});
export type ChatMessage = z.infer<typeof ChatMessageSchema>;

/** Why a sendMessage body is refused beyond its fields' own checks. */
export const SEND_MESSAGE_ISSUES = {
  EMPTY: 'Message must not be empty',
  NO_DESTINATION: 'Give room_id, conversation_id, to or bot',
} as const;

/** True when a message's text may be stored: a text message (`action` 'message') is not blank; calls may be. */
export function hasStorableText(message: { action: ChatMessageAction; message: string }): boolean {
  return message.action !== 'message' || message.message.trim().length > 0;
}

/** True when a sendMessage body says where the message goes: a room, a conversation, recipients or a bot. */
export function hasDestination(message: {
  room_id?: number | undefined;
  conversation_id?: string | undefined;
  to?: readonly number[] | undefined;
  bot?: string | undefined;
}): boolean {
  return (
    message.room_id !== undefined ||
    message.conversation_id !== undefined ||
    (message.to !== undefined && message.to.length > 0) ||
    message.bot !== undefined
  );
}

/**
 * POST conversation/conversations/messages body: the provider answers the stored ChatMessage. A new private
 * conversation is named by `to`, a room one by `room_id`, an existing one by `conversation_id`.
 */
export const SendMessageSchema = z
  .object({
    message: z.string().max(MAX_TEXT_LENGTH, `Message must be at most ${MAX_TEXT_LENGTH} characters`),
    room_id: IdSchema.optional(),
    conversation_id: ConversationIdSchema.optional(),
    to: z.array(IdSchema).max(500).optional(),
    type: ChatMessageTypeSchema.default('text'),
    action: ChatMessageActionSchema.default('message'),
    client_id: ClientIdSchema.optional(),
    bot: z.string().max(200).optional(),
    /**
     * The business card a `card_request` or `card_response` is about: the provider stores the card's state
     * (approved, card_id, owner) with the message from its own record, never from the sender.
     */
    card_id: IdSchema.optional(),
  })
  .refine(hasStorableText, { message: SEND_MESSAGE_ISSUES.EMPTY, path: ['message'] })
  .refine(hasDestination, { message: SEND_MESSAGE_ISSUES.NO_DESTINATION });
export type SendMessage = z.infer<typeof SendMessageSchema>;

/**
 * Actions that show in a conversation: a text, a call's start, a business-card request and its answer. A call's
 * end and a delete notice show nothing (no bubble, no unread mark, no sound).
 */
export const SHOWN_CHAT_ACTIONS: readonly ChatMessageAction[] = [
  'message',
  'start',
  'card_request',
  'card_response',
];

/** Actions of business cards in chat: a request, and the card owner's answer (allow or deny). */
export const CARD_ACTIONS = { REQUEST: 'card_request', RESPONSE: 'card_response' } as const;

/** True for a business-card request or answer (a message that carries its card's state in `cards`). */
export function isCardAction(action: ChatMessageAction): boolean {
  return action === CARD_ACTIONS.REQUEST || action === CARD_ACTIONS.RESPONSE;
}

/** True when a message shows in its conversation (see {@link SHOWN_CHAT_ACTIONS}). */
export function isShownInChat(message: Pick<ChatMessage, 'action'>): boolean {
  return SHOWN_CHAT_ACTIONS.includes(message.action);
}

/**
 * True for a message the bot sent. A bot is no user, so its messages' `from` may equal a user's id; in a bot
 * conversation the bot's messages are the ones addressed to someone (the user).
 */
export function isFromBot(message: Pick<ChatMessage, 'bot' | 'to'>): boolean {
  return message.bot !== undefined && message.to.length > 0;
}

/** True when `userId` sent the message (a bot's message is never the user's own). */
export function isOwnMessage(message: Pick<ChatMessage, 'from' | 'bot' | 'to'>, userId: number): boolean {
  return message.from === userId && !isFromBot(message);
}

/**
 * True when a message makes its conversation unread for `userId`: someone else's (or a bot's), and one that
 * shows. Events that show nothing never set an unread mark.
 */
export function countsAsUnread(
  message: Pick<ChatMessage, 'from' | 'bot' | 'to' | 'action'>,
  userId: number,
): boolean {
  return isShownInChat(message) && !isOwnMessage(message, userId);
}
