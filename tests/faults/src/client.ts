/**
 * One visitor of the fault run, connected as the web app connects: socket.io-client with SOCKET_CLIENT_OPTIONS
 * (reconnect 500 → 3000 ms, unlimited), the room in the handshake query, and the shared client-side chat
 * logic of `@showfloor/contracts` (ChatSync catch-up, ChatOutbox resends). After every (re)connection it
 * re-enters its room (the ack comes once the relay joined it), then resends and catches up. Reconnects go to
 * the next node in turn, as a load balancer in front of the nodes would send them.
 */
import { io, type Socket } from 'socket.io-client';
import {
  ChatOutbox,
  ChatSync,
  PASSING_RELAY_REFUSALS,
  RELAY_ERRORS,
  SOCKET_CLIENT_OPTIONS,
  TOPICS,
  chatTopic,
  type Ack,
  type CatchUpAck,
  type CatchUpRequest,
  type ChatAck,
  type ChatMessage,
  type ChatSendInput,
  type ClientToServerEvents,
  type ServerToClientEvents,
} from '@showfloor/contracts';
import { EVENT_CODE, type Visitor } from './setup.ts';

type ClientSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/** How long an emit waits for its ack before it counts as unanswered. */
export const ACK_TIMEOUT_MS = 10_000;

/** An answered send, as the sender saw it. */
export interface AckRecord {
  status: number;
  /** The stored message's id, conversation and seq of a 200. */
  stored: Pick<ChatMessage, 'id' | 'conversation' | 'seq'> | undefined;
  message: string | undefined;
}

/** One reconnect and when the client held everything again. */
export interface ReconnectRecord {
  disconnectedAt: number;
  connectedAt: number;
  caughtUpAt: number | undefined;
}

/** Deliberate breaks of the client, to prove the run fails when the guarantee is broken. */
export type ClientBreak = 'skip-catch-up' | undefined;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Handshake refusals that are the server's passing state, not the client's fault (as the web app treats them). */
const TRANSIENT_REFUSALS: ReadonlySet<string> = new Set(PASSING_RELAY_REFUSALS);

export class FaultClient {
  readonly userId: number;
  readonly socket: ClientSocket;
  readonly sync: ChatSync;
  readonly outbox: ChatOutbox;
  /** The node this client connects to first and returns to after rebalancing. */
  readonly home: number;
  /** Index of the node the socket is (or was last) connected to. */
  node: number;
  readonly acks = new Map<string, AckRecord>();
  readonly reconnects: ReconnectRecord[] = [];
  /** Live copies of messages the timeline held already (dropped, never shown). */
  duplicateDeliveries = 0;
  /** Sends refused by the relay and retried, as a user pressing Retry would. */
  retries = 0;
  /** A handshake refusal that ended this client's reconnecting, if one came. */
  refusal: string | undefined;
  #generation = 0;
  #hasConnected = false;
  #disconnectedAt: number | undefined;
  #isRetrying = true;
  readonly #retrying = new Set<string>();
  readonly #topic = chatTopic(EVENT_CODE);
  /** Resolves the first connect() once the first connection is in its room. */
  #firstReady: (() => void) | undefined;

  constructor(
    readonly visitor: Visitor,
    readonly roomId: number,
    readonly urls: readonly string[],
    home: number,
    readonly breakMode: ClientBreak = undefined,
  ) {
    this.userId = visitor.userId;
    this.home = home;
    this.node = home;
    this.socket = io(urls[home] as string, {
      ...SOCKET_CLIENT_OPTIONS,
      transports: [...SOCKET_CLIENT_OPTIONS.transports],
      autoConnect: false,
      forceNew: true,
      auth: { token: visitor.token },
      query: { frontend: 'visitor', userId: String(visitor.userId), roomId: String(roomId) },
    });
    this.sync = new ChatSync({
      requestCatchUp: (request) => this.#requestCatchUp(request),
    });
    this.outbox = new ChatOutbox({
      userId: visitor.userId,
      sync: this.sync,
      send: (payload) => this.#send(payload),
    });
    this.outbox.subscribe(() => this.#retryFailed());
    this.socket.on(this.#topic, (message: ChatMessage) => {
      if (this.sync.receive(message).length === 0 && message.seq !== undefined) this.duplicateDeliveries += 1;
    });
    this.socket.on('resync', ({ spread_ms }) => void this.sync.resync({ spreadMs: spread_ms }));
    this.socket.io.on('reconnect_attempt', () => {
      // The next node in turn: the one that dropped us is likely down.
      this.#goTo((this.node + 1) % this.urls.length);
    });
    this.socket.on('disconnect', (reason) => {
      this.#generation += 1;
      this.#disconnectedAt = Date.now();
      // The server closed it (socket.io does not reconnect by itself then): connect again, as the web app does.
      if (reason === 'io server disconnect') this.socket.connect();
    });
    this.socket.on('connect_error', (error) => {
      // socket.io retries network errors by itself; a refused handshake ends its retries. A refusal that says
      // "try again shortly" is tried again; any other is kept and reported (the run then cannot settle).
      if (this.socket.active) return;
      if (TRANSIENT_REFUSALS.has(error.message)) setTimeout(() => this.socket.connect(), 1_000);
      else this.refusal = error.message;
    });
    this.socket.on('connect', () => void this.#onConnect());
  }

  /** Connects for the first time; resolves once in the room. */
  connect(timeoutMs = 30_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`user ${this.userId}: connect timed out`)), timeoutMs);
      const ready = () => {
        clearTimeout(timer);
        resolve();
      };
      this.#firstReady = ready;
      this.socket.once('connect_error', (error) => {
        clearTimeout(timer);
        reject(new Error(`user ${this.userId}: ${error.message}`));
      });
      this.socket.connect();
    });
  }

  get connected(): boolean {
    return this.socket.connected;
  }

  /** Sends a chat message through the outbox (resent after reconnects, retried when refused). */
  send(payload: Omit<ChatSendInput, 'from' | 'type' | 'action'>): string {
    return this.outbox.send({ ...payload, type: 'text', action: 'message', from: this.userId }).clientId;
  }

  /**
   * Sends a message the store must refuse (into a conversation the user is not part of), straight on the
   * socket; resolves with the ack's status (0 when unanswered).
   */
  async sendRefusable(conversationId: string, clientId: string): Promise<number> {
    if (!this.socket.connected) return 0;
    try {
      const ack = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(this.#topic, {
        type: 'text',
        action: 'message',
        message: `not yours ${clientId}`,
        from: this.userId,
        to: [],
        conversation: conversationId,
        client_id: clientId,
      });
      return ack.statusCode;
    } catch {
      return 0;
    }
  }

  /** Moves back to the home node (as a page reload or a network change would), if elsewhere. */
  returnHome(): void {
    if (this.node === this.home || !this.socket.connected) return;
    this.socket.disconnect();
    this.#goTo(this.home);
    this.socket.connect();
  }

  /** Stops retrying refused sends (the run's traffic is over). */
  stopRetrying(): void {
    this.#isRetrying = false;
  }

  /** True when nothing waits: connected, no send unanswered, no catch-up running or due. */
  isSettled(): boolean {
    if (!this.socket.connected) return false;
    if (this.outbox.entries().some((entry) => entry.state === 'sending')) return false;
    return this.sync.conversations().every((id) => !this.sync.isCatchingUp(id));
  }

  close(): void {
    this.sync.dispose();
    this.outbox.dispose();
    this.socket.disconnect();
  }

  #goTo(node: number): void {
    this.node = node;
    (this.socket.io as unknown as { uri: string }).uri = this.urls[node] as string;
  }

  async #onConnect(): Promise<void> {
    const generation = this.#generation;
    const connectedAt = Date.now();
    const isReconnect = this.#hasConnected;
    this.#hasConnected = true;
    const record: ReconnectRecord | undefined = isReconnect
      ? { disconnectedAt: this.#disconnectedAt ?? connectedAt, connectedAt, caughtUpAt: undefined }
      : undefined;
    if (record) this.reconnects.push(record);
    try {
      const isCaughtUp = await this.sync.reconnected({
        rejoin: () => this.#enterRoom(generation),
        resend: () => this.outbox.resendPending(),
      });
      if (!isCaughtUp) await this.#untilCaughtUp(generation);
      if (record && generation === this.#generation) record.caughtUpAt = Date.now();
    } catch {
      // Disconnected again before caught up: the next connection starts over.
    }
    const ready = this.#firstReady;
    this.#firstReady = undefined;
    ready?.();
  }

  /** Enters the room; the relay acknowledges once the socket is in it. Tried until it works or the socket drops. */
  async #enterRoom(generation: number): Promise<void> {
    for (;;) {
      if (generation !== this.#generation) throw new Error('disconnected');
      try {
        const ack: Ack = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(TOPICS.USER_ROOM_EVENTS, {
          event: 'enter_room',
          user_id: this.userId,
          room_id: this.roomId,
          timestamp: Date.now(),
        });
        if (ack.statusCode === 200) return;
      } catch {
        // unanswered: try again
      }
      await sleep(500);
    }
  }

  async #untilCaughtUp(generation: number): Promise<void> {
    while (this.sync.conversations().some((id) => this.sync.isCatchingUp(id))) {
      if (generation !== this.#generation) throw new Error('disconnected');
      await sleep(50);
    }
  }

  #requestCatchUp(request: CatchUpRequest): Promise<CatchUpAck> {
    if (this.breakMode === 'skip-catch-up')
      return Promise.resolve({ statusCode: 200, messages: [], has_more: false });
    if (!this.socket.connected) return Promise.reject(new Error('not connected'));
    return this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck('catch_up', request);
  }

  async #send(payload: ChatSendInput): Promise<ChatAck> {
    const ack: ChatAck = await this.socket.timeout(ACK_TIMEOUT_MS).emitWithAck(this.#topic, payload);
    const clientId = payload.client_id ?? '';
    const known = this.acks.get(clientId);
    // A 200 is final; a refusal is kept only until a later attempt is acknowledged.
    if (!known || known.status !== 200) {
      this.acks.set(clientId, {
        status: ack.statusCode,
        stored:
          ack.statusCode === 200 && ack.data
            ? { id: ack.data.id, conversation: ack.data.conversation, seq: ack.data.seq }
            : undefined,
        message: ack.statusCode === 200 ? undefined : ack.message,
      });
    }
    return ack;
  }

  /** A user presses Retry on a refused message after a moment (the gateway's refusals here are transient). */
  #retryFailed(): void {
    if (!this.#isRetrying) return;
    for (const entry of this.outbox.entries()) {
      if (entry.state !== 'failed' || entry.attempts >= 30 || this.#retrying.has(entry.clientId)) continue;
      if (entry.error?.startsWith(RELAY_ERRORS.PAYLOAD_INVALID)) continue;
      const { clientId } = entry;
      this.#retrying.add(clientId);
      setTimeout(() => {
        this.#retrying.delete(clientId);
        if (this.#isRetrying && this.outbox.retry(clientId)) this.retries += 1;
      }, 1_000);
    }
  }
}
