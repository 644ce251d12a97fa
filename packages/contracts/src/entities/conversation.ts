/** Conversations: private, group, room and bot (spec 02 §3, §4.3). */
import { z } from 'zod';
import { IdSchema, TimestampStringSchema } from './common.ts';
import { BusinessCardInfoSchema } from './business-card.ts';
import { ChatMessageSchema, ChatMessageTypeSchema, ConversationIdSchema } from './chat-message.ts';
import { UserSummarySchema } from './user-profile.ts';

/** A participant of a conversation. */
export const ParticipantSchema = UserSummarySchema.pick({
  id: true,
  firstname: true,
  lastname: true,
  company: true,
  job_title: true,
}).partial({ company: true, job_title: true });
export type Participant = z.infer<typeof ParticipantSchema>;

/** The preview of a conversation's last message. */
export const LastMessageSchema = z.object({
  message: z.string(),
  timestamp: TimestampStringSchema,
  type: ChatMessageTypeSchema,
  cards: z.array(BusinessCardInfoSchema).optional(),
});
export type LastMessage = z.infer<typeof LastMessageSchema>;

/** A conversation. `page_state` (opaque) fetches the next older page; null when there is none. */
export const ConversationSchema = z.object({
  id: ConversationIdSchema,
  participants: z.array(ParticipantSchema),
  isGroupConversation: z.boolean(),
  isRoomConversation: z.boolean(),
  isTemporary: z.boolean(),
  isUnread: z.boolean(),
  bot: z.string().max(200).nullable(),
  roomId: IdSchema.nullable(),
  roomName: z.string().max(200).nullable(),
  lastMessage: LastMessageSchema.nullable(),
  messages: z.array(ChatMessageSchema),
  page_state: z.string().max(2000).nullable(),
});
export type Conversation = z.infer<typeof ConversationSchema>;

/** A list of conversations (messages usually empty; read each with the conversation call). */
export const ConversationListSchema = z.object({ conversations: z.array(ConversationSchema) });
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** A page of messages, oldest first; pass `page_state` back for the next older page. */
export const MessagePageSchema = z.object({
  messages: z.array(ChatMessageSchema),
  page_state: z.string().max(2000).nullable(),
});
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** A room conversation is one whose id contains 'room' (spec 02 §4.3). */
export const isRoomConversationId = (id: string): boolean => id.includes('room');
