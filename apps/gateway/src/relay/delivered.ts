/**
 * Delivery of stored messages: once in the usual case, and never not at all. The provider stores a message
 * once per client_id and answers a resend with the same stored message; this remembers which stored ids were
 * delivered, on this node and (with Redis) across nodes, so a resend after a lost ack is acknowledged but not
 * delivered twice.
 *
 * With Redis, one script does it in one round trip: unless the id is marked delivered ('done'), it publishes
 * the message's fan-out to the other nodes (the adapter's own messages, see io.ts `encodeRemote`) and marks
 * the id 'done', atomically. Its answer therefore means the fan-out is in Redis (the ack that waits for it can
 * no longer outrun it), and a node that dies before the script ran has published nothing and marked nothing,
 * so the resend that follows delivers. Only then does this node emit to its own sockets. (Before, this took two
 * round trips: a claim — a 'pending' lease — then the publish and a confirming SET; a 'pending' left by an
 * older node is not 'done', so the resend delivers.) The script runs on a Redis connection of its own, its RESP
 * written by hand (script-connection.ts): a fraction of ioredis's CPU per call.
 *
 * When the script cannot run (this node's Redis connection is away, or Redis answers it an error: OOM under
 * `maxmemory` with noeviction, READONLY after a failover, BUSY) or does not answer in time, the message is
 * delivered to this node's own sockets only and acknowledged: the other nodes' sockets in its rooms missed it,
 * and they may not lose a Redis connection themselves (only this node's went), so nothing else would tell them.
 * This node remembers those rooms (at most `OWED_ROOMS_MAX`; past that, every socket) and, once the script runs
 * again, publishes a `resync` to the other nodes' sockets in them, through the same script (its answer means
 * the publish is in Redis; a node not subscribed at that moment resyncs all its sockets when it subscribes
 * again, io.ts). It tries after the next script call that succeeds, and every `confirmMs` while owed.
 */
import { randomUUID } from 'node:crypto';
import { FixedWaits } from '../runtime/fixed-waits.ts';
import { RecentMap } from './recent-map.ts';

/** How long a delivered id is remembered: longer than any client keeps retrying. */
const REMEMBER_MS = 15 * 60 * 1000;
const REMEMBER_MS_ARG = String(REMEMBER_MS);
/**
 * This node's memory forgets an id only once it is REMEMBER_MS old or this many newer ids came after it
 * (`RecentMap`: at most twice as many are held). With Redis, Redis remembers each id for REMEMBER_MS.
 */
const REMEMBER_LOCALLY = 200_000;
/**
 * Longest wait for Redis to answer before delivering on this node regardless (Redis stalled; runtime/fixed-waits.ts:
 * an answer that came while this node's own loop stalled is still taken, so a resend is not delivered twice).
 */
export const CONFIRM_MS = 2_000;
/** Rooms remembered as owed a `resync` (see the file's header); past this many, every socket is. */
const OWED_ROOMS_MAX = 2_000;
/** How long Redis keeps the mark of an owed `resync` published (the script marks its key; nothing reads it). */
const OWED_MARK_MS_ARG = '60000';

/**
 * KEYS[1] the id's key; ARGV[1] how long to remember it (ms); then channel, message pairs to publish.
 * Answers 1 when it published (and marked the id done), 0 when the id was delivered before. One SET with GET
 * (Redis 6.2+) marks the id and reads what was there, instead of a GET and a SET: two commands per message
 * with the publish instead of three (a resend of a delivered id rewrites 'done' with a fresh expiry; nothing
 * else differs, the script being atomic).
 */
export const DELIVER_ONCE_SCRIPT = `
if redis.call('SET', KEYS[1], 'done', 'PX', ARGV[1], 'GET') == 'done' then return 0 end
for i = 2, #ARGV, 2 do redis.call('PUBLISH', ARGV[i], ARGV[i + 1]) end
return 1`;

/** Runs the once-only script: `script-connection.ts`, over a Redis connection of its own. */
export interface OnceScript {
  call(keys: readonly string[], args: ReadonlyArray<string | Buffer>): Promise<unknown>;
}

/** An emit target shaped like socket.io's `io.to(rooms).emit(event, payload)`. */
export interface FanoutTarget {
  to(rooms: string | string[]): { emit(event: string, payload: unknown): unknown };
}

/** How a node reaches sockets: its own, and (encoded as the Redis adapter publishes it) the other nodes'. */
export interface Fanout {
  /** This node's sockets only. */
  local: FanoutTarget;
  /** The adapter's publish for an emit to `rooms`: its channel and message; undefined without Redis. */
  encodeRemote(
    rooms: string[],
    event: string,
    payload: unknown,
  ): { channel: string; message: Buffer } | undefined;
  /**
   * The adapter's publish of a `resync` to the other nodes' sockets in `rooms` (every socket when empty);
   * absent without Redis (no other node).
   */
  remoteResync?(rooms: string[]): { channel: string; message: Buffer } | undefined;
}

/** One emit recorded by `deliverOnce` before it is sent. */
interface Emit {
  rooms: string[];
  event: string;
  payload: unknown;
}

/** A script call that could not be made: no answer. */
const NO_ANSWER: Promise<unknown> = Promise.resolve(undefined);

/** A resend's answer: not delivered again. */
const notAgain = (): boolean => false;
/** The answers that need no waiting: one settled promise each, shared (nothing allocated per message for them). */
const DELIVERED: Promise<boolean> = Promise.resolve(true);
const NOT_AGAIN: Promise<boolean> = Promise.resolve(false);

export class DeliveredMessages {
  readonly #local = new RecentMap<string, true>(REMEMBER_MS, { minCount: REMEMBER_LOCALLY });

  /**
   * Ids whose first delivery on this node waits for the script's answer, and that answer (a resend's answer
   * waits for it). Only deliveries through the script are in flight: without it a delivery is done when
   * `deliverOnce` returns, so a resend has nothing to wait for.
   */
  readonly #inFlight = new Map<string, Promise<unknown>>();

  readonly #keyPrefix: string;
  readonly #resyncKeyPrefix: string;
  /** Rooms whose sockets on other nodes are owed a `resync`; `#owesEveryone` past `owedRoomsMax`. */
  #owed = new Set<string>();
  #owesEveryone = false;
  #isSettling = false;
  #settleTimer: ReturnType<typeof setTimeout> | undefined;
  /** Script calls waiting for their answer (`#publishOnce`): one timer for them all, not one per call. */
  readonly #waits: FixedWaits;

  constructor(
    /** The script's connection while it is ready, else undefined (no Redis, or Redis away). */
    private readonly script: () => OnceScript | undefined,
    prefix: string,
    private readonly fanout: Fanout,
    /** How long to wait for Redis's answer (tests shorten it). */
    private readonly confirmMs = CONFIRM_MS,
    /** Rooms owed a `resync` remembered one by one (tests lower it). */
    private readonly owedRoomsMax = OWED_ROOMS_MAX,
  ) {
    this.#keyPrefix = `${prefix}:relay:delivered:`;
    this.#resyncKeyPrefix = `${prefix}:relay:owed-resync:`;
    this.#waits = new FixedWaits(confirmMs, { rejectionIsNoAnswer: true });
  }

  /**
   * Delivers what `deliver` emits (synchronously, on the target it is given) unless this stored message was
   * delivered before; with Redis, the other nodes' share is in Redis when this answers (or after 2 s, when
   * Redis stalled). True when it delivered. With Redis away, the node's own memory decides (a resend reaching
   * another node during an outage may then be delivered again; clients drop duplicates by id). A resend reaching
   * this node while the first copy's script is still unanswered is answered (false) only once it is.
   */
  deliverOnce(messageId: string, deliver: (target: FanoutTarget) => void): Promise<boolean> {
    if (!this.#local.add(messageId, true)) {
      // A resend while the first copy's delivery is under way (its script not answered yet): answered once that
      // delivery is done, so the resend's ack cannot come before the first copy's publish is in Redis.
      const first = this.#inFlight.get(messageId);
      return first ? first.then(notAgain, notAgain) : NOT_AGAIN;
    }
    const script = this.script();
    if (script) return this.#deliverFirst(messageId, script, deliver);
    // No script (no Redis, or Redis away from this node): delivered now, nothing in flight.
    try {
      this.#deliverAlone(deliver);
    } catch (error) {
      return Promise.reject(error as Error);
    }
    return DELIVERED;
  }

  /** A first delivery without the script: this node's own sockets (`deliverOnce`). */
  #deliverAlone(deliver: (target: FanoutTarget) => void): void {
    if (!this.fanout.remoteResync) {
      deliver(this.fanout.local);
      return;
    }
    // Redis away from this node: its own sockets only; the other nodes' are owed a resync.
    deliver({
      to: (rooms) => {
        this.#owe(typeof rooms === 'string' ? [rooms] : rooms);
        return this.fanout.local.to(rooms);
      },
    });
  }

  /** The first delivery of an id on this node through the script (`deliverOnce`). */
  async #deliverFirst(
    messageId: string,
    script: OnceScript,
    deliver: (target: FanoutTarget) => void,
  ): Promise<boolean> {
    const emits: Emit[] = [];
    deliver({
      to: (rooms) => ({
        emit: (event, payload) =>
          emits.push({ rooms: typeof rooms === 'string' ? [rooms] : rooms, event, payload }),
      }),
    });
    // ARGV: how long to remember the id, then the channel, message pairs.
    const args: Array<string | Buffer> = [REMEMBER_MS_ARG];
    for (const { rooms, event, payload } of emits) {
      const remote = this.fanout.encodeRemote(rooms, event, payload);
      if (remote) args.push(remote.channel, remote.message);
    }
    // In flight from here until the answer is taken: a resend meanwhile waits on the answer (never rejected:
    // `#publishOnce`). Its wait was queued after this function's own `await` of it, so it is answered only once
    // this delivery has run on (the local emits below): no extra promise per message to know when it landed.
    const answering = this.#publishOnce(script, this.#keyPrefix + messageId, args);
    this.#inFlight.set(messageId, answering);
    const answer = await answering;
    this.#inFlight.delete(messageId);
    if (answer === 0) return false;
    if (answer === undefined && this.fanout.remoteResync) for (const { rooms } of emits) this.#owe(rooms);
    else if (this.#owesEveryone || this.#owed.size > 0) void this.#settleOwed();
    for (const { rooms, event, payload } of emits) this.fanout.local.to(rooms).emit(event, payload);
    return true;
  }

  /** These rooms' sockets on other nodes missed a message: remember them (see the file's header). */
  #owe(rooms: readonly string[]): void {
    if (!this.#owesEveryone) {
      for (const room of rooms) this.#owed.add(room);
      if (this.#owed.size > this.owedRoomsMax) {
        this.#owesEveryone = true;
        this.#owed.clear();
      }
    }
    this.#settleLater();
  }

  #settleLater(): void {
    if (this.#settleTimer) return;
    this.#settleTimer = setTimeout(() => {
      this.#settleTimer = undefined;
      void this.#settleOwed();
    }, this.confirmMs);
    this.#settleTimer.unref();
  }

  /** Publishes the owed `resync` through the script; what it could not publish stays owed and is tried again. */
  async #settleOwed(): Promise<void> {
    if (this.#isSettling || (!this.#owesEveryone && this.#owed.size === 0)) return;
    const script = this.script();
    const remote = this.fanout.remoteResync;
    if (!script || !remote) {
      this.#settleLater();
      return;
    }
    const rooms = this.#owesEveryone ? [] : [...this.#owed];
    const resync = remote(rooms);
    if (!resync) return;
    this.#owed = new Set();
    this.#owesEveryone = false;
    this.#isSettling = true;
    const key = this.#resyncKeyPrefix + randomUUID();
    const answer = await this.#publishOnce(script, key, [OWED_MARK_MS_ARG, resync.channel, resync.message]);
    this.#isSettling = false;
    if (answer === 1) return;
    // Not published (or not known to be): owed still, with whatever was owed meanwhile.
    if (rooms.length === 0) {
      this.#owesEveryone = true;
      this.#owed.clear();
      this.#settleLater();
    } else this.#owe(rooms);
  }

  /**
   * Runs the script: 1 published, 0 delivered before; undefined when Redis failed or stalled (this node then
   * delivers to its own sockets, and the other nodes' sockets in its rooms are owed a resync). Waits for the
   * answer `confirmMs`, then until the loop has read its sockets once more (runtime/fixed-waits.ts: an answer
   * that came while this node's own loop stalled is still taken), one timer for every call waiting instead of a
   * timer, a race and two async frames per message (issue 17: per-message CPU).
   */
  #publishOnce(script: OnceScript, key: string, args: Array<string | Buffer>): Promise<unknown> {
    let call: Promise<unknown>;
    try {
      call = script.call([key], args);
    } catch {
      return NO_ANSWER;
    }
    return this.#waits.wait(call);
  }
}
