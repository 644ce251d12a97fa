/**
 * Redis going away: this suite runs its OWN redis-server on a spare port (never the machine's 6379), stops it
 * mid-test and starts it again. Meanwhile each node keeps serving its own clients, /readyz says degraded, a
 * client loads what it missed from history, and cross-node fan-out resumes by itself; then every node asks its
 * sockets to `resync`, so a tab catches up even when no later message reveals what it missed.
 */
import { Redis } from 'ioredis';
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
    const say = (message: string) =>
      sendChat(sender, TOPIC, chatText(ada.userId, message, { to: [grace.userId] }));
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

    // The last message of a conversation dropped by fan-out: no later message shows the remote tab a gap.
    const lastDuring = await say('last during the outage');
    await until(() => ids(local).includes(lastDuring.id), 'local delivery of the last message');
    const remoteChat = new ChatSync({
      requestCatchUp: (request) => remote.request<CatchUpAck>('catch_up', request),
    });
    remoteChat.track(before.conversation, { afterSeq: during.seq ?? 0 });
    remote.socket.on('resync', () => void remoteChat.resync());
    expect(remote.events('resync')).toEqual([]);

    await redis.start();
    await until(
      () => node1.app.relay.adapterState() === 'connected' && node2.app.relay.adapterState() === 'connected',
      'both nodes to reconnect',
      15_000,
    );
    // Each node's own resync, spread by its own sockets (node 2: one, node 1: two). Node 1 also owes node 2's
    // sockets in the rooms of what it delivered alone a resync (delivered.ts), spread by its two: it reaches the
    // remote tab too unless node 2 was not subscribed again yet when node 1 published it.
    const ownOf2 = { reason: 'fanout_interrupted', spread_ms: 501 };
    await until(
      () =>
        remote.events<ResyncEvent>('resync').some((event) => event.spread_ms === 501) &&
        local.events('resync').length === 1,
      'a resync on both nodes',
      10_000,
    );
    expect(remote.events<ResyncEvent>('resync')).toContainEqual(ownOf2);
    expect(remote.events<ResyncEvent>('resync').filter((event) => event.spread_ms !== 501)).toEqual(
      remote.events('resync').length === 2 ? [{ reason: 'fanout_interrupted', spread_ms: 502 }] : [],
    );
    expect(local.events<ResyncEvent>('resync')).toEqual([{ reason: 'fanout_interrupted', spread_ms: 502 }]);
    await until(
      () => remoteChat.timeline(before.conversation)?.hasId(lastDuring.id) === true,
      'the remote tab to catch up after the resync',
    );
    remoteChat.dispose();
    expect(((await (await fetch(`${node2.url}/readyz`)).json()) as { status: string }).status).toBe('ok');
    const after = await say('after the outage');
    await until(
      () => ids(local).includes(after.id) && ids(remote).includes(after.id),
      'cross-node delivery again',
      10_000,
    );
    await settle();
    expect(ids(local)).toEqual([before.id, during.id, lastDuring.id, after.id]);
    expect(ids(remote)).toEqual([before.id, after.id]);
  }, 60_000);
});

describe('relay when Redis drops its subscriber', () => {
  it('asks its sockets to catch up once the subscription is back (output buffer limit, CLIENT KILL)', async () => {
    const [node1, node2] = stack.nodes as [(typeof stack.nodes)[number], (typeof stack.nodes)[number]];
    await until(
      () => node1.app.relay.adapterState() === 'connected' && node2.app.relay.adapterState() === 'connected',
      'both nodes connected',
      15_000,
    );
    const linus: SignedIn = await signIn(node1.url, 'linus@demo.test');
    const erin: SignedIn = await signIn(node2.url, 'erin@demo.test');
    const sender = await connectAs(node1.url, { token: linus.token, userId: linus.userId });
    const receiver = await connectAs(node2.url, { token: erin.token, userId: erin.userId });
    clients.push(sender, receiver);
    const say = (message: string) =>
      sendChat(sender, TOPIC, chatText(linus.userId, message, { to: [erin.userId] }));
    const first = await say('before the subscriber is dropped');
    const chat = new ChatSync({
      requestCatchUp: (request) => receiver.request<CatchUpAck>('catch_up', request),
    });
    await until(() => receiver.events(TOPIC).length === 1, 'the first message');
    chat.receive(receiver.events<ChatMessage>(TOPIC)[0] as ChatMessage);
    receiver.socket.on('resync', () => void chat.resync());

    // What Redis does to a subscriber past client-output-buffer-limit pubsub: it closes the connection.
    const admin = new Redis(redis.url);
    try {
      await admin.client('KILL', 'TYPE', 'pubsub');
    } finally {
      admin.disconnect();
    }
    const dropped = await say('while the subscriber reconnects');
    await until(() => receiver.events('resync').length === 1, 'a resync on the receiving node', 10_000);
    expect(receiver.events<ResyncEvent>('resync')[0]?.reason).toBe('fanout_interrupted');
    await until(
      () => chat.timeline(first.conversation)?.hasId(dropped.id) === true,
      'the dropped message caught up',
    );
    chat.dispose();
  }, 30_000);
});

describe('relay when Redis drops the once-only script connection', () => {
  it("counts it in the node's state: degraded while it is away, then that node's sockets catch up", async () => {
    const [node1, node2] = stack.nodes as [(typeof stack.nodes)[number], (typeof stack.nodes)[number]];
    await until(
      () => node1.app.relay.adapterState() === 'connected' && node2.app.relay.adapterState() === 'connected',
      'both nodes connected',
      15_000,
    );
    const grace: SignedIn = await signIn(node1.url, 'grace@demo.test');
    const tab = await connectAs(node1.url, { token: grace.token, userId: grace.userId });
    const other = await connectAs(node2.url, { token: grace.token, userId: grace.userId });
    clients.push(tab, other);
    const states: string[] = [];
    const watch = setInterval(
      () => states.push(`${node1.app.relay.adapterState()} ${node2.app.relay.adapterState()}`),
      1,
    );

    // One node's script connection goes (both are named alike: which one is not known here), nothing else.
    const admin = new Redis(redis.url);
    try {
      const list = await admin.client('LIST');
      const ids = String(list)
        .split('\n')
        .filter((line) => / name=relay-test-[0-9a-f]+:delivered-once /.test(line))
        .map((line) => /\bid=(\d+)/.exec(line)?.[1]);
      expect(ids).toHaveLength(2);
      await admin.client('KILL', 'ID', ids[0] as string);
    } finally {
      admin.disconnect();
    }
    await until(
      () => tab.events('resync').length + other.events('resync').length === 1,
      'a resync on the node whose script connection went',
      10_000,
    );
    clearInterval(watch);
    expect(states.filter((both) => both.includes('degraded')).length).toBeGreaterThan(0);
    expect(states).not.toContain('degraded degraded');
    expect([node1.app.relay.adapterState(), node2.app.relay.adapterState()]).toEqual([
      'connected',
      'connected',
    ]);
    await settle(300);
    expect(tab.events('resync').length + other.events('resync').length).toBe(1);
  }, 30_000);
});
