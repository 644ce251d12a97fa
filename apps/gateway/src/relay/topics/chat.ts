/**
 * `chat_{event_code}`: a text (private, group, room or bot) is stored through the provider before its 200 and
 * then delivered once, with the stored id, conversation and seq, to the listed users' tabs on every node (or
 * the room's members); call start and end messages are passed to the participants without being stored, a
 * start carrying each participant's own conference-widget token.
 */
import { randomUUID } from 'node:crypto';
import {
  ChatSendSchema,
  MAX_TEXT_LENGTH,
  RELAY_ERRORS,
  SOCKET_ROOMS,
  chatTopic,
  isCallSignal,
  isTemporaryConversation,
  type ChatAck,
  type ChatMessage,
  type ChatSend,
  type SendMessage,
  type SocketData,
} from '@showfloor/contracts';
import { ProviderError } from '../../provider/errors.ts';
import { describeIssues, refuse, type HandlerResult, type RelayContext, type TopicHandler } from '../context.ts';
import type { RelaySocket } from '../io.ts';

type ChatOk = Extract<ChatAck, { statusCode: 200 }>;

/** The text of a payload's `message`, read before parsing so an over-long text gets its own exact error. */
function messageLength(payload: unknown): number {
  if (payload === null || typeof payload !== 'object') return 0;
  const text = (payload as { message?: unknown }).message;
  return typeof text === 'string' ? text.length : 0;
}

/** Recipients without the sender and without repeats. */
function otherRecipients(message: ChatSend): number[] {
  const seen = new Set<number>();
  for (const id of message.to) if (id !== message.from) seen.add(id);
  return [...seen];
}

export const handleChat: TopicHandler<ChatOk> = async (ctx, socket, payload) => {
  if (messageLength(payload) > MAX_TEXT_LENGTH) return refuse('text_too_long', RELAY_ERRORS.TEXT_TOO_LONG);
  const parsed = ChatSendSchema.safeParse(payload);
  if (!parsed.success) {
    return refuse('payload_invalid', `${RELAY_ERRORS.PAYLOAD_INVALID}: ${describeIssues(parsed.error.issues)}`);
  }
  const message = parsed.data;
  const user = socket.data;
  if (message.from !== user.userId) return refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH);
  const recipients = otherRecipients(message);
  if (isCallSignal(message)) return callSignal(ctx, user, message, recipients);

  const body: SendMessage = {
    message: message.message,
    type: message.type,
    action: message.action,
    ...(message.client_id === undefined ? {} : { client_id: message.client_id }),
    ...(message.bot === undefined ? {} : { bot: message.bot }),
    ...(isTemporaryConversation(message.conversation) ? {} : { conversation_id: message.conversation }),
  };
  let roomId: number | undefined;
  if (recipients.length > 0) {
    if (!(await ctx.directory.areEventMembers(user, recipients))) {
      return refuse('recipient_not_in_event', RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
    }
    body.to = recipients;
  } else if (message.room && message.bot === undefined) {
    roomId = message.room.id;
    if (!(await ctx.directory.canAccessRoom(user, roomId))) return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
    body.room_id = roomId;
  } else if (message.bot === undefined && body.conversation_id === undefined) {
    return refuse('payload_invalid', `${RELAY_ERRORS.PAYLOAD_INVALID}: give to, room, bot or conversation`);
  }

  let stored: ChatMessage;
  try {
    stored = await ctx.provider.call('conversation', 'sendMessage', body, { token: user.token });
  } catch (error) {
    if (error instanceof ProviderError) {
      const reason = error.status === 403 && roomId !== undefined ? 'room_forbidden' : 'not_stored';
      return refuse(reason, `${RELAY_ERRORS.NOT_STORED}: ${error.message}`);
    }
    throw error;
  }
  ctx.directory.noteParticipant(user.userId, stored.conversation);
  return { ack: { statusCode: 200, data: stored }, deliver: () => deliverStored(ctx, user, stored, roomId) };
};

/** Delivers a stored message once: to the room's members, else to the sender and every recipient. */
async function deliverStored(ctx: RelayContext, user: SocketData, stored: ChatMessage, roomId: number | undefined): Promise<void> {
  if (!(await ctx.delivered.claim(stored.id))) return;
  const topic = chatTopic(user.eventCode);
  const roomOfMessage = roomId ?? (stored.to.length === 0 ? stored.room?.id : undefined);
  if (roomOfMessage !== undefined) {
    ctx.io.to(SOCKET_ROOMS.room(user.eventCode, roomOfMessage)).emit(topic, stored);
  } else {
    const rooms = [SOCKET_ROOMS.user(stored.from)];
    for (const id of stored.to) rooms.push(SOCKET_ROOMS.user(id));
    ctx.io.to(rooms).emit(topic, stored);
  }
  ctx.metrics.deliveries.inc({ topic: 'chat' });
}

/** Call start/end: checked like a private message, not stored, passed to the participants. */
async function callSignal(
  ctx: RelayContext,
  user: SocketData,
  message: ChatSend,
  recipients: number[],
): Promise<HandlerResult<ChatOk>> {
  const conversation = message.conversation;
  if (conversation === undefined || isTemporaryConversation(conversation)) {
    return refuse('payload_invalid', RELAY_ERRORS.CALL_NEEDS_CONVERSATION);
  }
  if (recipients.length > 0 && !(await ctx.directory.areEventMembers(user, recipients))) {
    return refuse('recipient_not_in_event', RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
  }
  if (!(await ctx.directory.isParticipant(user, conversation))) {
    return refuse('not_participant', RELAY_ERRORS.NOT_PARTICIPANT);
  }
  const summary = message.action === 'start' ? await ctx.directory.summaryOf(user) : undefined;
  const signal: ChatMessage = {
    id: message.client_id ?? `call-${randomUUID()}`,
    type: message.type,
    action: message.action,
    message: message.message,
    from: user.userId,
    to: recipients,
    timestamp: String(Date.now()),
    conversation,
    ...(message.room ? { room: message.room } : {}),
    ...(summary ? { user_summary_info: summary } : {}),
  };
  const topic = chatTopic(user.eventCode);
  const participants = [user.userId, ...recipients];
  if (message.action === 'start') {
    const isAudioOnly = message.type === 'audio';
    const tokens = await Promise.all(participants.map((id) => ctx.callTokens.issue(id, conversation, isAudioOnly)));
    return {
      ack: { statusCode: 200 },
      deliver: () => {
        participants.forEach((id, index) => {
          ctx.io.to(SOCKET_ROOMS.user(id)).emit(topic, { ...signal, token: tokens[index] ?? '' });
        });
        ctx.metrics.deliveries.inc({ topic: 'chat' });
      },
    };
  }
  return {
    ack: { statusCode: 200 },
    deliver: () => {
      ctx.io.to(participants.map((id) => SOCKET_ROOMS.user(id))).emit(topic, signal);
      ctx.metrics.deliveries.inc({ topic: 'chat' });
    },
  };
}

/** True when `socket` may use `topic` as its chat topic (its own event's). */
export function isOwnChatTopic(socket: RelaySocket, topic: string): boolean {
  return topic === chatTopic(socket.data.eventCode);
}
