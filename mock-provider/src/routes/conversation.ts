/**
 * The conversation service: private, group, room and bot conversations; messages stored once per client_id,
 * numbered per conversation (seq), paged newest-first with page_state, caught up with after_seq; private
 * messages purged after 10 days; the private-chat CSV export.
 */
import { randomBytes } from 'node:crypto';
import {
  CARD_ACTIONS,
  MAX_MESSAGE_PAGE,
  TEMP_CONVERSATION_PREFIX,
  isCardAction,
  roomConversationId,
  roomOfConversation,
  type conversationCalls,
  type BusinessCardInfo,
  type ChatMessage,
  type SendMessage,
} from '@showfloor/contracts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type {
  BotRecord,
  Caller,
  ConversationRecord,
  MessageRecord,
  RoomRecord,
  UserRecord,
} from '../store/types.ts';
import {
  assertManages,
  csvLine,
  isParticipant,
  requireEnterableRoom,
  toConversation,
  toMessage,
} from './shared.ts';
import type { HandlerTable } from './types.ts';

/** Messages one page holds when the caller gives no limit. */
export const DEFAULT_MESSAGE_PAGE = 20;

const encodePageState = (beforeSeq: number): string =>
  Buffer.from(`before:${beforeSeq}`).toString('base64url');
function decodePageState(pageState: string): number {
  const match = /^before:(\d{1,12})$/.exec(Buffer.from(pageState, 'base64url').toString('utf8'));
  if (!match?.[1]) throw badRequest('page_state is invalid.');
  return Number(match[1]);
}

/** The newest `limit` messages before `beforeSeq` (oldest first), and the cursor for the next older page. */
function pageOf(
  conversation: ConversationRecord,
  limit: number,
  beforeSeq = Number.POSITIVE_INFINITY,
): { messages: MessageRecord[]; page_state: string | null } {
  const older = conversation.messages.filter((m) => m.seq < beforeSeq);
  const messages = older.slice(-limit);
  const first = messages[0];
  return {
    messages,
    page_state: first && older.length > messages.length ? encodePageState(first.seq) : null,
  };
}

/** Marks the conversation read for the user up to `throughSeq` (the last message when absent), never back. */
function markRead(conversation: ConversationRecord, user: UserRecord, throughSeq?: number): void {
  const last = conversation.messages.at(-1)?.seq ?? 0;
  const seq = Math.min(throughSeq ?? last, last);
  if (seq > (conversation.read_seq.get(user.id) ?? 0)) conversation.read_seq.set(user.id, seq);
}

function newConversation(
  state: ProviderState,
  fields: Pick<ConversationRecord, 'id' | 'event_code' | 'kind' | 'participants' | 'room_id' | 'bot'>,
): ConversationRecord {
  const conversation: ConversationRecord = { ...fields, messages: [], next_seq: 1, read_seq: new Map() };
  state.conversations.set(conversation.id, conversation);
  return conversation;
}

export function roomConversation(state: ProviderState, room: RoomRecord): ConversationRecord {
  const id = roomConversationId(room.id);
  return (
    state.conversations.get(id) ??
    newConversation(state, {
      id,
      event_code: room.event_code,
      kind: 'room',
      participants: [],
      room_id: room.id,
      bot: null,
    })
  );
}

function appendMessage(
  state: ProviderState,
  conversation: ConversationRecord,
  fields: Pick<ChatMessage, 'type' | 'action' | 'message' | 'from'> & Partial<ChatMessage>,
): MessageRecord {
  const now = state.now();
  const room = conversation.room_id === null ? undefined : state.rooms.get(conversation.room_id);
  const record: MessageRecord = {
    id: `msg-${state.nextId('messages')}`,
    to: conversation.kind === 'room' ? [] : conversation.participants.filter((p) => p !== fields.from),
    timestamp: String(now),
    conversation: conversation.id,
    ...(room ? { room: { id: room.id, name: room.name } } : {}),
    ...(conversation.bot ? { bot: conversation.bot } : {}),
    ...fields,
    seq: conversation.next_seq,
    at: now,
  };
  conversation.next_seq += 1;
  conversation.messages.push(record);
  state.messageIndex.set(record.id, conversation.id);
  if (record.client_id) state.clientIds.set(`${record.from}:${record.client_id}`, record.id);
  return record;
}

/**
 * The card a card request or answer is about, as the message stores it: the provider's own state of the card
 * (approved, card_id, owner), never the sender's word. A request is its requester's, an answer its owner's; the
 * other party must be in the conversation, which must be a private one.
 */
function cardStateFor(
  state: ProviderState,
  caller: Caller,
  conversation: ConversationRecord,
  body: Pick<SendMessage, 'action' | 'card_id'>,
): BusinessCardInfo | undefined {
  if (!isCardAction(body.action)) return undefined;
  if (body.card_id === undefined) throw badRequest('A business card message names its card (card_id).');
  const card = state.cards.get(body.card_id);
  const isRequest = body.action === CARD_ACTIONS.REQUEST;
  const sender = isRequest ? card?.requester_id : card?.owner_id;
  const other = isRequest ? card?.owner_id : card?.requester_id;
  if (!card || sender !== caller.user.id) throw notFound('Business card');
  if (conversation.kind !== 'private' || other === undefined || !conversation.participants.includes(other))
    throw badRequest('A business card message goes to the private chat of the card’s two users.');
  return { approved: card.approved, card_id: card.card_id, user_id: card.owner_id };
}

function botConversation(state: ProviderState, bot: BotRecord, user: UserRecord): ConversationRecord {
  const id = `bot-${bot.id}-${user.id}`;
  let conversation = state.conversations.get(id);
  if (!conversation) {
    conversation = newConversation(state, {
      id,
      event_code: bot.event_code,
      kind: 'bot',
      participants: [user.id],
      room_id: null,
      bot: bot.name,
    });
    if (bot.greeting)
      appendMessage(state, conversation, {
        type: 'text',
        action: 'message',
        message: bot.greeting,
        from: bot.id,
        to: [user.id],
      });
    // A greeting is a welcome, not news: it sets no unread mark.
    markRead(conversation, user);
  }
  return conversation;
}

/** Every active bot of the user's event has a conversation with the user (its chat list shows it). */
function ensureBotConversations(state: ProviderState, user: UserRecord): void {
  for (const bot of state.bots.values())
    if (bot.active && bot.event_code === user.event_code) botConversation(state, bot, user);
}

/** The bot's scripted answer: the first rule with one of its keywords as a word of the message. */
export function botAnswer(bot: BotRecord, text: string): string {
  const words = new Set(text.toLowerCase().split(/[^\p{L}\p{N}]+/u));
  return bot.rules.find((rule) => rule.keywords.some((k) => words.has(k)))?.answer ?? bot.fallback;
}

function requireBot(state: ProviderState, caller: Caller, name: string): BotRecord {
  const bot = [...state.bots.values()].find(
    (b) => b.name === name && b.event_code === caller.user.event_code && b.active,
  );
  if (!bot) throw notFound('Bot');
  return bot;
}

/** The private or group conversation of exactly these people, created when absent. */
function peopleConversation(state: ProviderState, caller: Caller, to: number[]): ConversationRecord {
  const me = caller.user;
  const people = [...new Set([me.id, ...to])].sort((a, b) => a - b);
  if (people.length < 2) throw badRequest('A conversation needs at least one other participant.');
  for (const id of people) {
    const user = state.users.get(id);
    if (!user || user.event_code !== me.event_code || !user.active) throw notFound(`User ${id}`);
  }
  const kind = people.length === 2 ? 'private' : 'group';
  const key = people.join(',');
  for (const c of state.conversations.values())
    if (
      c.kind === kind &&
      c.event_code === me.event_code &&
      [...c.participants].sort((a, b) => a - b).join(',') === key
    )
      return c;
  return newConversation(state, {
    id: `conv-${state.nextId('conversations')}`,
    event_code: me.event_code,
    kind,
    participants: people,
    room_id: null,
    bot: null,
  });
}

function requireReadable(state: ProviderState, caller: Caller, id: string): ConversationRecord {
  const roomId = roomOfConversation(id);
  if (roomId !== undefined) {
    // A room's chat is the room's, named by either id: the room rule answers (403 for a room the caller may not
    // enter, like getRoomConversation), whether or not anything was said there yet.
    const room = requireEnterableRoom(state, caller, roomId);
    if (!room.active) throw notFound('Room');
    return roomConversation(state, room);
  }
  const conversation = state.conversations.get(id);
  if (!conversation || (conversation.event_code !== caller.user.event_code && !caller.isManager))
    throw notFound('Conversation');
  if (!isParticipant(state, conversation, caller.user))
    throw forbidden('Only the participants of a conversation may read it.');
  return conversation;
}

function listFor(state: ProviderState, caller: Caller, roomId: number | undefined) {
  state.purgeExpiredMessages();
  const me = caller.user;
  ensureBotConversations(state, me);
  const mine = [...state.conversations.values()].filter(
    (c) => c.kind !== 'room' && c.event_code === me.event_code && c.participants.includes(me.id),
  );
  if (roomId !== undefined) mine.push(roomConversation(state, requireEnterableRoom(state, caller, roomId)));
  // Newest first; a bot conversation that holds only its greeting comes after every conversation with news.
  const lastAt = (c: ConversationRecord): number =>
    c.kind === 'bot' && c.messages.length <= 1 ? 0 : (c.messages.at(-1)?.at ?? 0);
  mine.sort((a, b) => lastAt(b) - lastAt(a));
  return { conversations: mine.map((c) => toConversation(state, c, me)) };
}

function localTime(at: number, offsetMinutes: number): string {
  const iso = new Date(at + offsetMinutes * 60_000).toISOString();
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const zone = `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} ${zone}`;
}

function featureOff(state: ProviderState, eventCode: string, name: string, roomId?: number): boolean {
  return state.preference(eventCode, name, roomId)?.value === 'no';
}

export const conversationHandlers: HandlerTable<typeof conversationCalls> = {
  getUserConversations({ params, query, caller, state }) {
    if (params.id !== caller.user.id) throw forbidden('You may read only your own conversations.');
    return listFor(state, caller, query.room_id);
  },

  getConversation({ params, query, caller, state }) {
    state.purgeExpiredMessages();
    const conversation = requireReadable(state, caller, params.id);
    let page: { messages: MessageRecord[]; page_state: string | null };
    if (query.after_seq !== undefined) {
      const after = query.after_seq;
      page = {
        messages: conversation.messages
          .filter((m) => m.seq > after)
          .slice(0, query.limit ?? MAX_MESSAGE_PAGE),
        page_state: null,
      };
    } else {
      const before = query.page_state === undefined ? undefined : decodePageState(query.page_state);
      page = pageOf(conversation, query.limit ?? DEFAULT_MESSAGE_PAGE, before);
    }
    // A read marks nothing read: a catch-up after a reconnect is no proof the user saw anything (markRead is).
    return { messages: page.messages.map(toMessage), page_state: page.page_state };
  },

  listConversations({ query, caller, state }) {
    return listFor(state, caller, query.room_id);
  },

  exportChats({ params, query, caller, state }) {
    if (params.id !== caller.user.id) throw forbidden('You may export only your own chats.');
    state.purgeExpiredMessages();
    const offset = query.utc_offset ?? 0;
    const name = (id: number) => {
      const user = state.users.get(id);
      return user ? `${user.firstname} ${user.lastname}`.trim() : `user ${id}`;
    };
    const lines = [csvLine(['conversation_id', 'time', 'from', 'to', 'message'])];
    const mine = [...state.conversations.values()].filter(
      (c) => (c.kind === 'private' || c.kind === 'group') && c.participants.includes(caller.user.id),
    );
    for (const conversation of mine)
      for (const m of conversation.messages)
        lines.push(
          csvLine([
            conversation.id,
            localTime(m.at, offset),
            name(m.from),
            m.to.map(name).join('; '),
            m.message,
          ]),
        );
    return { kind: 'csv', filename: 'private_chats.csv', text: `${lines.join('\r\n')}\r\n` };
  },

  getRoomConversation({ params, caller, state }) {
    const room = requireEnterableRoom(state, caller, params.id);
    if (!room.active) throw notFound('Room');
    const conversation = roomConversation(state, room);
    markRead(conversation, caller.user);
    return toConversation(state, conversation, caller.user, pageOf(conversation, DEFAULT_MESSAGE_PAGE));
  },

  deleteMessage({ params, caller, state }) {
    const conversationId = state.messageIndex.get(params.id);
    const conversation = conversationId === undefined ? undefined : state.conversations.get(conversationId);
    const message = conversation?.messages.find((m) => m.id === params.id);
    if (
      !conversation ||
      !message ||
      (conversation.event_code !== caller.user.event_code && !caller.isManager)
    )
      throw notFound('Message');
    if (message.from !== caller.user.id) {
      if (!caller.isManager) throw forbidden('You may delete only your own messages.');
      assertManages(caller, conversation.event_code);
    }
    conversation.messages = conversation.messages.filter((m) => m.id !== message.id);
    state.forgetMessage(message);
    return { message: 'Message deleted.' };
  },

  clearConversation({ params, caller, state }) {
    const conversation = state.conversations.get(params.id);
    if (!conversation) throw notFound('Conversation');
    assertManages(caller, conversation.event_code);
    const count = conversation.messages.length;
    for (const m of conversation.messages) state.forgetMessage(m);
    conversation.messages = [];
    return { message: `Deleted ${count} message(s).` };
  },

  sendMessage({ body, caller, state }) {
    state.purgeExpiredMessages();
    const me = caller.user;
    if (body.client_id !== undefined) {
      const storedId = state.clientIds.get(`${me.id}:${body.client_id}`);
      const conversation = storedId
        ? state.conversations.get(state.messageIndex.get(storedId) ?? '')
        : undefined;
      const stored = conversation?.messages.find((m) => m.id === storedId);
      if (stored) return toMessage(stored);
    }
    let conversation: ConversationRecord;
    const givenId = body.conversation_id;
    if (givenId !== undefined && !givenId.startsWith(TEMP_CONVERSATION_PREFIX)) {
      conversation = requireReadable(state, caller, givenId);
    } else if (body.room_id !== undefined) {
      const room = requireEnterableRoom(state, caller, body.room_id);
      if (!room.active) throw notFound('Room');
      conversation = roomConversation(state, room);
    } else if (body.bot !== undefined) {
      conversation = botConversation(state, requireBot(state, caller, body.bot), me);
    } else if (body.to !== undefined && body.to.length > 0) {
      conversation = peopleConversation(state, caller, body.to);
    } else {
      throw badRequest('Give room_id, to or bot to start a conversation.');
    }
    if (conversation.kind === 'room') {
      if (featureOff(state, conversation.event_code, 'room_chat', conversation.room_id ?? undefined))
        throw forbidden('Room chat is switched off here.');
    } else if (conversation.kind !== 'bot' && featureOff(state, conversation.event_code, 'private_chat')) {
      throw forbidden('Private chat is switched off for this event.');
    }
    if (
      (body.action === 'start' || body.action === 'end') &&
      featureOff(state, conversation.event_code, 'calls')
    )
      throw forbidden('Calls are switched off for this event.');
    const card = cardStateFor(state, caller, conversation, body);
    const stored = appendMessage(state, conversation, {
      type: body.type,
      action: body.action,
      message: body.message,
      from: me.id,
      ...(card ? { cards: [card] } : {}),
      ...(body.client_id !== undefined ? { client_id: body.client_id } : {}),
      // A call's start message carries the conference widget's token.
      ...(body.action === 'start' ? { token: randomBytes(24).toString('base64url') } : {}),
      user_summary_info: {
        id: me.id,
        firstname: me.firstname,
        lastname: me.lastname,
        profile_picture: me.profile_picture,
      },
    });
    markRead(conversation, me);
    if (conversation.kind === 'bot' && body.action === 'message') {
      const bot = requireBot(state, caller, conversation.bot ?? '');
      appendMessage(state, conversation, {
        type: 'text',
        action: 'message',
        message: botAnswer(bot, body.message),
        from: bot.id,
        to: [me.id],
      });
    }
    return toMessage(stored);
  },

  markRead({ params, body, caller, state }) {
    const conversation = requireReadable(state, caller, params.id);
    markRead(conversation, caller.user, body.seq);
    return { message: 'Marked as read.' };
  },

  getBotChat({ body, caller, state }) {
    const conversation = botConversation(state, requireBot(state, caller, body.bot_name), caller.user);
    markRead(conversation, caller.user);
    return { messages: conversation.messages.map(toMessage), page_state: null };
  },
};
