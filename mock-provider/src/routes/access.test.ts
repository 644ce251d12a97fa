/**
 * The provider's access rules (contracts' access.ts), one finding of the security review each: a restricted
 * room's chat, people and meeting are the room's; contact details follow business-card consent; occupancy
 * stays inside its event. The whole call × caller matrix runs in the gateway
 * (apps/gateway/src/security/authorisation-matrix.test.ts).
 */
import { describe, expect, it } from 'vitest';
import {
  BACKEND_MESSAGES,
  CONTACT_FIELDS,
  ConversationListSchema,
  UserListSchema,
  UserResponseSchema,
} from '@showfloor/contracts';
import { demoHarness, errorOf } from '../../test/harness.ts';

/** The VIP Lounge (room 5): restricted; linus, erin and root are granted, ada and grace are not. */
const VIP_LOUNGE = 5;

describe('provider access rules', () => {
  const { h, tokens } = demoHarness({
    ada: 'ada@demo.test',
    grace: 'grace@demo.test',
    linus: 'linus@demo.test',
    erin: 'erin@demo.test',
    vera: { email: 'vera@demo.test', eventCode: 'VIP', extra: { access_code: 'VIP-2026' } },
  });

  /** linus says something in the VIP Lounge, as a granted user may. */
  async function loungeMessage(): Promise<string> {
    const sent = await h.call('conversation', 'sendMessage', {
      token: tokens.linus,
      body: { message: 'Lounge only', room_id: VIP_LOUNGE },
    });
    expect(sent.status).toBe(200);
    return (sent.body as { conversation: string }).conversation;
  }

  it("keeps a restricted room's chat from users who may not enter the room, by every call", async () => {
    const conversation = await loungeMessage();
    expect(conversation).toBe('room-5');
    // Whoever may not enter room 5 (content.getRoom answers 401) reads and writes none of its chat.
    expect(
      (await h.call('content', 'getRoom', { token: tokens.ada, params: { id: VIP_LOUNGE } })).status,
    ).toBe(401);
    const byId = await h.call('conversation', 'getConversation', {
      token: tokens.ada,
      params: { id: conversation },
      query: { after_seq: 0 },
    });
    expect(byId.status).toBe(403);
    expect(JSON.stringify(byId.body)).not.toContain('Lounge only');
    const byRoom = await h.call('conversation', 'getRoomConversation', {
      token: tokens.ada,
      params: { id: VIP_LOUNGE },
    });
    expect(byRoom.status).toBe(403);
    expect(errorOf(byRoom).message).toBe(BACKEND_MESSAGES.ROOM_FORBIDDEN);
    for (const call of ['listConversations', 'getUserConversations'] as const) {
      const listed = await h.call('conversation', call, {
        token: tokens.ada,
        ...(call === 'getUserConversations' ? { params: { id: 1 } } : {}),
        query: { room_id: VIP_LOUNGE },
      });
      expect(listed.status).toBe(403);
    }
    for (const body of [
      { message: 'let me in', conversation_id: conversation },
      { message: 'let me in', room_id: VIP_LOUNGE },
    ]) {
      const sent = await h.call('conversation', 'sendMessage', { token: tokens.ada, body });
      expect(sent.status).toBe(403);
    }
    // Those who may enter read it by every path.
    for (const token of [tokens.linus, tokens.erin]) {
      const page = await h.call('conversation', 'getConversation', {
        token,
        params: { id: conversation },
        query: { after_seq: 0 },
      });
      expect(JSON.stringify(page.body)).toContain('Lounge only');
    }
    const listed = ConversationListSchema.parse(
      (
        await h.call('conversation', 'listConversations', {
          token: tokens.linus,
          query: { room_id: VIP_LOUNGE },
        })
      ).body,
    );
    expect(listed.conversations.map((c) => c.id)).toContain('room-5');
  });

  it('shows who is in a restricted room only to those who may enter it', async () => {
    // linus enters the lounge.
    expect(
      (await h.call('content', 'enterRoom', { token: tokens.linus, params: { id: VIP_LOUNGE } })).status,
    ).toBe(200);
    const refused = await h.call('user', 'getRoomUsers', { token: tokens.ada, params: { id: VIP_LOUNGE } });
    expect(refused.status).toBe(403);
    expect(JSON.stringify(refused.body)).not.toContain('Linus');
    const filtered = await h.call('user', 'listUsers', { token: tokens.ada, query: { room_id: VIP_LOUNGE } });
    expect(filtered.status).toBe(403);
    const matching = await h.call('user', 'getMatchingUsers', {
      token: tokens.ada,
      params: { roomId: VIP_LOUNGE, userId: 1 },
    });
    expect(matching.status).toBe(403);
    const granted = UserListSchema.parse(
      (await h.call('user', 'getRoomUsers', { token: tokens.erin, params: { id: VIP_LOUNGE } })).body,
    );
    expect(granted.users.map((u) => u.id)).toEqual([3]);
  });

  it("hides a user's contact details from users without their allowed business card", async () => {
    const view = async (token: string, id: number) =>
      UserResponseSchema.parse((await h.call('user', 'getUser', { token, params: { id } })).body).data.user;
    // linus asked for ada's card? No: ada asked for his (pending). linus holds no card of ada.
    const hidden = await view(tokens.linus, 1);
    for (const field of CONTACT_FIELDS) expect(hidden[field]).toBeNull();
    expect(hidden).toMatchObject({ firstname: 'Ada', company: 'Analytical Engines Ltd' });
    // grace holds ada's card (ada allowed it); ada sees herself; erin manages the event.
    for (const token of [tokens.grace, tokens.ada, tokens.erin]) {
      expect(await view(token, 1)).toMatchObject({
        username: 'ada@demo.test',
        email: 'ada@demo.test',
        phone_number: '+44 20 7946 0001',
        webpage: 'https://ada.demo.test',
        linkedin: 'linkedin.com/in/ada-lovelace',
      });
    }
    // A pending request is no consent: ada does not see linus's details.
    expect((await view(tokens.ada, 3)).email).toBeNull();
  });

  it("lists users without other attendees' login names, and searches them only where visible", async () => {
    const list = UserListSchema.parse(
      (await h.call('user', 'listUsers', { token: tokens.linus, query: { event_code: 'DEMO' } })).body,
    );
    const byId = new Map(list.users.map((u) => [u.id, u]));
    expect(byId.get(3)?.username).toBe('linus@demo.test');
    expect(byId.get(1)?.username).toBeUndefined();
    expect(byId.get(2)?.username).toBeUndefined();
    const bySummary = await h.call('user', 'getSummaries', { token: tokens.linus, body: { ids: [1, 2] } });
    expect(JSON.stringify(bySummary.body)).not.toContain('@demo.test');
    // Searching for an address is no way round it.
    const searched = UserListSchema.parse(
      (await h.call('user', 'listUsers', { token: tokens.linus, query: { search: 'ada@demo' } })).body,
    );
    expect(searched.users).toEqual([]);
    const asManager = UserListSchema.parse(
      (await h.call('user', 'listUsers', { token: tokens.erin, query: { search: 'ada@demo' } })).body,
    );
    expect(asManager.users.map((u) => [u.id, u.username])).toEqual([[1, 'ada@demo.test']]);
  });

  it("answers a meeting's occupancy only inside its event, to those who may enter its room", async () => {
    const own = await h.call('database', 'getMeetingInstances', {
      token: tokens.ada,
      query: { meeting_id: 'expo-hall' },
    });
    expect(own.status).toBe(200);
    const foreign = await h.call('database', 'getMeetingInstances', {
      token: tokens.vera,
      query: { meeting_id: 'expo-hall' },
    });
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('Expo Hall');
  });
});
