/**
 * The load scenario: virtual users connect, enter their rooms, and chat at a set total rate (Poisson, open
 * loop): room messages inside groups and private messages in pairs. Every message is accounted for in a
 * Ledger (ack latency, delivery latency, lost, duplicated).
 */
import { randomBytes } from 'node:crypto';
import { chatTopic } from '@showfloor/contracts';
import { Ledger } from './ledger.ts';
import { PoissonClock } from './poisson.ts';
import { liteSocket, socketIoSocket, type VirtualSocket } from './virtual-socket.ts';

/** A user the generator acts as. */
export interface VirtualUser {
  userId: number;
  token?: string;
}

/** How the users are laid out and where they connect. */
export interface ScenarioOptions {
  /** Gateway origins; sockets are spread over them round-robin (several nodes). */
  urls: readonly string[];
  users: readonly VirtualUser[];
  eventCode: string;
  /** Room ids the groups use, in order; groups beyond them share rooms round-robin. */
  roomIds: readonly number[];
  /** Members per room group. @default 10 */
  groupSize?: number;
  /** Senders per group (socket.io-client); the rest listen (light client). @default 1 */
  sendersPerGroup?: number;
  /** Share of users in private pairs (the rest in room groups). @default 0.5 */
  privateShare?: number;
  /** Ack time limit. @default 10000 */
  ackTimeoutMs?: number;
  /** Concurrent handshakes while connecting. @default 50 */
  connectConcurrency?: number;
  /** Listener client: 'lite' (default) or 'socket.io'. */
  listenerClient?: 'lite' | 'socket.io';
  /** Share of messages sent to rooms (the rest private), when both kinds exist. @default 0.5 */
  roomMessageShare?: number;
}

/** One sender and who must receive what it sends. */
interface Sender {
  user: VirtualUser;
  socket: VirtualSocket;
  /** Listed recipients of its messages (room members or the partner), without itself. */
  recipients: number[];
  roomId: number | undefined;
  to: number[];
}

export class Scenario {
  readonly runId = randomBytes(4).toString('hex');
  ledger = new Ledger();
  readonly #sockets: VirtualSocket[] = [];
  readonly #senders: Sender[] = [];
  readonly #roomSenders: Sender[] = [];
  readonly #pairSenders: Sender[] = [];
  #sequence = 0;
  #clock: PoissonClock | undefined;
  readonly #topic: string;
  /** Room of each user in a group (re-entered after a reconnect). */
  readonly #roomOf = new Map<number, number>();

  constructor(private readonly options: ScenarioOptions) {
    this.#topic = chatTopic(options.eventCode);
  }

  /** Groups and pairs: which users are senders and who each sender reaches. */
  #layout(): Array<{
    user: VirtualUser;
    isSender: boolean;
    roomId?: number;
    to?: number[];
    recipients?: number[];
  }> {
    const { users, roomIds } = this.options;
    const groupSize = this.options.groupSize ?? 10;
    const sendersPerGroup = Math.min(this.options.sendersPerGroup ?? 1, groupSize);
    const pairUsers = Math.floor((users.length * (this.options.privateShare ?? 0.5)) / 2) * 2;
    const groupUsers = users.slice(0, users.length - pairUsers);
    const pairs = users.slice(users.length - pairUsers);
    if (groupUsers.length > 0 && roomIds.length === 0)
      throw new Error('room groups need at least one room id');
    const layout: Array<{
      user: VirtualUser;
      isSender: boolean;
      roomId?: number;
      to?: number[];
      recipients?: number[];
    }> = [];
    const membersOfRoom = new Map<number, number[]>();
    const groups = Math.ceil(groupUsers.length / groupSize);
    for (let group = 0; group < groups; group += 1) {
      const roomId = roomIds[group % roomIds.length] as number;
      const members = groupUsers.slice(group * groupSize, (group + 1) * groupSize);
      const roomMembers = membersOfRoom.get(roomId) ?? [];
      roomMembers.push(...members.map((member) => member.userId));
      membersOfRoom.set(roomId, roomMembers);
      members.forEach((user, index) => layout.push({ user, isSender: index < sendersPerGroup, roomId }));
    }
    for (const entry of layout) {
      const members = membersOfRoom.get(entry.roomId as number) ?? [];
      if (entry.isSender) entry.recipients = members.filter((id) => id !== entry.user.userId);
    }
    for (let index = 0; index + 1 < pairs.length; index += 2) {
      const a = pairs[index] as VirtualUser;
      const b = pairs[index + 1] as VirtualUser;
      layout.push({ user: a, isSender: true, to: [b.userId], recipients: [b.userId] });
      layout.push({ user: b, isSender: false });
    }
    return layout;
  }

  /** Connects every user (bounded concurrency) and enters the rooms; throws on the first refusal. */
  async connect(onProgress?: (connected: number, total: number) => void): Promise<void> {
    const layout = this.#layout();
    const concurrency = this.options.connectConcurrency ?? 50;
    let nextIndex = 0;
    let connected = 0;
    const worker = async (): Promise<void> => {
      while (nextIndex < layout.length) {
        const index = nextIndex++;
        const entry = layout[index]!;
        const url = this.options.urls[index % this.options.urls.length] as string;
        const make =
          entry.isSender || this.options.listenerClient === 'socket.io' ? socketIoSocket : liteSocket;
        const socket = make({
          url,
          ...(entry.user.token ? { token: entry.user.token } : {}),
          query: { frontend: 'visitor', userId: String(entry.user.userId) },
        });
        this.#sockets.push(socket);
        const self = entry.user.userId;
        socket.onAny((name, payload) => {
          if (name === this.#topic) this.#onChat(self, payload);
        });
        await socket.connect();
        if (entry.roomId !== undefined) {
          this.#roomOf.set(self, entry.roomId);
          await this.#enterRoom(socket, self, entry.roomId);
          socket.onConnected(
            () => void this.#enterRoom(socket, self, entry.roomId as number).catch(() => undefined),
          );
        }
        if (entry.isSender) {
          const sender: Sender = {
            user: entry.user,
            socket,
            recipients: entry.recipients ?? [],
            roomId: entry.roomId,
            to: entry.to ?? [],
          };
          this.#senders.push(sender);
          (sender.roomId === undefined ? this.#pairSenders : this.#roomSenders).push(sender);
        }
        connected += 1;
        onProgress?.(connected, layout.length);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, layout.length) }, worker));
  }

  async #enterRoom(socket: VirtualSocket, userId: number, roomId: number): Promise<void> {
    const answer = await socket.request<{ statusCode: number; message?: string }>('user_room_events', {
      event: 'enter_room',
      user_id: userId,
      room_id: roomId,
      timestamp: Date.now(),
    });
    if (answer.statusCode !== 200)
      throw new Error(`user ${userId} may not enter room ${roomId}: ${answer.message ?? 'refused'}`);
  }

  #onChat(self: number, payload: unknown): void {
    const at = performance.now();
    const message = payload as { from?: number; client_id?: string; message?: string };
    if (message.from === self) return;
    const id = message.client_id ?? message.message?.split(' ')[1];
    if (id) this.ledger.received(id, self, at);
  }

  /** Sends one message from a random sender (a room or a private one, by the room message share). */
  sendOne(): void {
    const share = this.options.roomMessageShare ?? 0.5;
    const pool =
      this.#roomSenders.length === 0
        ? this.#pairSenders
        : this.#pairSenders.length === 0 || Math.random() < share
          ? this.#roomSenders
          : this.#pairSenders;
    const sender = pool[Math.floor(Math.random() * pool.length)];
    if (!sender) return;
    const id = `${this.runId}-${(this.#sequence++).toString(36)}`;
    const payload = {
      type: 'text',
      action: 'message',
      message: `load ${id}`,
      from: sender.user.userId,
      to: sender.to,
      client_id: id,
      ...(sender.roomId === undefined ? {} : { room: { id: sender.roomId, name: `room ${sender.roomId}` } }),
    };
    this.ledger.send(
      id,
      sender.recipients,
      (onAck) => sender.socket.emit(this.#topic, payload, onAck),
      this.options.ackTimeoutMs,
    );
  }

  /** Starts sending at `perSecond` messages per second in total. */
  start(perSecond: number): void {
    this.stop();
    this.#clock = new PoissonClock(perSecond, () => this.sendOne());
    this.#clock.start();
  }

  stop(): void {
    this.#clock?.stop();
    this.#clock = undefined;
  }

  /** Sockets and senders. */
  get size(): { sockets: number; senders: number } {
    return { sockets: this.#sockets.length, senders: this.#senders.length };
  }

  /** Reconnects and errors over every socket. */
  connectionStats(): { connected: number; reconnects: number; errors: number } {
    let connected = 0;
    let reconnects = 0;
    let errors = 0;
    for (const socket of this.#sockets) {
      if (socket.connected) connected += 1;
      reconnects += socket.reconnects;
      errors += socket.errors;
    }
    return { connected, reconnects, errors };
  }

  close(): void {
    this.stop();
    for (const socket of this.#sockets) socket.close();
  }
}
