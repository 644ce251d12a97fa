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

/** Wait before a probe whose handshake was refused connects again. */
const PROBE_REFUSAL_RETRY_MS = 1_000;

/** What `keepConnected` needs of a socket.io-client socket. */
export interface ReconnectingSocket {
  readonly active: boolean;
  connect(): unknown;
  on(event: 'connect_error', listener: (error: Error) => void): unknown;
  on(event: 'disconnect', listener: (reason: string) => void): unknown;
}

/**
 * Keeps a probe socket connected to its node for the whole run. socket.io-client retries a lost transport by
 * itself, but neither a refused handshake (a node just started that cannot fetch the provider's keys yet
 * answers 'authentication unavailable') nor a disconnect by the server: without this, one such moment left a
 * probe away for the rest of the run and every later fan-out measurement read "never" whatever the nodes did.
 * The visitors (client.ts) and the web app connect again in both cases too. `onTrouble` hears what happened.
 */
export function keepConnected(
  socket: ReconnectingSocket,
  isClosed: () => boolean,
  onTrouble: (what: string) => void,
): void {
  socket.on('connect_error', (error) => {
    if (socket.active) return;
    onTrouble(`handshake refused: ${error.message}`);
    setTimeout(() => {
      if (!isClosed()) socket.connect();
    }, PROBE_REFUSAL_RETRY_MS);
  });
  socket.on('disconnect', (reason) => {
    if (isClosed()) return;
    onTrouble(`disconnected: ${reason}`);
    if (reason === 'io server disconnect') socket.connect();
  });
}

/** One side of a fan-out measurement: what it sent, what answered, when it was away. */
interface SideTally {
  sent: number;
  acks: Map<number, number>;
  /** Turns of the loop (every 200 ms) the side's socket was not connected, so it sent nothing. */
  away: number;
  trouble: string[];
}

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
  #isClosed = false;
  #tally: [SideTally, SideTally] = [newTally([]), newTally([])];

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
      keepConnected(
        socket,
        () => this.#isClosed,
        (what) => this.#tally[side as 0 | 1].trouble.push(`${new Date().toISOString()} ${what}`),
      );
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
   * after `limitMs`, and what each side did meanwhile (sends, acks by status, time away, connection trouble),
   * so a "never" says whether the nodes did not fan out or the probe could not ask.
   */
  async measure(since: number, limitMs = 30_000): Promise<{ ms: number; detail: string }> {
    // Counts per measurement; the connection trouble of the whole run (a probe away since long before).
    this.#tally = [newTally(this.#tally[0].trouble), newTally(this.#tally[1].trouble)];
    const crossed = (side: 0 | 1): number | undefined =>
      this.#heard[side].find((entry) => entry.sentAt >= since)?.at;
    while (Date.now() - since < limitMs) {
      const a = crossed(0);
      const b = crossed(1);
      if (a !== undefined && b !== undefined)
        return { ms: Math.max(a, b) - since, detail: this.#detail(since) };
      for (const side of [0, 1] as const) this.#send(side);
      await sleep(200);
    }
    return { ms: Number.POSITIVE_INFINITY, detail: this.#detail(since) };
  }

  #detail(since: number): string {
    return this.#tally
      .map((tally, side) => {
        const acks = [...tally.acks].map(([status, count]) => `${count}×${status}`).join(' ') || 'none';
        const heard = this.#heard[side === 0 ? 1 : 0].filter((entry) => entry.sentAt >= since).length;
        return (
          `probe on node-${side}: sent ${tally.sent}, acks ${acks}, ` +
          `away ${(tally.away * 0.2).toFixed(1)} s${tally.trouble.length > 0 ? ` (${tally.trouble.slice(-3).join('; ')})` : ''}; ` +
          `the other node's probe heard ${heard}`
        );
      })
      .join(' · ');
  }

  #send(side: 0 | 1): void {
    const socket = this.#sockets[side];
    const tally = this.#tally[side];
    if (!socket.connected) {
      tally.away += 1;
      return;
    }
    tally.sent += 1;
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
      (ack: ChatAck) => {
        tally.acks.set(ack.statusCode, (tally.acks.get(ack.statusCode) ?? 0) + 1);
        if (ack.statusCode !== 200) tally.trouble.push(`refused: ${ack.message}`);
      },
    );
  }

  close(): void {
    this.#isClosed = true;
    for (const socket of this.#sockets) socket.disconnect();
  }
}

function newTally(trouble: string[]): SideTally {
  return { sent: 0, acks: new Map(), away: 0, trouble };
}
