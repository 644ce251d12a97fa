/**
 * Redis going away: this suite runs its OWN redis-server on a spare port (never the machine's 6379), stops it
 * mid-test and starts it again. Meanwhile each node keeps serving its own clients, /readyz says degraded, a
 * client loads what it missed from history, and cross-node fan-out resumes by itself.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTopic, type CatchUpAck, type ChatAck, type ChatMessage } from '@showfloor/contracts';
import { connectAs, settle, until, type TestClient } from './testing/clients.ts';
import { startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { relayEnv, signIn, startRelayStack, type RelayStack, type SignedIn } from './testing/stack.ts';

const TOPIC = chatTopic('DEMO');
let redis: OwnRedis;
let stack: RelayStack;
const clients: TestClient[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
  stack = await startRelayStack(2, relayEnv(redis.url));
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await stack?.close();
  await redis?.stop();
});

describe('relay during a Redis outage', () => {
  it('keeps local delivery, reports degraded, and resumes cross-node fan-out when Redis is back', async () => {
    const [node1, node2] = stack.nodes as [(typeof stack.nodes)[number], (typeof stack.nodes)[number]];
    const ada: SignedIn = await signIn(node1.url, 'ada@demo.test');
    const grace: SignedIn = await signIn(node1.url, 'grace@demo.test');
    const sender = await connectAs(node1.url, { token: ada.token, userId: ada.userId });
    const local = await connectAs(node1.url, { token: grace.token, userId: grace.userId });
    const remote = await connectAs(node2.url, { token: grace.token, userId: grace.userId });
    clients.push(sender, local, remote);
    const say = async (message: string): Promise<ChatMessage> => {
      const ack = await sender.request<ChatAck>(TOPIC, {
        type: 'text',
        action: 'message',
        message,
        from: ada.userId,
        to: [grace.userId],
        client_id: randomUUID(),
      });
      if (ack.statusCode !== 200 || !ack.data) throw new Error(`not stored: ${JSON.stringify(ack)}`);
      return ack.data;
    };
    const ids = (client: TestClient): string[] =>
      client.events<ChatMessage>(TOPIC).map((message) => message.id);

    const before = await say('before the outage');
    await until(
      () => ids(local).includes(before.id) && ids(remote).includes(before.id),
      'delivery on both nodes',
    );

    await redis.stop();
    await until(
      () => node1.app.relay.adapterState() === 'degraded' && node2.app.relay.adapterState() === 'degraded',
      'both nodes to notice',
      10_000,
    );
    const ready = await fetch(`${node1.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(((await ready.json()) as { status: string }).status).toBe('degraded');

    const during = await say('during the outage');
    await until(() => ids(local).includes(during.id), 'local delivery while Redis is away');
    await settle(500);
    expect(ids(remote)).not.toContain(during.id);
    // The remote tab sees the gap and loads what follows its last seq from history.
    const caughtUp = await remote.request<CatchUpAck>('catch_up', {
      conversation_id: before.conversation,
      after_seq: before.seq ?? 0,
    });
    expect(caughtUp.statusCode).toBe(200);
    expect(caughtUp.statusCode === 200 && caughtUp.messages.map((message) => message.id)).toEqual([
      during.id,
    ]);

    await redis.start();
    await until(
      () => node1.app.relay.adapterState() === 'connected' && node2.app.relay.adapterState() === 'connected',
      'both nodes to reconnect',
      15_000,
    );
    expect(((await (await fetch(`${node2.url}/readyz`)).json()) as { status: string }).status).toBe('ok');
    const after = await say('after the outage');
    await until(
      () => ids(local).includes(after.id) && ids(remote).includes(after.id),
      'cross-node delivery again',
      10_000,
    );
    await settle();
    expect(ids(local)).toEqual([before.id, during.id, after.id]);
    expect(ids(remote)).toEqual([before.id, after.id]);
  }, 60_000);
});
