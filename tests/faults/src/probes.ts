/**
 * Measurements around a Redis restart: tRPC calls to both nodes while Redis is down (how many succeed), and
 * two probe sockets, one pinned to each node, that message each other until a message crosses nodes live
 * again (Redis back → cross-node fan-out back).
 */
import { io, type Socket } from 'socket.io-client';
import {
  SOCKET_CLIENT_OPTIONS,
  chatTopic,
  type ChatAck,
  type ChatMessage,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@showfloor/contracts';
import { EVENT_CODE, type Visitor } from './setup.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Calls two authed tRPC queries on every node in turn until stopped; counts the answers that succeed. */
export class TrpcProber {
  ok = 0;
  total = 0;
  /** Why calls failed: status and message, or the fetch error. */
  readonly failures: string[] = [];
  #isRunning = false;
  #loop: Promise<void> | undefined;

  constructor(
    private readonly urls: readonly string[],
    private readonly token: string,
  ) {}

  start(): void {
    this.#isRunning = true;
    this.#loop = this.#run();
  }

  async stop(): Promise<void> {
    this.#isRunning = false;
    await this.#loop;
  }

  async #run(): Promise<void> {
    const paths = ['content.getLobby', 'conversation.listConversations'];
    for (let turn = 0; this.#isRunning; turn += 1) {
      const url = `${this.urls[turn % this.urls.length]}/trpc/${paths[Math.floor(turn / 2) % paths.length]}`;
      const started = Date.now();
      this.total += 1;
      try {
        const response = await fetch(url, {
          headers: { authorization: `Bearer ${this.token}` },
          signal: AbortSignal.timeout(5_000),
        });
        const body = await response.text();
        if (response.ok) this.ok += 1;
        else this.failures.push(`${url}: ${response.status} ${body.slice(0, 200)}`);
      } catch (error) {
        this.failures.push(
          `${url}: ${error instanceof Error ? error.message : String(error)} after ${Date.now() - started} ms`,
        );
      }
      await sleep(Math.max(0, 100 - (Date.now() - started)));
    }
  }
}

type ProbeSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** Two sockets of two users, each pinned to one node (reconnecting to that node only). */
export class FanoutProbe {
  readonly #sockets: [ProbeSocket, ProbeSocket];
  readonly #users: [Visitor, Visitor];
  /** When each side last heard a probe message live, by the message's send time. */
  readonly #heard: [Array<{ sentAt: number; at: number }>, Array<{ sentAt: number; at: number }>] = [[], []];
  readonly #topic = chatTopic(EVENT_CODE);
  #sequence = 0;

  constructor(urls: readonly [string, string], users: readonly [Visitor, Visitor]) {
    this.#users = [users[0], users[1]];
    const open = (url: string, user: Visitor): ProbeSocket =>
      io(url, {
        ...SOCKET_CLIENT_OPTIONS,
        transports: [...SOCKET_CLIENT_OPTIONS.transports],
        autoConnect: false,
        forceNew: true,
        auth: { token: user.token },
        query: { frontend: 'visitor', userId: String(user.userId) },
      });
    this.#sockets = [open(urls[0], users[0]), open(urls[1], users[1])];
    this.#sockets.forEach((socket, side) => {
      socket.on(this.#topic, (message: ChatMessage) => {
        const match = /^probe (\d+)$/.exec(message.message);
        if (message.from === this.#users[side]?.userId || !match) return;
        this.#heard[side as 0 | 1].push({ sentAt: Number(match[1]), at: Date.now() });
      });
    });
  }

  async connect(): Promise<void> {
    await Promise.all(
      this.#sockets.map(
        (socket) =>
          new Promise<void>((resolve, reject) => {
            socket.once('connect', () => resolve());
            socket.once('connect_error', reject);
            socket.connect();
          }),
      ),
    );
  }

  /**
   * From `since` (Redis answering again), sends a probe each way every 200 ms until a probe sent after
   * `since` crossed in both directions; answers the ms from `since` to the later of the two, or Infinity
   * after `limitMs`.
   */
  async measure(since: number, limitMs = 30_000): Promise<number> {
    const crossed = (side: 0 | 1): number | undefined =>
      this.#heard[side].find((entry) => entry.sentAt >= since)?.at;
    while (Date.now() - since < limitMs) {
      const a = crossed(0);
      const b = crossed(1);
      if (a !== undefined && b !== undefined) return Math.max(a, b) - since;
      for (const side of [0, 1] as const) this.#send(side);
      await sleep(200);
    }
    return Number.POSITIVE_INFINITY;
  }

  #send(side: 0 | 1): void {
    const socket = this.#sockets[side];
    if (!socket.connected) return;
    const from = this.#users[side];
    const to = this.#users[side === 0 ? 1 : 0];
    this.#sequence += 1;
    socket.emit(
      this.#topic,
      {
        type: 'text',
        action: 'message',
        message: `probe ${Date.now()}`,
        from: from.userId,
        to: [to.userId],
        client_id: `probe-${side}-${this.#sequence}-${Date.now()}`,
      },
      (_ack: ChatAck) => undefined,
    );
  }

  close(): void {
    for (const socket of this.#sockets) socket.disconnect();
  }
}
