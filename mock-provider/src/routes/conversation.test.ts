import { describe, expect, it } from 'vitest';
import {
  BACKEND_MESSAGES,
  ChatMessageSchema,
  ConversationListSchema,
  isFromBot,
  isOwnMessage,
  MessagePageSchema,
  PRIVATE_CHAT_RETENTION_MS,
} from '@showfloor/contracts';
import { demoHarness, errorOf } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

type Page = {
  messages: Array<{ id: string; seq: number; message: string; from: number }>;
  page_state: string | null;
};

describe('conversation service', () => {
  const { h, tokens } = demoHarness({
    ada: 'ada@demo.test',
    grace: 'grace@demo.test',
    linus: 'linus@demo.test',
    erin: 'erin@demo.test',
  });

  it("lists the caller's conversations with the last message, newest first", async () => {
    const r = await h.call('conversation', 'getUserConversations', { token: tokens.ada, params: { id: 1 } });
    expect(r.status).toBe(200);
    const list = ConversationListSchema.parse(r.body);
    expect(list.conversations[0]).toMatchObject({
      id: 'conv-1',
      isGroupConversation: false,
      isRoomConversation: false,
      isUnread: true,
    });
    expect(list.conversations[0]?.lastMessage?.message).toBe('Great, I saved you a seat.');
    // The event's bot is in every chat list, after the conversations with news, its greeting not unread.
    expect(list.conversations.at(-1)).toMatchObject({ id: 'bot-1-1', bot: 'helpbot', isUnread: false });
    expect(list.conversations.at(-1)?.lastMessage?.message).toContain("I'm helpbot");
    const other = await h.call('conversation', 'getUserConversations', {
      token: tokens.ada,
      params: { id: 2 },
    });
    expect(other.status).toBe(403);
    const same = await h.call('conversation', 'listConversations', {
      token: tokens.ada,
      query: { room_id: 1 },
    });
    expect((same.body as { conversations: Array<{ id: string }> }).conversations.map((c) => c.id)).toEqual([
      'conv-1',
      'room-1',
      'bot-1-1',
    ]);
    const anonymous = await h.call('conversation', 'listConversations');
    expect(anonymous.status).toBe(401);
  });

  it('pages messages newest-first by limit and page_state', async () => {
    for (let i = 1; i <= 5; i += 1) {
      h.advance(1000);
      await h.call('conversation', 'sendMessage', {
        token: tokens.ada,
        body: { message: `extra ${i}`, conversation_id: 'conv-1' },
      });
    }
    const first = (
      await h.call('conversation', 'getConversation', {
        token: tokens.ada,
        params: { id: 'conv-1' },
        query: { limit: 3 },
      })
    ).body as Page;
    expect(first.messages.map((m) => m.message)).toEqual(['extra 3', 'extra 4', 'extra 5']);
    expect(first.page_state).not.toBeNull();
    const second = (
      await h.call('conversation', 'getConversation', {
        token: tokens.ada,
        params: { id: 'conv-1' },
        query: { limit: 3, page_state: first.page_state ?? '' },
      })
    ).body as Page;
    expect(second.messages.map((m) => m.message)).toEqual([
      'Great, I saved you a seat.',
      'extra 1',
      'extra 2',
    ]);
    const third = (
      await h.call('conversation', 'getConversation', {
        token: tokens.ada,
        params: { id: 'conv-1' },
        query: { limit: 3, page_state: second.page_state ?? '' },
      })
    ).body as Page;
    expect(third.messages.map((m) => m.seq)).toEqual([1, 2]);
    expect(third.page_state).toBeNull();
    MessagePageSchema.parse(third);
    const bad = await h.call('conversation', 'getConversation', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      query: { page_state: 'garbage' },
    });
    expect(bad.status).toBe(400);
    const tooMany = await h.call('conversation', 'getConversation', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      query: { limit: 500 },
    });
    expect(errorOf(tooMany).message).toContain('limit must be at most 200');
  });

  it("stores a card message with the card's own state, only from its requester or owner, in their private chat", async () => {
    // Card 2: linus's card, asked for by ada, pending.
    const request = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'May I have your card?', to: [3], action: 'card_request', card_id: 2 },
    });
    expect(request.status).toBe(200);
    const stored = ChatMessageSchema.parse(request.body);
    expect(stored.cards).toEqual([{ approved: null, card_id: 2, user_id: 3 }]);
    const notTheOwner = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'Card allow to show', to: [3], action: 'card_response', card_id: 2 },
    });
    expect(notTheOwner.status).toBe(404);
    const elsewhere = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: {
        message: 'May I have your card?',
        conversation_id: 'conv-1',
        action: 'card_request',
        card_id: 2,
      },
    });
    expect(elsewhere.status).toBe(400);
    const unnamed = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'May I have your card?', to: [3], action: 'card_request' },
    });
    expect(unnamed.status).toBe(400);
    await h.call('businesscard', 'updateCard', {
      token: tokens.linus,
      params: { id: 2 },
      body: { approved: false },
    });
    const answer = await h.call('conversation', 'sendMessage', {
      token: tokens.linus,
      body: {
        message: 'Card denied',
        conversation_id: stored.conversation,
        action: 'card_response',
        card_id: 2,
      },
    });
    expect(ChatMessageSchema.parse(answer.body).cards).toEqual([{ approved: false, card_id: 2, user_id: 3 }]);
  });

  it('answers what follows a seq for catch-up after a reconnect', async () => {
    await h.call('conversation', 'sendMessage', {
      token: tokens.grace,
      body: { message: 'four', conversation_id: 'conv-1' },
    });
    await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'five', conversation_id: 'conv-1' },
    });
    const r = (
      await h.call('conversation', 'getConversation', {
        token: tokens.ada,
        params: { id: 'conv-1' },
        query: { after_seq: 3 },
      })
    ).body as Page;
    expect(r.messages.map((m) => [m.seq, m.message])).toEqual([
      [4, 'four'],
      [5, 'five'],
    ]);
    expect(r.page_state).toBeNull();
    const none = (
      await h.call('conversation', 'getConversation', {
        token: tokens.ada,
        params: { id: 'conv-1' },
        query: { after_seq: 5 },
      })
    ).body as Page;
    expect(none.messages).toEqual([]);
  });

  it('catches up by seq, so messages sharing one timestamp are never skipped (the Mattermost "since" bug)', async () => {
    // Three messages in the same millisecond (the clock does not move), as a busy conversation has them.
    const sent = [];
    for (const text of ['same ms 1', 'same ms 2', 'same ms 3'])
      sent.push(
        ChatMessageSchema.parse(
          (
            await h.call('conversation', 'sendMessage', {
              token: tokens.grace,
              body: { message: text, conversation_id: 'conv-1' },
            })
          ).body,
        ),
      );
    expect(new Set(sent.map((m) => m.timestamp)).size).toBe(1);
    // A client that holds the first of them asks for what follows it: the other two come, though their
    // timestamp equals the one it holds.
    const r = (
      await h.call('conversation', 'getConversation', {
        token: tokens.ada,
        params: { id: 'conv-1' },
        query: { after_seq: sent[0]?.seq ?? 0 },
      })
    ).body as Page;
    expect(r.messages.map((m) => m.message)).toEqual(['same ms 2', 'same ms 3']);
  });

  it('lets only participants read a conversation', async () => {
    const r = await h.call('conversation', 'getConversation', {
      token: tokens.linus,
      params: { id: 'conv-1' },
    });
    expect(r.status).toBe(403);
    const missing = await h.call('conversation', 'getConversation', {
      token: tokens.ada,
      params: { id: 'conv-404' },
    });
    expect(missing.status).toBe(404);
    const write = await h.call('conversation', 'sendMessage', {
      token: tokens.linus,
      body: { message: 'let me in', conversation_id: 'conv-1' },
    });
    expect(write.status).toBe(403);
  });

  it("answers a room's chat by its conversation id as by the room's id, before anything was said there", async () => {
    // ada may not enter the VIP Lounge (room 5), whose chat is still empty: refused (403), not 'not found'.
    const calls = [
      ['getConversation', { params: { id: 'room-5' } }],
      ['markRead', { params: { id: 'room-5' }, body: { seq: 1 } }],
      ['sendMessage', { body: { message: 'let me in', conversation_id: 'room-5' } }],
      ['getRoomConversation', { params: { id: 5 } }],
    ] as const;
    for (const [call, input] of calls)
      expect((await h.call('conversation', call, { token: tokens.ada, ...input })).status, call).toBe(403);
    // linus, who may, reads the empty chat; a room that does not exist is not found.
    const granted = await h.call('conversation', 'getConversation', {
      token: tokens.linus,
      params: { id: 'room-5' },
    });
    expect(granted.status).toBe(200);
    expect((granted.body as Page).messages).toEqual([]);
    const missing = await h.call('conversation', 'getConversation', {
      token: tokens.ada,
      params: { id: 'room-404' },
    });
    expect(missing.status).toBe(404);
  });

  it('creates or finds the conversation of a temp- message by its recipients', async () => {
    const r = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'Hi Linus', conversation_id: 'temp-123', to: [3] },
    });
    expect(r.status).toBe(200);
    const stored = ChatMessageSchema.parse(r.body);
    expect(stored.conversation).toMatch(/^conv-/);
    expect(stored.conversation.startsWith('temp-')).toBe(false);
    expect(stored).toMatchObject({ from: 1, to: [3], seq: 1, type: 'text', action: 'message' });
    const again = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.linus,
          body: { message: 'Hi Ada', to: [1] },
        })
      ).body,
    );
    expect(again.conversation).toBe(stored.conversation);
    expect(again.seq).toBe(2);
    const toGrace = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.ada,
          body: { message: 'Hi again', to: [2] },
        })
      ).body,
    );
    expect(toGrace.conversation).toBe('conv-1');
    const group = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.ada,
          body: { message: 'All of us', to: [2, 3] },
        })
      ).body,
    );
    const list = ConversationListSchema.parse(
      (await h.call('conversation', 'listConversations', { token: tokens.grace })).body,
    );
    expect(list.conversations.find((c) => c.id === group.conversation)?.isGroupConversation).toBe(true);
    const nobody = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'hello?', to: [999] },
    });
    expect(nobody.status).toBe(404);
    const otherEvent = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'hello?', to: [6] },
    });
    expect(otherEvent.status).toBe(404);
    const nowhere = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'hello?', conversation_id: 'temp-9' },
    });
    expect(nowhere.status).toBe(400);
  });

  it('stores a message sent twice with the same client_id once', async () => {
    const body = { message: 'only once', conversation_id: 'conv-1', client_id: 'c-42' };
    const a = ChatMessageSchema.parse(
      (await h.call('conversation', 'sendMessage', { token: tokens.ada, body })).body,
    );
    const b = ChatMessageSchema.parse(
      (await h.call('conversation', 'sendMessage', { token: tokens.ada, body })).body,
    );
    expect(b).toEqual(a);
    expect(a.client_id).toBe('c-42');
    const page = (
      await h.call('conversation', 'getConversation', { token: tokens.ada, params: { id: 'conv-1' } })
    ).body as Page;
    expect(page.messages.filter((m) => m.message === 'only once')).toHaveLength(1);
    const badId = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { ...body, client_id: 'no spaces!' },
    });
    expect(badId.status).toBe(400);
  });

  it('keeps room chat in the room conversation and respects the room chat switch', async () => {
    const room = await h.call('conversation', 'getRoomConversation', {
      token: tokens.ada,
      params: { id: 1 },
    });
    expect(room.status).toBe(200);
    expect(room.body).toMatchObject({ id: 'room-1', isRoomConversation: true, roomId: 1, roomName: 'Lobby' });
    const sent = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.grace,
          body: { message: 'Hello lobby', room_id: 1 },
        })
      ).body,
    );
    expect(sent).toMatchObject({ conversation: 'room-1', to: [], room: { id: 1, name: 'Lobby' }, seq: 3 });
    const off = await h.call('conversation', 'sendMessage', {
      token: tokens.grace,
      body: { message: 'Hello partner', room_id: 2 },
    });
    expect(off.status).toBe(403);
    const missing = await h.call('conversation', 'getRoomConversation', {
      token: tokens.ada,
      params: { id: 999 },
    });
    expect(missing.status).toBe(404);
  });

  it('answers a bot conversation with scripted answers', async () => {
    const start = await h.call('conversation', 'getBotChat', {
      token: tokens.ada,
      body: { bot_name: 'helpbot', utc_offset: 60 },
    });
    expect(start.status).toBe(200);
    const greeting = (start.body as Page).messages;
    expect(greeting).toHaveLength(1);
    expect(greeting[0]?.message).toContain("I'm helpbot");
    const q = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.ada,
          body: { message: 'When is the keynote?', bot: 'helpbot' },
        })
      ).body,
    );
    expect(q.bot).toBe('helpbot');
    /** Ada's helpbot conversation as it stands. */
    const botChat = async () =>
      (await h.call('conversation', 'getBotChat', { token: tokens.ada, body: { bot_name: 'helpbot' } }))
        .body as Page;
    /** Ada writes into that conversation. */
    const tellBot = (message: string) =>
      h.call('conversation', 'sendMessage', {
        token: tokens.ada,
        body: { message, conversation_id: q.conversation },
      });
    const all = await botChat();
    expect(all.messages.at(-1)?.message).toBe(
      'The opening keynote is on the Talk Stage at 9:00; see the agenda for every session.',
    );
    // The bot's id may equal a user's (helpbot and ada are both 1): its messages are told apart by `to`.
    const [greetingMessage, question, answer] = ChatMessageSchema.array().parse(all.messages);
    expect([greetingMessage, question, answer].map((m) => m && isFromBot(m))).toEqual([true, false, true]);
    expect([greetingMessage, question, answer].map((m) => m && isOwnMessage(m, 1))).toEqual([
      false,
      true,
      false,
    ]);
    await tellBot('zzz');
    const fallback = await botChat();
    expect(fallback.messages.at(-1)?.message).toContain('Sorry, I did not catch that.');
    // Asked in Deutsch, the demo's bot answers in Deutsch; its greeting and fallback carry both languages.
    await tellBot('Wann ist das Programm?');
    const german = await botChat();
    expect(german.messages.at(-1)?.message).toContain('Die Eröffnungs-Keynote ist um 9:00');
    expect(german.messages[0]?.message).toContain('Hallo! Ich bin helpbot.');
    expect(fallback.messages.at(-1)?.message).toContain('Das habe ich nicht verstanden.');
    const unknown = await h.call('conversation', 'getBotChat', {
      token: tokens.ada,
      body: { bot_name: 'nobot' },
    });
    expect(unknown.status).toBe(404);
  });

  it('purges private messages older than 10 days', async () => {
    await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'fresh', conversation_id: 'conv-1' },
    });
    h.advance(PRIVATE_CHAT_RETENTION_MS - 30 * 60_000);
    tokens.ada = await h.signIn('ada@demo.test'); // the old token expired on the way
    const before = (
      await h.call('conversation', 'getConversation', { token: tokens.ada, params: { id: 'conv-1' } })
    ).body as Page;
    // The fixture's messages are 1-3 hours old: now older than 10 days; the fresh one is kept.
    expect(before.messages.map((m) => m.message)).toEqual(['fresh']);
    h.advance(60 * 60_000);
    tokens.ada = await h.signIn('ada@demo.test');
    const after = (
      await h.call('conversation', 'getConversation', { token: tokens.ada, params: { id: 'conv-1' } })
    ).body as Page;
    expect(after.messages).toEqual([]);
    // The export no longer holds them either.
    const csv = await h.call('conversation', 'exportChats', { token: tokens.ada, params: { id: 1 } });
    expect(String(csv.body).trim().split('\r\n')).toEqual(['conversation_id,time,from,to,message']);
    const room = (
      await h.call('conversation', 'getConversation', { token: tokens.ada, params: { id: 'room-1' } })
    ).body as Page;
    expect(room.messages).toHaveLength(2);
    h.now -= PRIVATE_CHAT_RETENTION_MS + 30 * 60_000;
  });

  it('takes an optional id sent as null as absent, and still refuses a null that is required', async () => {
    const r = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'null room', to: [2], room_id: null, conversation_id: null, client_id: null },
    });
    expect(r.status).toBe(200);
    expect(ChatMessageSchema.parse(r.body)).toMatchObject({ conversation: 'conv-1', to: [2], type: 'text' });
    const defaults = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'null type', conversation_id: 'conv-1', type: null, action: null },
    });
    expect(ChatMessageSchema.parse(defaults.body)).toMatchObject({ type: 'text', action: 'message' });
    const noText = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: null, conversation_id: 'conv-1' },
    });
    expect(noText.status).toBe(400);
    const nullRecipient = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'hi', to: [null] },
    });
    expect(nullRecipient.status).toBe(400);
  });

  it('keeps unread marks until the chat view marks them read, never on a read or a catch-up', async () => {
    const unread = async (token: string) =>
      ConversationListSchema.parse(
        (await h.call('conversation', 'listConversations', { token })).body,
      ).conversations.find((c) => c.id === 'conv-1')?.isUnread;
    // The fixture: grace's last message (seq 3) is after ada's read mark (seq 2).
    expect(await unread(tokens.ada)).toBe(true);
    await h.call('conversation', 'getConversation', { token: tokens.ada, params: { id: 'conv-1' } });
    await h.call('conversation', 'getConversation', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      query: { after_seq: 0 },
    });
    expect(await unread(tokens.ada)).toBe(true);
    const marked = await h.call('conversation', 'markRead', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      body: { seq: 3 },
    });
    expect(marked.status).toBe(200);
    expect(await unread(tokens.ada)).toBe(false);
    // Events that show nothing (a call's end, a delete notice) set no mark; a text does.
    await h.call('conversation', 'sendMessage', {
      token: tokens.grace,
      body: { message: '', type: 'video', action: 'end', conversation_id: 'conv-1' },
    });
    expect(await unread(tokens.ada)).toBe(false);
    const text = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.grace,
          body: { message: 'still there?', conversation_id: 'conv-1' },
        })
      ).body,
    );
    expect(await unread(tokens.ada)).toBe(true);
    // Marking up to an older seq keeps the newer message unread; a mark never moves back.
    await h.call('conversation', 'markRead', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      body: { seq: 4 },
    });
    expect(await unread(tokens.ada)).toBe(true);
    await h.call('conversation', 'markRead', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      body: { seq: (text.seq ?? 0) + 100 },
    });
    await h.call('conversation', 'markRead', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      body: { seq: 1 },
    });
    expect(await unread(tokens.ada)).toBe(false);
    // One's own messages never make a conversation unread.
    await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'yes!', conversation_id: 'conv-1' },
    });
    expect(await unread(tokens.ada)).toBe(false);
    const outsider = await h.call('conversation', 'markRead', {
      token: tokens.linus,
      params: { id: 'conv-1' },
      body: { seq: 1 },
    });
    expect(outsider.status).toBe(403);
    const negative = await h.call('conversation', 'markRead', {
      token: tokens.ada,
      params: { id: 'conv-1' },
      body: { seq: -1 },
    });
    expect(negative.status).toBe(400);
  });

  it('refuses a message over 2000 characters', async () => {
    const r = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'x'.repeat(2001), conversation_id: 'conv-1' },
    });
    expect(r.status).toBe(400);
    expect(errorOf(r).message).toBe(BACKEND_MESSAGES.TEXT_TOO_LONG);
    const ok = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: 'x'.repeat(2000), conversation_id: 'conv-1' },
    });
    expect(ok.status).toBe(200);
  });

  it("exports the caller's private chats as CSV in local time", async () => {
    const r = await h.call('conversation', 'exportChats', {
      token: tokens.ada,
      params: { id: 1 },
      query: { utc_offset: 120 },
    });
    expect(r.status).toBe(200);
    expect(r.contentType).toContain('text/csv');
    expect(String(r.headers['content-disposition'])).toContain('private_chats.csv');
    const lines = String(r.body).trim().split('\r\n');
    expect(lines[0]).toBe('conversation_id,time,from,to,message');
    expect(lines).toHaveLength(4);
    const firstAt = Number(h.state.conversations.get('conv-1')?.messages[0]?.timestamp);
    const local = new Date(firstAt + 120 * 60_000).toISOString();
    expect(lines[1]).toBe(
      `conv-1,${local.slice(0, 10)} ${local.slice(11, 19)} UTC+02:00,Grace Hopper,Ada Lovelace,"Hi Ada, are you coming to the keynote?"`,
    );
    expect(String(r.body)).not.toContain('Welcome everyone');
    const other = await h.call('conversation', 'exportChats', { token: tokens.ada, params: { id: 2 } });
    expect(other.status).toBe(403);
    const badOffset = await h.call('conversation', 'exportChats', {
      token: tokens.ada,
      params: { id: 1 },
      query: { utc_offset: 'east' },
    });
    expect(badOffset.status).toBe(400);
  });

  it('deletes own messages; managers delete any and clear a conversation', async () => {
    const notMine = await h.call('conversation', 'deleteMessage', {
      token: tokens.ada,
      params: { id: 'msg-1' },
    });
    expect(notMine.status).toBe(403);
    const mine = await h.call('conversation', 'deleteMessage', {
      token: tokens.ada,
      params: { id: 'msg-2' },
    });
    expect(mine.status).toBe(200);
    const gone = await h.call('conversation', 'deleteMessage', {
      token: tokens.ada,
      params: { id: 'msg-2' },
    });
    expect(gone.status).toBe(404);
    const moderated = await h.call('conversation', 'deleteMessage', {
      token: tokens.erin,
      params: { id: 'msg-4' },
    });
    expect(moderated.status).toBe(200);
    const visitorClear = await h.call('conversation', 'clearConversation', {
      token: tokens.ada,
      params: { id: 'room-1' },
    });
    expect(visitorClear.status).toBe(403);
    const clear = await h.call('conversation', 'clearConversation', {
      token: tokens.erin,
      params: { id: 'room-1' },
    });
    expect(clear.body).toEqual({ message: 'Deleted 1 message(s).' });
    const missing = await h.call('conversation', 'clearConversation', {
      token: tokens.erin,
      params: { id: 'nope' },
    });
    expect(missing.status).toBe(404);
    const next = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.ada,
          body: { message: 'after', room_id: 1 },
        })
      ).body,
    );
    expect(next.seq).toBe(3);
  });

  it('gives a call start message a conference token', async () => {
    const r = ChatMessageSchema.parse(
      (
        await h.call('conversation', 'sendMessage', {
          token: tokens.ada,
          body: { message: '', type: 'video', action: 'start', conversation_id: 'conv-1' },
        })
      ).body,
    );
    expect(r.token).toMatch(/^[\w-]{20,}$/);
    const empty = await h.call('conversation', 'sendMessage', {
      token: tokens.ada,
      body: { message: '   ', conversation_id: 'conv-1' },
    });
    expect(errorOf(empty).message).toContain('Message must not be empty');
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('conversation')).toEqual([]);
  });
});
