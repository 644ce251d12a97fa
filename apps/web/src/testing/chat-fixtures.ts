// Chat test data shaped by the contracts' schemas, and a fake relay for the chat topic and catch_up: it stores
// what the app sends (one message per sender and client id, numbered per conversation), acknowledges it, answers
// catch-up reads from what it holds, and can lose acks, refuse sends or drop live deliveries on demand.
import {
  ChatMessageSchema,
  ConversationSchema,
  chatTopic,
  type ChatMessage,
  type ChatSendInput,
  type Conversation,
} from '@showfloor/contracts';
import { createFakeSocket, type Emitted } from './fake-socket.ts';

export const ADA = {
  id: 7,
  firstname: 'Ada',
  lastname: 'Lovelace',
  company: 'Analytical Engines',
  job_title: 'Programmer',
};
export const GRACE = {
  id: 8,
  firstname: 'Grace',
  lastname: 'Hopper',
  company: 'Navy Computing Lab',
  job_title: 'Rear Admiral',
};
export const LINUS = {
  id: 9,
  firstname: 'Linus',
  lastname: 'Torvalds',
  company: 'Kernel Booth',
  job_title: 'Exhibitor',
};

/** 10:00 local time on 23 November 2026, plus `minutes`. */
export const at = (minutes = 0, day = 23): number => new Date(2026, 10, day, 10, minutes).getTime();

/** A stored message of conversation conv-1 from Grace to Ada, number `seq`. */
export function makeMessage(seq: number, overrides: Partial<ChatMessage> = {}): ChatMessage {
  return ChatMessageSchema.parse({
    id: `msg-${seq}`,
    type: 'text',
    action: 'message',
    message: `Message ${seq}`,
    from: GRACE.id,
    to: [ADA.id],
    timestamp: String(at(seq)),
    conversation: 'conv-1',
    seq,
    user_summary_info: { id: GRACE.id, firstname: GRACE.firstname, lastname: GRACE.lastname },
    ...overrides,
  });
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return ConversationSchema.parse({
    id: 'conv-1',
    participants: [ADA, GRACE],
    isGroupConversation: false,
    isRoomConversation: false,
    isTemporary: false,
    isUnread: false,
    bot: null,
    roomId: null,
    roomName: null,
    lastMessage: { message: 'Message 3', timestamp: String(at(3)), type: 'text' },
    messages: [],
    page_state: null,
    ...overrides,
  });
}

export interface FakeChatRelay {
  fake: ReturnType<typeof createFakeSocket>;
  /** Every stored message, by conversation, in seq order. */
  stored: Map<string, ChatMessage[]>;
  /** What the app emitted on the chat topic (every attempt). */
  sends: () => ChatSendInput[];
  /** catch_up requests the app made. */
  catchUps: () => Array<{ conversation_id: string; after_seq: number }>;
  /**
   * conversation.getConversation's answer from what the relay holds, paged as the provider pages: the newest
   * `limit` (30 unless asked) before `page_state` ('before:<seq>').
   */
  history(input: unknown): { messages: ChatMessage[]; page_state: string | null };
  /** Stores a message from someone else (as another tab would send it); answers it. */
  store(message: Omit<ChatMessage, 'id' | 'seq'> & Partial<Pick<ChatMessage, 'id' | 'seq'>>): ChatMessage;
  /** Sends a message to the app's listeners, as the relay delivers it. */
  deliver(message: ChatMessage): void;
  /** How the relay answers the next sends: store and ack (default), refuse, or store and lose the ack. */
  mode: 'ack' | { refuse: string } | 'lose-ack';
  /** Whether stored sends are also delivered live to the sender's tab (the relay does). @default true */
  deliversOwn: boolean;
  /** Loses the connection (emits answer undefined); `reconnect()` brings it back and tells the app. */
  disconnect(): void;
  reconnect(): void;
}

export function createFakeChatRelay(eventCode = 'DEMO'): FakeChatRelay {
  const stored = new Map<string, ChatMessage[]>();
  const byClientId = new Map<string, ChatMessage>();
  let nextId = 100;
  const relay: FakeChatRelay = {
    fake: undefined as unknown as ReturnType<typeof createFakeSocket>,
    stored,
    sends: () =>
      relay.fake.emitted
        .filter((e) => e.topic === chatTopic(eventCode))
        .map((e) => e.payload as ChatSendInput),
    catchUps: () =>
      relay.fake.emitted
        .filter((e) => e.topic === 'catch_up')
        .map((e) => e.payload as { conversation_id: string; after_seq: number }),
    history(input) {
      const { id, limit = 30, page_state } = input as { id: string; limit?: number; page_state?: string };
      const before = page_state ? Number(page_state.split(':')[1]) : Number.POSITIVE_INFINITY;
      const older = (stored.get(id) ?? []).filter((m) => (m.seq ?? 0) < before);
      const messages = older.slice(-limit);
      return { messages, page_state: older.length > messages.length ? `before:${messages[0]?.seq}` : null };
    },
    store(message) {
      const list = stored.get(message.conversation) ?? [];
      const full = ChatMessageSchema.parse({
        ...message,
        id: message.id ?? `msg-${(nextId += 1)}`,
        seq: message.seq ?? (list.at(-1)?.seq ?? 0) + 1,
      });
      list.push(full);
      list.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      stored.set(message.conversation, list);
      return full;
    },
    deliver(message) {
      relay.fake.fire(chatTopic(eventCode), message);
    },
    mode: 'ack',
    deliversOwn: true,
    disconnect() {
      relay.fake.drop();
    },
    reconnect() {
      relay.fake.connect();
    },
  };
  const answer = (emitted: Emitted): unknown => {
    if (emitted.topic === 'catch_up') {
      const request = emitted.payload as { conversation_id: string; after_seq: number; limit?: number };
      const limit = request.limit ?? 100;
      const messages = (stored.get(request.conversation_id) ?? [])
        .filter((m) => (m.seq ?? 0) > request.after_seq)
        .slice(0, limit);
      return { statusCode: 200, messages, has_more: messages.length >= limit };
    }
    if (emitted.topic !== chatTopic(eventCode)) return { statusCode: 200 };
    const send = emitted.payload as ChatSendInput & { client_id: string };
    if (typeof relay.mode === 'object') return { statusCode: 400, message: relay.mode.refuse };
    const key = `${send.from}:${send.client_id}`;
    let message = byClientId.get(key);
    const isNew = !message;
    if (!message) {
      const conversation =
        send.conversation && !send.conversation.startsWith('temp-') ? send.conversation : 'conv-new';
      message = relay.store({
        type: send.type ?? 'text',
        action: send.action ?? 'message',
        message: send.message,
        from: send.from,
        to: send.to ?? [],
        timestamp: send.timestamp ?? String(at(50)),
        conversation,
        client_id: send.client_id,
      });
      byClientId.set(key, message);
    }
    const storedMessage = message;
    if (isNew && relay.deliversOwn) queueMicrotask(() => relay.deliver(storedMessage));
    if (relay.mode === 'lose-ack') return Promise.reject(new Error('operation has timed out'));
    return { statusCode: 200, data: storedMessage };
  };
  relay.fake = createFakeSocket(answer);
  return relay;
}
