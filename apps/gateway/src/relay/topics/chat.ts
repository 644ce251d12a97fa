/**
 * `chat_{event_code}`: a message (private, group, room, bot, or a call's start/end) is stored through the
 * provider before its 200 (the provider creates or finds a `temp-`/absent conversation and applies its rules:
 * participants, room chat, private chat and calls switched on) and delivered once, with the stored id,
 * conversation and seq, to the sender's and recipients' tabs on every node, or to the room's members, before
 * the 200 too (its publish is in Redis when the ack leaves, see delivered.ts). A call's
 * start reaches each participant with their own conference-widget token, issued by the gateway. A bot's
 * answer follows the user's message to the user.
 */
import {
  ChatSendSchema,
  MAX_TEXT_LENGTH,
  RELAY_ERRORS,
  SOCKET_ROOMS,
  chatTopic,
  describeIssues,
  isCallSignal,
  isTemporaryConversation,
  roomOfConversation,
  sendMessageInput,
  type ChatAck,
  type ChatMessage,
  type ChatSend,
  type SocketData,
} from '@showfloor/contracts';
import { compiledSchema } from '@showfloor/contracts/compiled';
import { ProviderError } from '../../provider/errors.ts';
import {
  parsePayload,
  refuse,
  refuseInvalidPayload,
  type RelayContext,
  type TopicHandler,
} from '../context.ts';

type ChatOk = Extract<ChatAck, { statusCode: 200 }>;

/** ChatSendSchema's compiled twin: the same verdicts and issues, fewer allocations per message. */
const ChatSendParser = compiledSchema(ChatSendSchema);

/** The text of a payload's `message`, read before parsing so an over-long text gets its own exact error. */
function messageLength(payload: unknown): number {
  if (payload === null || typeof payload !== 'object') return 0;
  const text = (payload as { message?: unknown }).message;
  return typeof text === 'string' ? text.length : 0;
}

/** Recipients without the sender and without repeats, in their order. */
function otherRecipients(message: ChatSend): number[] {
  const { to, from } = message;
  // A group's few ids are checked by scanning; a long list (up to 500) through a set.
  if (to.length > 32) {
    const seen = new Set<number>();
    for (const id of to) if (id !== from) seen.add(id);
    return [...seen];
  }
  const others: number[] = [];
  for (const id of to) if (id !== from && !others.includes(id)) others.push(id);
  return others;
}

export const handleChat: TopicHandler<ChatOk> = async (ctx, socket, payload) => {
  if (messageLength(payload) > MAX_TEXT_LENGTH) return refuse('text_too_long', RELAY_ERRORS.TEXT_TOO_LONG);
  const parsed = parsePayload(ChatSendParser, payload);
  if (!parsed.isValid) return parsed.refusal;
  const message = parsed.data;
  const user = socket.data;
  if (message.from !== user.userId) return refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH);
  const recipients = otherRecipients(message);
  const conversationId = isTemporaryConversation(message.conversation) ? undefined : message.conversation;
  const isCall = isCallSignal(message);

  // A room's chat named by its conversation id (`room-5`) is held to the same room rule as by the room's id,
  // and its room is that room (not a `room` field naming another one).
  const conversationRoom = conversationId === undefined ? undefined : roomOfConversation(conversationId);
  if (conversationRoom !== undefined) {
    if (message.room && message.room.id !== conversationRoom)
      return refuseInvalidPayload('room and conversation name different rooms');
    if (!(await ctx.directory.canAccessRoom(user, conversationRoom)))
      return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
  }

  let roomId: number | undefined;
  if (recipients.length > 0) {
    if (conversationRoom !== undefined) return refuseInvalidPayload("a room's chat has no recipients");
    if (!(await ctx.directory.areEventMembers(user, recipients))) {
      return refuse('recipient_not_in_event', RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
    }
  } else if ((message.room || conversationRoom !== undefined) && message.bot === undefined && !isCall) {
    roomId = conversationRoom ?? message.room?.id;
    if (roomId === undefined || !(await ctx.directory.canAccessRoom(user, roomId)))
      return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
  } else if (message.bot === undefined && conversationId === undefined) {
    return isCall
      ? refuse('payload_invalid', RELAY_ERRORS.CALL_NEEDS_CONVERSATION)
      : refuseInvalidPayload('give to, room, bot or conversation');
  }

  // Built from the message parsed above, checked without a second parse (the hot path: one parse per message).
  const input = sendMessageInput(message, recipients.length > 0 ? { to: recipients } : { room_id: roomId });
  if (!input.isValid) {
    return refuse('not_stored', `${RELAY_ERRORS.NOT_STORED}: ${describeIssues(input.issues)}`);
  }
  let stored: ChatMessage;
  try {
    stored = await ctx.provider.callParsed('conversation', 'sendMessage', input.data, { token: user.token });
  } catch (error) {
    if (error instanceof ProviderError) {
      const reason = error.status === 403 && roomId !== undefined ? 'room_forbidden' : 'not_stored';
      return refuse(reason, `${RELAY_ERRORS.NOT_STORED}: ${error.message}`);
    }
    throw error;
  }
  if (stored.action === 'start' && isCall) {
    // The provider's own token is not the widget's: each participant gets one from the gateway.
    delete stored.token;
    const participants = [stored.from, ...stored.to.filter((id) => id !== stored.from)];
    const tokens = await Promise.all(
      participants.map((id) => ctx.callTokens.issue(id, stored.conversation, stored.type === 'audio')),
    );
    await deliverCallStart(ctx, user, stored, participants, tokens);
    return { ack: { statusCode: 200, data: stored }, deliver: noFurtherDelivery };
  }
  // The fan-out reaches Redis before the ack leaves: a node dying after its ack cannot take it along.
  if (await deliverStored(ctx, user, stored, roomId)) ctx.metrics.forTopic('chat').deliveries.inc();
  return {
    ack: { statusCode: 200, data: stored },
    deliver:
      stored.bot !== undefined && stored.action === 'message'
        ? () => deliverBotAnswer(ctx, user, stored)
        : noFurtherDelivery,
  };
};

/** Delivery happened before the ack (the dispatcher still records its latency). */
const noFurtherDelivery = (): void => undefined;

/**
 * Delivers a stored message once: to the room's members, else to the sender and every recipient. True when it
 * delivered (not a resend's). Not an async function: the caller awaits `deliverOnce`'s own promise (one shared,
 * settled one when there is no Redis), with no promise and frame of this function's per message.
 */
function deliverStored(
  ctx: RelayContext,
  user: SocketData,
  stored: ChatMessage,
  roomId: number | undefined,
): Promise<boolean> {
  const topic = chatTopic(user.eventCode);
  const roomOfMessage =
    roomId ?? (stored.to.length === 0 && stored.bot === undefined ? stored.room?.id : undefined);
  return ctx.delivered.deliverOnce(stored.id, (target) => {
    if (roomOfMessage !== undefined) {
      target.to(SOCKET_ROOMS.room(user.eventCode, roomOfMessage)).emit(topic, stored);
    } else {
      const rooms = [SOCKET_ROOMS.user(stored.from)];
      for (const id of stored.to) rooms.push(SOCKET_ROOMS.user(id));
      target.to(rooms).emit(topic, stored);
    }
  });
}

/** A call's start, once, to each participant with their own widget token. */
async function deliverCallStart(
  ctx: RelayContext,
  user: SocketData,
  stored: ChatMessage,
  participants: number[],
  tokens: string[],
): Promise<void> {
  const topic = chatTopic(user.eventCode);
  const isDelivered = await ctx.delivered.deliverOnce(stored.id, (target) => {
    participants.forEach((id, index) => {
      target.to(SOCKET_ROOMS.user(id)).emit(topic, { ...stored, token: tokens[index] ?? '' });
    });
  });
  if (isDelivered) ctx.metrics.forTopic('chat').deliveries.inc();
}

/** The provider stored the bot's scripted answer after the user's message: pass it to the user's tabs. */
async function deliverBotAnswer(ctx: RelayContext, user: SocketData, stored: ChatMessage): Promise<void> {
  try {
    const page = await ctx.provider.call(
      'conversation',
      'getConversation',
      { id: stored.conversation, after_seq: stored.seq ?? 0, limit: 10 },
      { token: user.token },
    );
    const topic = chatTopic(user.eventCode);
    for (const answer of page.messages) {
      // The bot's answers are addressed to the user (the user's own later messages are not, and go their own way).
      if (!answer.to.includes(user.userId)) continue;
      await ctx.delivered.deliverOnce(answer.id, (target) =>
        target.to(SOCKET_ROOMS.user(user.userId)).emit(topic, answer),
      );
    }
  } catch (error) {
    // The answer stays in history; the client finds it on its next read.
    ctx.logger.warn(
      { err: error, conversation: stored.conversation },
      'relay: could not pass on a bot answer',
    );
  }
}
