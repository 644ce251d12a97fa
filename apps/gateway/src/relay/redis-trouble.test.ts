/**
 * Redis failing in the ways a stopped redis-server does not show: two nodes on a private redis-server (a spare
 * port, never the machine's 6379), node 1 reaching it through a TCP proxy the test breaks (testing/tcp-proxy.ts)
 * while node 2 stays connected. A Redis that hangs without closing is noticed within seconds and node 1's
 * connections come back, its subscriber included. When node 1 alone loses Redis and acknowledges a message it
 * could deliver to its own sockets only, node 2's sockets in its rooms are told to catch up once node 1 is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ChatSync,
  chatTopic,
  type CatchUpAck,
  type ChatMessage,
  type ResyncEvent,
} from '@showfloor/contracts';
import { chatText, connectAs, sendChat, settle, until, type TestClient } from './testing/clients.ts';
import { startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { relayEnv, signIn, startRelayStack, type RelayStack, type SignedIn } from './testing/stack.ts';
import { startTcpProxy, type TcpProxy } from './testing/tcp-proxy.ts';

const TOPIC = chatTopic('DEMO');
let redis: OwnRedis;
let proxy: TcpProxy;
let stack: RelayStack;
const clients: TestClient[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
  proxy = await startTcpProxy({ host: '127.0.0.1', port: redis.port });
  // Node 1 (index 0) through the proxy, node 2 straight to Redis.
  stack = await startRelayStack(2, relayEnv(redis.url), (index) =>
    index === 0 ? { REDIS_URL: proxy.url } : {},
  );
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await stack?.close();
  await proxy?.close();
  await redis?.stop();
});

const ids = (client: TestClient): string[] => client.events<ChatMessage>(TOPIC).map((message) => message.id);

function nodes() {
  return stack.nodes as [(typeof stack.nodes)[number], (typeof stack.nodes)[number]];
}

async function bothConnected(): Promise<void> {
  const [node1, node2] = nodes();
  await until(
    () => node1.app.relay.adapterState() === 'connected' && node2.app.relay.adapterState() === 'connected',
    'both nodes connected',
    15_000,
  );
}

describe('relay when Redis hangs without closing its connections', () => {
  it('notices within seconds, degrades, and reconnects every connection once Redis answers again', async () => {
    const [node1, node2] = nodes();
    await bothConnected();
    const ada: SignedIn = await signIn(node1.url, 'ada@demo.test');
    const grace: SignedIn = await signIn(node1.url, 'grace@demo.test');
    const adaOn1 = await connectAs(node1.url, { token: ada.token, userId: ada.userId });
    const graceOn1 = await connectAs(node1.url, { token: grace.token, userId: grace.userId });
    const adaOn2 = await connectAs(node2.url, { token: ada.token, userId: ada.userId });
    const graceOn2 = await connectAs(node2.url, { token: grace.token, userId: grace.userId });
    clients.push(adaOn1, graceOn1, adaOn2, graceOn2);

    proxy.hang();
    const hungAt = Date.now();
    // A message on node 1 meanwhile: its script call waits for an answer that never comes.
    const during = await sendChat(
      adaOn1,
      TOPIC,
      chatText(ada.userId, 'while Redis hangs', { to: [grace.userId] }),
    );
    await until(() => ids(graceOn1).includes(during.id), 'local delivery while Redis hangs');
    // Without the watchdogs node 1 stays 'connected' for as long as the kernel retransmits (~15 min).
    await until(() => node1.app.relay.adapterState() === 'degraded', 'node 1 to notice the hang', 10_000);
    expect(Date.now() - hungAt).toBeLessThan(10_000);
    expect(node2.app.relay.adapterState()).toBe('connected');
    // Signing in counts against the rate limits in Redis: the count fails after 2 s and the call goes through
    // (without the command timeout it waits as long as the kernel retransmits).
    const signInAt = Date.now();
    const signedIn = await Promise.race([
      signIn(node1.url, 'linus@demo.test').then(() => 'signed in'),
      new Promise<string>((resolve) => setTimeout(() => resolve('no answer in 8 s'), 8_000)),
    ]);
    expect(signedIn).toBe('signed in');
    expect(Date.now() - signInAt).toBeLessThan(8_000);

    proxy.restore();
    await bothConnected();
    await until(() => graceOn1.events('resync').length === 1, "a resync of node 1's sockets", 10_000);
    // Node 1's subscriber is a new connection too: node 2's traffic reaches node 1's sockets again.
    const after = await sendChat(
      adaOn2,
      TOPIC,
      chatText(ada.userId, 'after the hang', { to: [grace.userId] }),
    );
    await until(() => ids(graceOn1).includes(after.id), 'cross-node delivery to node 1 again', 10_000);
    // And node 1's script connection is a new one: node 1's messages reach node 2's sockets again.
    const back = await sendChat(
      adaOn1,
      TOPIC,
      chatText(ada.userId, 'from node 1 again', { to: [grace.userId] }),
    );
    await until(() => ids(graceOn2).includes(back.id), 'cross-node delivery from node 1 again', 10_000);
  }, 60_000);
});

describe('relay when one node alone loses Redis', () => {
  it("tells the other nodes' sockets in the rooms of what it delivered alone to catch up once it is back", async () => {
    const [node1, node2] = nodes();
    await bothConnected();
    const linus: SignedIn = await signIn(node1.url, 'linus@demo.test');
    const erin: SignedIn = await signIn(node2.url, 'erin@demo.test');
    const linusOn1 = await connectAs(node1.url, { token: linus.token, userId: linus.userId });
    const erinOn1 = await connectAs(node1.url, { token: erin.token, userId: erin.userId });
    const erinOn2 = await connectAs(node2.url, { token: erin.token, userId: erin.userId });
    // A bystander on node 2 in no room of the message (the sender's and the recipient's): not asked to catch up.
    const grace: SignedIn = await signIn(node2.url, 'grace@demo.test');
    const bystander = await connectAs(node2.url, { token: grace.token, userId: grace.userId });
    clients.push(linusOn1, erinOn1, erinOn2, bystander);
    const say = (message: string) =>
      sendChat(linusOn1, TOPIC, chatText(linus.userId, message, { to: [erin.userId] }));
    const first = await say('before the blip');
    await until(() => ids(erinOn2).includes(first.id), 'cross-node delivery before the blip');
    const chat = new ChatSync({
      requestCatchUp: (request) => erinOn2.request<CatchUpAck>('catch_up', request),
    });
    chat.receive(erinOn2.events<ChatMessage>(TOPIC)[0] as ChatMessage);
    erinOn2.socket.on('resync', (event: ResyncEvent) => void chat.resync({ spreadMs: event.spread_ms }));

    // Node 1's connections to Redis close (a blip between node 1 and Redis, CLIENT KILL): node 2 notices nothing.
    proxy.cut();
    await until(() => node1.app.relay.adapterState() === 'degraded', 'node 1 degraded', 10_000);
    // Stored and acknowledged; delivered on node 1 only, and the last of its conversation (no gap reveals it).
    const alone = await say('while node 1 has no Redis');
    await until(() => ids(erinOn1).includes(alone.id), 'local delivery on node 1');
    await settle(300);
    expect(ids(erinOn2)).not.toContain(alone.id);
    expect(node2.app.relay.adapterState()).toBe('connected');

    proxy.restore();
    await bothConnected();
    // Without the owed resync node 2's sockets are never told: node 2 lost nothing itself.
    await until(
      () => erinOn2.events('resync').length === 1,
      "a resync of node 2's socket in the rooms",
      10_000,
    );
    expect(erinOn2.events<ResyncEvent>('resync')[0]?.reason).toBe('fanout_interrupted');
    await until(
      () => chat.timeline(first.conversation)?.hasId(alone.id) === true,
      'node 2 socket to catch the message up',
      20_000,
    );
    chat.dispose();
    expect(bystander.events('resync')).toEqual([]);
  }, 60_000);
});
