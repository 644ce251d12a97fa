/**
 * Finding 1 of the security review at the gateway's doors: a restricted room's chat is the room's, by every
 * path that names it — the tRPC conversation calls (by conversation id, by room id, as a list filter) and the
 * relay's conversation-id path (`catch_up`, and `chat_DEMO` with `conversation: "room-5"`, with or without a
 * `room` naming another room). ada may not enter the VIP Lounge (room 5); linus may.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  RELAY_ERRORS,
  chatTopic,
  roomConversationId,
  type CatchUpAck,
  type ChatAck,
  type ChatMessage,
} from '@showfloor/contracts';
import { callProcedure } from '../../test/gateway.ts';
import { chatText, connectAs, sendChat, settle, type TestClient } from '../relay/testing/clients.ts';
import { relayEnv, signIn, startRelayStack, type RelayStack, type SignedIn } from '../relay/testing/stack.ts';

const TOPIC = chatTopic('DEMO');
const VIP_LOUNGE = { id: 5, name: 'VIP Lounge' };
const LOUNGE_CHAT = roomConversationId(VIP_LOUNGE.id);

let stack: RelayStack;
let node: string;
let ada: SignedIn;
let linus: SignedIn;
let lobby: { id: number; name: string };
let clients: TestClient[] = [];

async function tab(user: SignedIn, roomId: number): Promise<TestClient> {
  const client = await connectAs(node, { token: user.token, userId: user.userId, roomId });
  clients.push(client);
  return client;
}

/** Every chat message `client` heard, by text. */
const heardTexts = (client: TestClient): string[] =>
  client.events<ChatMessage>(TOPIC).map((message) => message.message);

beforeAll(async () => {
  stack = await startRelayStack(1, relayEnv(undefined));
  node = stack.nodes[0]?.url ?? '';
  [ada, linus] = await Promise.all([signIn(node, 'ada@demo.test'), signIn(node, 'linus@demo.test')]);
  const answer = await callProcedure<{ id: number; name: string }>(
    node,
    'content.getLobby',
    { event_code: 'DEMO' },
    { token: ada.token },
  );
  if (!answer.data) throw new Error(`no lobby: ${answer.error?.message}`);
  lobby = { id: answer.data.id, name: answer.data.name };
}, 60_000);

afterEach(() => {
  for (const client of clients) client.close();
  clients = [];
});

afterAll(async () => {
  await stack?.close();
});

describe("a restricted room's chat", () => {
  it('is refused alike (403) by its conversation id and by the room id before anything was said there', async () => {
    const calls: Array<[string, unknown]> = [
      ['conversation.getConversation', { id: LOUNGE_CHAT }],
      ['conversation.getConversation', { id: LOUNGE_CHAT, after_seq: 0 }],
      ['conversation.markRead', { id: LOUNGE_CHAT, seq: 1 }],
      ['conversation.getRoomConversation', { id: VIP_LOUNGE.id }],
    ];
    const statuses = await Promise.all(
      calls.map(async ([path, input]) => [
        path,
        (await callProcedure(node, path, input, { token: ada.token })).status,
      ]),
    );
    expect(statuses).toEqual(calls.map(([path]) => [path, 403]));
  });

  it('is refused through every tRPC conversation call to a user who may not enter the room', async () => {
    const linusInLounge = await tab(linus, VIP_LOUNGE.id);
    await sendChat(linusInLounge, TOPIC, chatText(linus.userId, 'Lounge only (tRPC)', { room: VIP_LOUNGE }));
    const calls: Array<[string, unknown]> = [
      ['content.getRoom', { id: VIP_LOUNGE.id }],
      ['conversation.getConversation', { id: LOUNGE_CHAT }],
      ['conversation.getConversation', { id: LOUNGE_CHAT, after_seq: 0 }],
      ['conversation.getRoomConversation', { id: VIP_LOUNGE.id }],
      ['conversation.listConversations', { room_id: VIP_LOUNGE.id }],
      ['conversation.getUserConversations', { id: ada.userId, room_id: VIP_LOUNGE.id }],
      ['conversation.markRead', { id: LOUNGE_CHAT, seq: 1 }],
    ];
    for (const [path, input] of calls) {
      const answer = await callProcedure(node, path, input, { token: ada.token });
      expect([401, 403], path).toContain(answer.status);
      expect(JSON.stringify(answer), path).not.toContain('Lounge only');
    }
    // linus, who may enter, reads it by the conversation id.
    const granted = await callProcedure<{ messages: ChatMessage[] }>(
      node,
      'conversation.getConversation',
      { id: LOUNGE_CHAT, after_seq: 0 },
      { token: linus.token },
    );
    expect(granted.data?.messages.map((m) => m.message)).toContain('Lounge only (tRPC)');
  });

  it('is refused on the relay by catch_up and by chat naming its conversation id', async () => {
    const linusInLounge = await tab(linus, VIP_LOUNGE.id);
    const adaInLobby = await tab(ada, lobby.id);
    await sendChat(linusInLounge, TOPIC, chatText(linus.userId, 'Lounge only (relay)', { room: VIP_LOUNGE }));

    expect(
      await adaInLobby.request<CatchUpAck>('catch_up', { conversation_id: LOUNGE_CHAT, after_seq: 0 }),
    ).toEqual({ statusCode: 400, message: RELAY_ERRORS.NOT_PARTICIPANT });
    const byConversation = { ...chatText(ada.userId, 'let me in', {}), conversation: LOUNGE_CHAT };
    expect(await adaInLobby.request<ChatAck>(TOPIC, byConversation)).toEqual({
      statusCode: 400,
      message: RELAY_ERRORS.ROOM_FORBIDDEN,
    });
    // A room she may enter does not open another room's chat.
    const smuggled = { ...chatText(ada.userId, 'let me in too', { room: lobby }), conversation: LOUNGE_CHAT };
    const answer = await adaInLobby.request<ChatAck>(TOPIC, smuggled);
    expect(answer.statusCode).toBe(400);
    await settle();
    expect(heardTexts(linusInLounge)).toEqual(['Lounge only (relay)']);
    expect(heardTexts(adaInLobby)).toEqual([]);
  });

  it("is delivered to its own room only, whatever room a granted sender's payload names", async () => {
    const linusInLounge = await tab(linus, VIP_LOUNGE.id);
    const adaInLobby = await tab(ada, lobby.id);
    // linus may enter both rooms: a lounge message with the lobby as its room must not reach the lobby.
    const mixed = { ...chatText(linus.userId, 'Lounge secret', { room: lobby }), conversation: LOUNGE_CHAT };
    expect((await linusInLounge.request<ChatAck>(TOPIC, mixed)).statusCode).toBe(400);
    // By its conversation id alone, it is stored in the lounge and heard there only.
    const stored = await sendChat(linusInLounge, TOPIC, {
      ...chatText(linus.userId, 'Lounge by id', {}),
      conversation: LOUNGE_CHAT,
    });
    expect(stored.conversation).toBe(LOUNGE_CHAT);
    await settle();
    expect(heardTexts(linusInLounge)).toEqual(['Lounge by id']);
    expect(heardTexts(adaInLobby)).toEqual([]);
  });
});
