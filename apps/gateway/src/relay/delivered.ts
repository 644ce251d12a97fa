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
 */
import { answerWithin } from '../runtime/answer-within.ts';
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
 * Longest wait for Redis to answer before delivering on this node regardless (Redis stalled; `answerWithin`: an
 * answer that came while this node's own loop stalled is still taken, so a resend is not delivered twice).
 */
export const CONFIRM_MS = 2_000;

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
}

/** One emit recorded by `deliverOnce` before it is sent. */
interface Emit {
  rooms: string[];
  event: string;
  payload: unknown;
}

/** A resend's answer: not delivered again. */
const notAgain = (): boolean => false;

export class DeliveredMessages {
  readonly #local = new RecentMap<string, true>(REMEMBER_MS, { minCount: REMEMBER_LOCALLY });

  /** Ids whose first delivery on this node is under way, and that delivery (a resend's answer waits for it). */
  readonly #inFlight = new Map<string, Promise<boolean>>();

  readonly #keyPrefix: string;

  constructor(
    /** The script's connection while it is ready, else undefined (no Redis, or Redis away). */
    private readonly script: () => OnceScript | undefined,
    prefix: string,
    private readonly fanout: Fanout,
    /** How long to wait for Redis's answer (tests shorten it). */
    private readonly confirmMs = CONFIRM_MS,
  ) {
    this.#keyPrefix = `${prefix}:relay:delivered:`;
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
      return first ? first.then(notAgain, notAgain) : Promise.resolve(false);
    }
    const delivering = this.#deliverFirst(messageId, deliver);
    this.#inFlight.set(messageId, delivering);
    const landed = (): void => void this.#inFlight.delete(messageId);
    delivering.then(landed, landed);
    return delivering;
  }

  /** The first delivery of an id on this node (`deliverOnce`). */
  async #deliverFirst(messageId: string, deliver: (target: FanoutTarget) => void): Promise<boolean> {
    const script = this.script();
    if (!script) {
      deliver(this.fanout.local);
      return true;
    }
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
    if ((await this.#publishOnce(script, this.#keyPrefix + messageId, args)) === 0) return false;
    for (const { rooms, event, payload } of emits) this.fanout.local.to(rooms).emit(event, payload);
    return true;
  }

  /**
   * Runs the script: 1 published, 0 delivered before; undefined when Redis failed or stalled (this node then
   * delivers to its own sockets; the nodes resync when Redis is back).
   */
  async #publishOnce(script: OnceScript, key: string, args: Array<string | Buffer>): Promise<unknown> {
    try {
      return await answerWithin(script.call([key], args), this.confirmMs);
    } catch {
      return undefined;
    }
  }
}
