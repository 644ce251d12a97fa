/**
 * The latest microphone state of each user in each room (`user_player_events` `microphone`), so that a tab joining
 * a room hears the states reported before it came: a room reports its user's microphone on change and at its
 * start only, so without this a late joiner's participant list could not know who is muted.
 *
 * With Redis the states are one hash per room (`<prefix>:mic:<event>:<room>`, field user id, '1' muted, '0' not),
 * shared by every node and forgotten a while after the room's last report; this node also keeps its own copy,
 * read when Redis is away. Recording never delays the report's delivery (it is not awaited); it is written to
 * Redis at once, so a join on the same node reads every state recorded before it.
 *
 * A report recorded while a joining tab's read is under way already reached that tab live (it joined the room
 * first), and the read may answer from before it: Redis executes the read before the recording if it arrived
 * first, and even after a later join it can (the read is auto-pipelined, it waits behind this node's previous
 * pipeline, which a recording's MULTI does not). So a read leaves out the users this node recorded meanwhile:
 * a stale state told after the live one would overwrite it in the tab's participant list.
 * Another node's report can also reach the tab live during the read (its broadcast comes through Redis after
 * the join): `tellMicrophones` leaves out every user the tab was sent a state for since it joined.
 *
 * The node keeps its copy of a room only while one of its sockets is in the room (`followRooms`: a recording
 * for a room none is in keeps no copy, and the copy goes when the adapter deletes the room as its last socket
 * leaves), so the copies are bounded by the rooms the node's tabs are in; Redis forgets by its own expiry.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { PLAYER_EVENTS, SOCKET_ROOMS } from '@showfloor/contracts';
import { answerWithin } from '../runtime/answer-within.ts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';

/** How long a room's states outlive its last report (a day of the show). */
const KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * Longest wait for Redis's answer to a read before this node's own copy is used (Redis stalled; `answerWithin`:
 * an answer that came while this node's own loop stalled is still taken).
 */
const READ_MS = 1_000;

/** Muted (true) or not, by user id, of one room. */
export type RoomMicrophones = ReadonlyMap<number, boolean>;

/** What `followRooms` needs of the node's socket.io adapter (its rooms are the node's own sockets'). */
export interface LocalRooms {
  readonly rooms: ReadonlyMap<string, unknown>;
  on(event: 'delete-room', listener: (room: string) => void): unknown;
}

export class MicrophoneStates {
  /** This node's copies, by socket.io room name (SOCKET_ROOMS.room), of the rooms its sockets are in. */
  readonly #local = new Map<string, Map<number, boolean>>();
  /** This node's recordings so far; per room and user, the count at their latest (what a read compares). */
  #recordings = 0;
  readonly #recordedAt = new Map<string, Map<number, number>>();
  /** Whether one of this node's sockets is in the socket.io room of that name (all, until `followRooms`). */
  #isWatched: (socketRoom: string) => boolean = () => true;

  constructor(
    private readonly redis: () => Redis | undefined,
    private readonly prefix: string,
    private readonly logger: FastifyBaseLogger,
    /** How long a read waits for Redis (tests shorten it). */
    private readonly readMs = READ_MS,
  ) {}

  /** Keeps copies of the rooms the node's sockets are in only (the node's adapter: `io.of('/').adapter`). */
  followRooms(adapter: LocalRooms): void {
    this.#isWatched = (socketRoom) => adapter.rooms.has(socketRoom);
    adapter.on('delete-room', (socketRoom) => {
      this.#local.delete(socketRoom);
      this.#recordedAt.delete(socketRoom);
    });
  }

  /** Records a user's reported state in a room (here at once, in Redis without waiting for it). */
  record(eventCode: string, roomId: number, userId: number, isMuted: boolean): void {
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    if (this.#isWatched(socketRoom)) {
      let room = this.#local.get(socketRoom);
      if (!room) {
        room = new Map();
        this.#local.set(socketRoom, room);
      }
      room.set(userId, isMuted);
      this.#recordings += 1;
      let recordedAt = this.#recordedAt.get(socketRoom);
      if (!recordedAt) {
        recordedAt = new Map();
        this.#recordedAt.set(socketRoom, recordedAt);
      }
      recordedAt.set(userId, this.#recordings);
    }
    const key = this.#key(eventCode, roomId);
    const redis = this.redis();
    if (!redis) return;
    redis
      .multi()
      .hset(key, String(userId), isMuted ? '1' : '0')
      .pexpire(key, KEEP_MS)
      .exec()
      .catch((error: unknown) =>
        this.logger.debug({ err: error, key }, 'microphones: not recorded in redis'),
      );
  }

  /**
   * The room's states for a tab that has joined it: every node's (Redis), else this node's own; without the
   * users whose report this node recorded while reading (the tab heard those live, newer than the answer).
   */
  async read(eventCode: string, roomId: number): Promise<RoomMicrophones> {
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    const startedAt = this.#recordings;
    const states = await this.#readStates(this.#key(eventCode, roomId), socketRoom);
    const recordedAt = this.#recordedAt.get(socketRoom);
    if (!recordedAt || this.#recordings === startedAt) return states;
    const told = new Map<number, boolean>();
    for (const [userId, isMuted] of states) {
      if ((recordedAt.get(userId) ?? 0) <= startedAt) told.set(userId, isMuted);
    }
    return told;
  }

  /** The room's states: every node's (Redis), else this node's own. */
  async #readStates(key: string, socketRoom: string): Promise<RoomMicrophones> {
    const local: RoomMicrophones = this.#local.get(socketRoom) ?? new Map();
    const redis = this.redis();
    if (!redis) return local;
    try {
      const stored = await answerWithin(redis.hgetall(key), this.readMs);
      if (!stored) return local;
      const states = new Map<number, boolean>();
      for (const [userId, value] of Object.entries(stored)) states.set(Number(userId), value === '1');
      return states;
    } catch (error) {
      this.logger.debug({ err: error, key }, 'microphones: redis not readable, using this node’s states');
      return local;
    }
  }

  /** How many rooms this node keeps a copy of (tests). */
  get localRooms(): number {
    return this.#local.size;
  }

  #key(eventCode: string, roomId: number): string {
    return `${this.prefix}:mic:${eventCode}:${roomId}`;
  }
}

/**
 * Tells a tab that just joined a room the microphone states recorded there (one `microphone` player event per
 * user, its own included), unless it left the room or disconnected meanwhile.
 *
 * A report from another node can reach the tab live while its read is under way (the tab joined first, and the
 * other node's broadcast comes through the adapter when it comes: behind a stalled Redis, after the join), and
 * the read may hold the same state or an older one. So the users the tab was sent a microphone event for since
 * it joined are left out: the tab has their newest state already, and a state told after it would repeat or
 * overwrite it. (`read` leaves out this node's recordings meanwhile too, for sockets without outgoing listeners.)
 */
export async function tellMicrophones(ctx: RelayContext, socket: RelaySocket, roomId: number): Promise<void> {
  const heardLive = new Set<number>();
  const listen = (name: string, event: unknown): void => {
    if (name !== 'user_player_events') return;
    const report = event as { event?: unknown; room_id?: unknown; user_id?: unknown };
    if (report.event === PLAYER_EVENTS.MICROPHONE && report.room_id === roomId)
      heardLive.add(Number(report.user_id));
  };
  socket.onAnyOutgoing(listen);
  let states: RoomMicrophones;
  try {
    states = await ctx.microphones.read(socket.data.eventCode, roomId);
  } finally {
    socket.offAnyOutgoing(listen);
  }
  if (!socket.connected || socket.data.roomId !== roomId) return;
  for (const [userId, isMuted] of states) {
    if (heardLive.has(userId)) continue;
    socket.emit('user_player_events', {
      user_id: userId,
      room_id: roomId,
      event: PLAYER_EVENTS.MICROPHONE,
      data: { muted: isMuted },
    });
  }
}
