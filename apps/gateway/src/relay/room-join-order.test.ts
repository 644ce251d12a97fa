/**
 * The room of the handshake (`query.roomId`) is joined after the provider allows it, an asynchronous check.
 * A client that catches up at once after connecting must not get its answer before that join: a message
 * stored after the read and before the join would reach it neither live nor by the read. The provider's room
 * check is held back here so the order is certain.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProvider } from '@showfloor/mock-provider';
import { chatTopic, type CatchUpAck, type ChatMessage } from '@showfloor/contracts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { chatText, connectAs, sendChat, until, type TestClient } from './testing/clients.ts';
import { relayEnv, signIn } from './testing/stack.ts';

const TOPIC = chatTopic('DEMO');
const LOBBY = 1;
const ROOM_CHECK_DELAY_MS = 500;

let provider: FastifyInstance;
let gateway: RunningGateway;
/** While true, the provider answers room reads late. */
let isRoomCheckSlow = false;
const clients: TestClient[] = [];

beforeAll(async () => {
  provider = buildProvider({ logger: false });
  provider.addHook('onRequest', async (request) => {
    if (isRoomCheckSlow && /\/content\/rooms\/\d+$/.test(request.url.split('?')[0] ?? '')) {
      await new Promise((resolve) => setTimeout(resolve, ROOM_CHECK_DELAY_MS));
    }
  });
  const url = await provider.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(url, relayEnv(undefined));
}, 30_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await gateway?.close();
  await provider?.close();
});

describe('the handshake room and the first packets', () => {
  it('answers a catch-up sent right after connecting only once the socket is in its room', async () => {
    const ada = await signIn(gateway.url, 'ada@demo.test');
    const grace = await signIn(gateway.url, 'grace@demo.test');
    const sender = await connectAs(gateway.url, { token: ada.token, userId: ada.userId });
    clients.push(sender);
    const say = (message: string) =>
      sendChat(sender, TOPIC, chatText(ada.userId, message, { room: { id: LOBBY, name: 'Lobby' } }));
    // Ada's own room access is known (cached) before the provider turns slow.
    const first = await say('before grace connects');

    isRoomCheckSlow = true;
    const reader = await connectAs(gateway.url, { token: grace.token, userId: grace.userId, roomId: LOBBY });
    clients.push(reader);
    const caughtUp = await reader.request<CatchUpAck>('catch_up', {
      conversation_id: first.conversation,
      after_seq: first.seq ?? 0,
    });
    expect(caughtUp).toEqual({ statusCode: 200, messages: [], has_more: false });
    // Stored after the read: it must come live.
    const next = await say('after the catch-up');
    await until(
      () => reader.events<ChatMessage>(TOPIC).some((message) => message.id === next.id),
      'live delivery of the message stored after the catch-up',
      3_000,
    );
    isRoomCheckSlow = false;
  }, 30_000);
});
