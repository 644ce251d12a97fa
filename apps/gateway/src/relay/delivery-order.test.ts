/**
 * A 200 ack promises more than "stored": the message's fan-out has reached Redis too. Otherwise a node that
 * dies between the ack and its publish leaves the message stored, acknowledged and never delivered to the
 * recipients on other nodes, whose tabs have nothing (no reconnect, no gap) to make them catch up. Here node A
 * reaches Redis through a proxy that can hold A's traffic (a stalled or dying node): while it is held, the
 * sender gets no ack; once released, the ack follows the publish. The suite runs its own redis-server.
 */
import { createServer, Socket, type Server } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chatTopic, type ChatAck, type ChatMessage } from '@showfloor/contracts';
import { startMockProvider, type MockProvider } from '../../test/mock-provider.ts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { chatText, connectAs, until, type TestClient } from './testing/clients.ts';
import { startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { relayEnv, signIn } from './testing/stack.ts';

const TOPIC = chatTopic('DEMO');
const HOLD_MS = 600;

/** A TCP proxy to Redis whose client → Redis direction can be held (bytes kept, sent on release). */
class HoldingProxy {
  readonly #server: Server;
  readonly #links = new Set<{ client: Socket; upstream: Socket; queue: Buffer[] }>();
  #isHolding = false;
  port = 0;

  constructor(private readonly target: number) {
    this.#server = createServer((client) => {
      const upstream = new Socket();
      const link = { client, upstream, queue: [] as Buffer[] };
      this.#links.add(link);
      upstream.connect(this.target, '127.0.0.1');
      client.on('data', (chunk: Buffer) => {
        if (this.#isHolding) link.queue.push(chunk);
        else upstream.write(chunk);
      });
      upstream.on('data', (chunk: Buffer) => client.write(chunk));
      const close = () => {
        client.destroy();
        upstream.destroy();
        this.#links.delete(link);
      };
      client.on('close', close);
      upstream.on('close', close);
      client.on('error', close);
      upstream.on('error', close);
    });
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.#server.listen(0, '127.0.0.1', resolve));
    const address = this.#server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  hold(): void {
    this.#isHolding = true;
  }

  release(): void {
    this.#isHolding = false;
    for (const link of this.#links) for (const chunk of link.queue.splice(0)) link.upstream.write(chunk);
  }

  async close(): Promise<void> {
    for (const link of this.#links) {
      link.client.destroy();
      link.upstream.destroy();
    }
    await new Promise((resolve) => this.#server.close(resolve));
  }
}

let redis: OwnRedis;
let proxy: HoldingProxy;
let provider: MockProvider;
let nodeA: RunningGateway;
let nodeB: RunningGateway;
const clients: TestClient[] = [];

beforeAll(async () => {
  redis = await startOwnRedis();
  proxy = new HoldingProxy(redis.port);
  await proxy.listen();
  provider = await startMockProvider();
  const env = relayEnv(redis.url);
  nodeA = await startGateway(provider.url, { ...env, REDIS_URL: `redis://127.0.0.1:${proxy.port}` });
  nodeB = await startGateway(provider.url, env);
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  await nodeA?.close();
  await nodeB?.close();
  await provider?.close();
  await proxy?.close();
  await redis?.stop();
});

describe('the order of ack and fan-out', () => {
  it('acknowledges a message only once its publish to the other nodes has reached Redis', async () => {
    const ada = await signIn(nodeA.url, 'ada@demo.test');
    const grace = await signIn(nodeB.url, 'grace@demo.test');
    const sender = await connectAs(nodeA.url, { token: ada.token, userId: ada.userId });
    const receiver = await connectAs(nodeB.url, { token: grace.token, userId: grace.userId });
    clients.push(sender, receiver);
    const send = (message: string) =>
      sender.request<ChatAck>(TOPIC, chatText(ada.userId, message, { to: [grace.userId] }));
    // Warm: the recipients' membership is cached, Redis answers.
    expect((await send('warm up')).statusCode).toBe(200);
    await until(() => receiver.events(TOPIC).length === 1, 'the first delivery');

    proxy.hold();
    let ackedAt: number | undefined;
    const acked = send('while node A cannot reach Redis').then((ack) => {
      ackedAt = Date.now();
      return ack;
    });
    let ackedWhileHeld: number | undefined;
    try {
      await new Promise((resolve) => setTimeout(resolve, HOLD_MS));
      ackedWhileHeld = ackedAt;
    } finally {
      proxy.release();
    }
    expect(ackedWhileHeld).toBeUndefined();
    const ack = await acked;
    expect(ack.statusCode).toBe(200);
    await until(
      () =>
        receiver
          .events<ChatMessage>(TOPIC)
          .some((message) => ack.statusCode === 200 && message.id === ack.data?.id),
      'the delivery on node B',
    );
  }, 30_000);
});
