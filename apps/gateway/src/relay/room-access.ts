/**
 * Room access after a role rule changes (the `auth.putAccess` effect): every node forgets its cached answers
 * for the user and moves the user's tabs out of rooms they lost; the user's tabs hear `user_access_change` with
 * the rooms they may access now, re-read from the provider with the user's own token.
 *
 * Each node re-checks only the user's own sockets on it (their `user:<id>` room), all at once. A tab that moves
 * (enter_room) while its old room is being checked is not touched by that answer: the check is asked again for
 * the room it is in now (its move may have been let in on an answer cached before the change).
 *
 * The same list answers a tab's `access_catch_up` after a reconnect ({@link RoomAccess.catchUp}): the change it
 * missed while its socket was down. Only a tab whose user's access changed while it was away reads it: every
 * change records its time ({@link RoomAccess.changed}: Redis `<prefix>:access-changed:<user id>`, kept
 * CHANGE_KEEP_MS, and every node's own map), and a tab that says how long it was down (`down_ms`) is answered
 * `unchanged` without asking the provider when no change is recorded since then (less CLOCK_SLACK_MS). So a mass
 * reconnect after a node restart costs the provider nothing but the reads of users whose access did change. When
 * the relay cannot tell (no `down_ms`, down longer than a record is kept, Redis away or not answering within
 * REDIS_MS) it reads (fail-safe). A read costs one list and one check per active room not cached; at most
 * MAX_READS run at once per node, the rest wait in order. A user's asks on this node while one read is under way
 * share that read; an access change forgets it, so an ask after the change reads afresh. That answer is all or
 * nothing: a room the provider failed to check (an error, not a refusal) fails the read (the tab keeps what it
 * had), rather than leave out a room the user may still access. (`user_access_change` itself still leaves such
 * a room out of its list, as before.) A catch-up is answered within ACCESS_CATCH_UP_BUDGET_MS of its ask, which
 * the tab waits: the Redis read, the wait for a turn and the provider calls all count; past it the ask fails as a
 * provider failure would (the tab keeps its list). Each ask's deadline is kept by one `FixedWaits` for all of them
 * (every budget is as long: one timer). A shared read runs within the last of its sharers' budgets (its `endsAt`,
 * moved on by each ask that joins it), spent by the clock alone: it keeps its place in the wait, and when its turn
 * comes after that end it asks the provider nothing and passes the turn on.
 *
 * Fail-open: when the provider fails the check (not a refusal: an error or no answer), the tab stays in its room,
 * though its access there may just have been taken away; a provider outage must not empty every room. The check
 * is asked again with back-off (`ROOM_CHECK_RETRY`, ~1 min in all) while the socket is connected
 * (retry-while-connected.ts). Past that the tab stays until what corrects it later: the user's next access change
 * (checked afresh) or the tab's next move (which leaves this room).
 */
import type { Redis } from 'ioredis';
import {
  ACCESS_CATCH_UP_BUDGET_MS,
  AccessChangedSchema,
  SOCKET_ROOMS,
  type AccessibleRoom,
  type SocketData,
} from '@showfloor/contracts';
import { providerTimeoutError, type ProviderError } from '../provider/errors.ts';
import { answerWithin } from '../runtime/answer-within.ts';
import { FixedWaits } from '../runtime/fixed-waits.ts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';
import { ROOM_CHECK_RETRY, retryWhileConnected } from './retry-while-connected.ts';
import { moveCount } from './room-moves.ts';

/** What RoomAccess uses of the relay's context (it is part of the context: `ctx.roomAccess`). */
export type RoomAccessContext = Omit<RelayContext, 'roomAccess'>;

/** How long the time of a user's last access change is kept: a tab down longer than this always reads. */
export const CHANGE_KEEP_MS = 60 * 60 * 1000;
/**
 * How far the nodes' clocks (a change is recorded with the clock of the node that handled it, compared with the
 * clock of the node the tab asks) and the tab's own measure of its time away may be off. NTP keeps servers'
 * clocks within tens of ms; the tab measures its time away on its wall clock from the last packet or ping it heard
 * from the server before it dropped (not from its own disconnect event, which comes up to a ping interval and
 * timeout late on a half-open connection, and only on waking after sleep: frames sent meanwhile were lost). 5 s is
 * a wide margin for skew and for a change whose `user_access_change` was in flight as the socket dropped.
 */
export const CLOCK_SLACK_MS = 5_000;
/** Longest wait for Redis's record of a change before the relay reads anyway (fail-safe). */
const REDIS_MS = 1_000;
/** Catch-up reads from the provider running at once on one node; the others wait in order. */
export const MAX_READS = 16;

/**
 * Asks' deadlines, all `ms` long: each wait gives its answer (a rejection is passed on), or undefined when the
 * answer did not come within `ms` of the wait. A `FixedWaits` by default; tests end waits themselves.
 */
export interface Deadlines {
  wait<T>(answer: PromiseLike<T>): Promise<T | undefined>;
}

/**
 * A read under way, shared by the user's asks on this node. It runs within the last of their budgets: `endsAt`
 * (the node's clock) is moved on by each ask that joins; once it is past the read is spent and an ask reads afresh.
 */
interface SharedRead {
  answer: Promise<AccessibleRoom[]>;
  endsAt: number;
}

/** What a catch-up whose budget ran out before its answer rejects with (answered as a provider failure). */
function budgetSpent(): ProviderError {
  return providerTimeoutError(
    new Error('the access catch-up ran out of its budget waiting for a read turn or the provider'),
  );
}

/** What a tab's catch-up answers: the rooms its user may access now, or that nothing changed while it was away. */
export type CatchUpAnswer = { accessibleRooms: AccessibleRoom[] } | { unchanged: true };

/** Where RoomAccess keeps the time of each user's last access change (besides its own map). */
export interface ChangeRecordOptions {
  /** The Redis client while Redis carries the nodes' traffic (none on a single node). */
  redis: () => Redis | undefined;
  prefix: string;
  /** The node's clock, ms since epoch (tests move it). */
  now?: () => number;
  /**
   * When this node started, on its clock: one node (no Redis) answers `unchanged` only for a time away since then.
   * @default the clock at construction (tests: a node up a while).
   */
  startedAt?: number;
  /** See {@link MAX_READS}. */
  maxReads?: number;
  /** See REDIS_MS. */
  redisMs?: number;
  /** Makes the catch-ups' deadlines (`ms`: ACCESS_CATCH_UP_BUDGET_MS). @default `new FixedWaits(ms)` */
  deadlines?: (ms: number) => Deadlines;
}

/** The relay's room-access rechecks; listens for other nodes' changes from construction on. */
export class RoomAccess {
  /** The read under way per user (by id) on this node, shared by their asks; gone once it settles. */
  readonly #reading = new Map<number, SharedRead>();
  /** The time (ms) of each user's last access change this node heard of, oldest first; none past CHANGE_KEEP_MS. */
  readonly #changedAt = new Map<number, number>();
  /** Reads from the provider running now (at most MAX_READS). */
  #running = 0;
  /** The reads waiting their turn, in order: calling one gives it the turn. */
  readonly #waiting: Array<() => void> = [];
  readonly #redis: () => Redis | undefined;
  readonly #prefix: string;
  readonly #now: () => number;
  readonly #maxReads: number;
  readonly #redisMs: number;
  /** Each catch-up's deadline, ACCESS_CATCH_UP_BUDGET_MS from its ask. */
  readonly #deadlines: Deadlines;
  /** When this node started (its map covers only changes since then). */
  readonly #startedAt: number;

  constructor(
    private readonly ctx: RoomAccessContext,
    options: ChangeRecordOptions = { redis: () => undefined, prefix: 'relay' },
  ) {
    this.#redis = options.redis;
    this.#prefix = options.prefix;
    this.#now = options.now ?? (() => Date.now());
    this.#maxReads = options.maxReads ?? MAX_READS;
    this.#redisMs = options.redisMs ?? REDIS_MS;
    this.#deadlines = (options.deadlines ?? ((ms) => new FixedWaits(ms)))(ACCESS_CATCH_UP_BUDGET_MS);
    this.#startedAt = options.startedAt ?? this.#now();
    ctx.io.on('access_changed', (payload) => {
      const parsed = AccessChangedSchema.safeParse(payload);
      if (parsed.success) void this.#recheckLocal(parsed.data.user_id);
    });
  }

  #changeKey(userId: number): string {
    return `${this.#prefix}:access-changed:${userId}`;
  }

  /** Every node forgets and re-checks; the user's tabs hear which rooms they may access now. */
  async changed(userId: number): Promise<void> {
    const { io, metrics, logger } = this.ctx;
    // Recorded side by side with the rest (a stalled Redis must not hold every live change for its REDIS_MS): a tab
    // that asks another node before Redis has the record is told by that node's recheck on `access_changed`, and
    // this node's own map has it at once. Nothing needs the record written before `user_access_change`.
    const recording = this.#recordChange(userId);
    if (this.ctx.adapterState() !== 'memory') io.serverSideEmit('access_changed', { user_id: userId });
    await this.#recheckLocal(userId);
    try {
      const sockets = await io.in(SOCKET_ROOMS.user(userId)).fetchSockets();
      const holder = sockets[0];
      if (!holder) return;
      const rooms = await this.#accessibleRooms(holder.data);
      io.to(SOCKET_ROOMS.user(userId)).emit('user_access_change', { accessibleRooms: rooms });
      metrics.deliveries.inc({ topic: 'user_access_change' });
    } catch (error) {
      logger.warn({ err: error, userId }, 'relay: could not tell a user their new room access');
    } finally {
      await recording;
    }
  }

  /**
   * Records that the user's access changed now: in this node's map and (when Redis carries the nodes' traffic)
   * in Redis for CHANGE_KEEP_MS, within REDIS_MS. Never rejects: a record Redis missed leaves the other nodes
   * unable to tell only if they also missed `access_changed` (which records in their maps).
   */
  async #recordChange(userId: number): Promise<void> {
    const now = this.#now();
    this.#noteLocally(userId, now);
    const redis = this.ctx.adapterState() === 'memory' ? undefined : this.#redis();
    if (!redis) return;
    try {
      const answer = await answerWithin(
        redis.set(this.#changeKey(userId), String(now), 'PX', CHANGE_KEEP_MS),
        this.#redisMs,
      );
      if (answer === undefined)
        this.ctx.logger.warn({ userId }, 'relay: access change not recorded in redis in time');
    } catch (error) {
      this.ctx.logger.warn({ err: error, userId }, 'relay: access change not recorded in redis');
    }
  }

  /** Keeps `at` as the user's last change on this node; drops the records older than CHANGE_KEEP_MS. */
  #noteLocally(userId: number, at: number): void {
    this.#changedAt.delete(userId);
    this.#changedAt.set(userId, at);
    for (const [id, when] of this.#changedAt) {
      if (when > at - CHANGE_KEEP_MS) break;
      this.#changedAt.delete(id);
    }
  }

  /**
   * Whether the user's access may have changed in the last `downMs` (plus CLOCK_SLACK_MS): true unless a record
   * says otherwise — no `downMs`, longer than a record is kept, Redis away or silent past REDIS_MS all answer true.
   */
  async #mayHaveChanged(userId: number, downMs: number | undefined): Promise<boolean> {
    if (downMs === undefined || downMs + CLOCK_SLACK_MS >= CHANGE_KEEP_MS) return true;
    const since = this.#now() - downMs - CLOCK_SLACK_MS;
    const local = this.#changedAt.get(userId);
    if (local !== undefined && local >= since) return true;
    const state = this.ctx.adapterState();
    // One node: its own map heard every change since it started; a tab away since before then may have missed one.
    if (state === 'memory') return since < this.#startedAt;
    const redis = this.#redis();
    if (state !== 'connected' || !redis) return true;
    try {
      const answer = await answerWithin(redis.get(this.#changeKey(userId)), this.#redisMs);
      if (answer === undefined) return true;
      if (answer === null) return false;
      const at = Number(answer);
      return !Number.isFinite(at) || at >= since;
    } catch (error) {
      this.ctx.logger.warn(
        { err: error, userId },
        'relay: could not read the last access change; reading access',
      );
      return true;
    }
  }

  /**
   * A tab's `access_catch_up`: `unchanged` when its user's access did not change in the `downMs` it was away
   * (nothing asked of the provider), else `#read`'s list. Answers within ACCESS_CATCH_UP_BUDGET_MS of the ask (its
   * deadline), the wait for Redis and for a read turn included: rejects as `#read` does, and with a ProviderError
   * (a timeout) when the deadline comes first.
   */
  async catchUp(user: SocketData, downMs: number | undefined): Promise<CatchUpAnswer> {
    const endsAt = this.#now() + ACCESS_CATCH_UP_BUDGET_MS;
    const answer = await this.#deadlines.wait(this.#catchUp(user, downMs, endsAt));
    if (answer === undefined) throw budgetSpent();
    return answer;
  }

  /** The catch-up without its deadline; `endsAt` is the end of the ask's budget, for `#read`. */
  async #catchUp(user: SocketData, downMs: number | undefined, endsAt: number): Promise<CatchUpAnswer> {
    if (!(await this.#mayHaveChanged(user.userId, downMs))) return { unchanged: true };
    return { accessibleRooms: await this.#read(user, endsAt) };
  }

  /**
   * The rooms of the user's event they may access now (`user_access_change`'s list), for the socket's user: the
   * read under way for them on this node if it is not spent (this ask's `endsAt` joins it), else a new one
   * (waiting its turn: at most MAX_READS at once). Rejects (a ProviderError) when the provider failed the list or
   * any room's check, or the read's turn came after its `endsAt`. Each ask is still answered by its own deadline
   * ({@link RoomAccess.catchUp}).
   */
  #read(user: SocketData, endsAt: number): Promise<AccessibleRoom[]> {
    const { userId } = user;
    const under = this.#reading.get(userId);
    if (under && under.endsAt > this.#now()) {
      under.endsAt = Math.max(under.endsAt, endsAt);
      return under.answer;
    }
    // The budget the read's provider calls see is the shared read itself (a joining ask moves its `endsAt`).
    const budget = { endsAt };
    const answer = this.#inTurn(() => this.#accessibleRooms(user, budget)).finally(() => {
      if (this.#reading.get(userId)?.answer === answer) this.#reading.delete(userId);
    });
    this.#reading.set(userId, Object.assign(budget, { answer }));
    return answer;
  }

  /** Runs `work` once fewer than MAX_READS run; the waiting start in the order they came. */
  async #inTurn<T>(work: () => Promise<T>): Promise<T> {
    if (this.#running >= this.#maxReads) await new Promise<void>((start) => this.#waiting.push(start));
    else this.#running += 1;
    try {
      return await work();
    } finally {
      // The turn passes straight to the next waiting (the count stays), or is given back.
      const next = this.#waiting.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }

  /**
   * The rooms of the user's event the provider lets them load, read with their own token. A room whose check the
   * provider failed (an error, not a refusal) is left out of the list, or, for a catch-up (`budget`), fails the
   * whole read. A catch-up gives the list half of what is left of its budget (to `budget.endsAt`, as it is when
   * each call starts: a list call under way keeps the time it started with) and the checks the rest, so its
   * provider calls end within it (and free the turn); one whose budget is spent when its turn comes rejects
   * ({@link budgetSpent}) without asking the provider.
   */
  async #accessibleRooms(user: SocketData, budget?: { endsAt: number }): Promise<AccessibleRoom[]> {
    const { provider, directory } = this.ctx;
    const left = (): number | undefined =>
      budget === undefined ? undefined : Math.max(1, budget.endsAt - this.#now());
    // Handed the turn after its budget ran out: it asks nothing (the turn passes on).
    if (budget && budget.endsAt <= this.#now()) throw budgetSpent();
    const listMs = left();
    const answer = await provider.call(
      'content',
      'listRooms',
      { event_code: user.eventCode },
      { token: user.token, timeoutMs: listMs === undefined ? undefined : Math.ceil(listMs / 2) },
    );
    const rooms = answer.event_rooms.flatMap((group) => group.rooms).filter((room) => room.active);
    const checkMs = left();
    const isAllowed = await Promise.all(
      rooms.map((room) => {
        const check = directory.canAccessRoom(user, room.id, checkMs);
        return budget ? check : check.catch(() => false);
      }),
    );
    return rooms
      .filter((_, index) => isAllowed[index])
      .map((room) => ({ roomId: room.id, roomName: room.name }));
  }

  /** Forgets this node's cached access of the user and moves their tabs on this node out of rooms they lost. */
  async #recheckLocal(userId: number): Promise<void> {
    const { io, directory } = this.ctx;
    directory.forgetRoomAccess(userId);
    this.#noteLocally(userId, this.#now());
    // A read under way may predate the change: asks from now on read afresh (its own askers get its answer).
    this.#reading.delete(userId);
    const nsp = io.of('/');
    const ids = nsp.adapter.rooms.get(SOCKET_ROOMS.user(userId)) ?? new Set<string>();
    const sockets = [...ids].flatMap((id) => nsp.sockets.get(id) ?? []);
    await Promise.all(sockets.map((socket) => this.#recheckSocket(socket, 0)));
  }

  /**
   * Checks the room the tab is in and moves it out if refused. An answer about a room the tab has left meanwhile
   * (it moved) is not acted on: its new room is checked instead. A failed check keeps the tab in (fail-open) and
   * is asked again later; `attempt` counts the failed checks before this one.
   */
  async #recheckSocket(socket: RelaySocket, attempt: number): Promise<void> {
    const { directory, logger } = this.ctx;
    const { data } = socket;
    for (;;) {
      const roomId = data.roomId;
      if (roomId === undefined || !socket.connected) return;
      const move = moveCount(socket);
      let isAllowed: boolean;
      try {
        isAllowed = await directory.canAccessRoom(data, roomId);
      } catch (error) {
        if (data.roomId !== roomId || moveCount(socket) !== move) continue;
        if (attempt === 0)
          logger.warn(
            { err: error, userId: data.userId, roomId },
            'relay: room access re-check failed; tab kept in',
          );
        const next = attempt + 1;
        const outcome = retryWhileConnected(socket, ROOM_CHECK_RETRY, next, () => {
          void this.#recheckSocket(socket, next);
        });
        if (outcome === 'exhausted')
          logger.warn(
            { userId: data.userId, roomId },
            'relay: gave up re-checking room access; tab kept in until its next move or access change',
          );
        return;
      }
      // The tab moved while the provider answered (each move is one of its own packets, so this ends).
      if (data.roomId !== roomId || moveCount(socket) !== move) continue;
      if (!isAllowed) {
        void socket.leave(SOCKET_ROOMS.room(data.eventCode, roomId));
        delete data.roomId;
      }
      return;
    }
  }
}
