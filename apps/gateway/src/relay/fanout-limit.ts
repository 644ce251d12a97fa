/**
 * Per-user limits of the topics a client emit fans out from: one emit of `user_events` is one socket write per
 * tab of the sender's event, one of `user_scene_events`, `view_content` or `user_status_changes` one per tab of
 * a room. The per-connection limiter (rate-limit.ts) bounds emits, not the writes they cost, and a user holds up
 * to RELAY_MAX_SOCKETS_PER_USER sockets on a node: so these topics also take a token from a bucket of the USER
 * (across their sockets on this node), whose rate goes with the audience (event-wide: a few a minute's worth;
 * room-wide: a few a second), plus a bucket of socket writes per user that each emit pays its audience's size
 * from (the node's sockets in the event or room: a lobby of thousands costs what it costs), and their payload is
 * capped in serialised bytes. Refused emits are acked 400 in
 * the relay's format ('Too many messages. Please slow down.', 'The payload is too large: …').
 *
 * Buckets are made on a user's first such emit and dropped once full again (a full bucket is a fresh one), so
 * idle connections cost nothing and the map holds only users who emitted within the last refill time.
 */
import { SOCKET_ROOMS, TOPICS } from '@showfloor/contracts';

/** A sustained rate and the burst above it. */
export interface Rate {
  perSecond: number;
  burst: number;
}

/** Settings of the fan-out limits (gateway env: RELAY_EVENT_FANOUT_*, RELAY_ROOM_FANOUT_*, RELAY_FANOUT_MAX_BYTES). */
export interface FanoutLimitOptions {
  /** Emits per user of a topic that goes to the whole event. */
  event: Rate;
  /** Emits per user of a topic that goes to a room at once. */
  room: Rate;
  /** Largest serialised payload (UTF-8 bytes of its JSON) of these topics. */
  maxBytes: number;
  /**
   * Socket writes per user (all these topics together): an emit costs the node's sockets in its audience (the
   * event's, or the room's), so a room of thousands (a lobby) allows fewer emits than a room of twenty.
   */
  writes: Rate;
}

/** Who hears a fanning-out topic. */
export type Audience = 'event' | 'room';

/** The client topics that fan out to an audience wider than the sender's own tabs, and which audience. */
export const FANOUT_TOPICS: ReadonlyMap<string, Audience> = new Map<string, Audience>([
  [TOPICS.USER_EVENTS, 'event'],
  [TOPICS.USER_SCENE_EVENTS, 'room'],
  [TOPICS.VIEW_CONTENT, 'room'],
  [TOPICS.USER_STATUS_CHANGES, 'room'],
]);

/** A token bucket read on demand. */
class Bucket {
  #tokens: number;
  #updatedAt: number;

  constructor(
    private readonly rate: Rate,
    now: number,
  ) {
    this.#tokens = rate.burst;
    this.#updatedAt = now;
  }

  #refill(now: number): void {
    this.#tokens = Math.min(
      this.rate.burst,
      this.#tokens + ((now - this.#updatedAt) * this.rate.perSecond) / 1000,
    );
    this.#updatedAt = now;
  }

  /**
   * Takes `cost` tokens if there are that many, or the bucket is full (a cost above the burst then leaves it in
   * debt, repaid at the rate before the next emit passes).
   */
  take(now: number, cost = 1): boolean {
    this.#refill(now);
    if (this.#tokens < Math.min(cost, this.rate.burst)) return false;
    this.#tokens -= cost;
    return true;
  }

  isFull(now: number): boolean {
    this.#refill(now);
    return this.#tokens >= this.rate.burst;
  }
}

/** The verdict on one emit of a fanning-out topic. */
export type FanoutVerdict = 'ok' | 'limited' | 'too_large';

/** The fan-out limits of one node: a bucket per user and topic. */
export class FanoutLimits {
  readonly #buckets = new Map<string, Bucket>();
  #sweptAt: number;
  /** How often the map is swept of full buckets: the longest refill, at least a second. */
  readonly #sweepMs: number;

  constructor(
    readonly options: FanoutLimitOptions,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.#sweptAt = now();
    const refillMs = (rate: Rate) => (rate.burst / rate.perSecond) * 1000;
    this.#sweepMs = Math.max(
      1_000,
      refillMs(options.event),
      refillMs(options.room),
      refillMs(options.writes),
    );
  }

  /**
   * Takes the user's token for `topic` (none needed for a topic not in {@link FANOUT_TOPICS}), then checks the
   * payload's serialised size. A refused emit still took its token, so oversized payloads are bounded too.
   */
  check(
    userId: number,
    topic: string,
    payload: unknown,
    /** The node's sockets the emit would be written to ({@link audienceSize}). */
    writeCost = 0,
    now = this.now(),
  ): FanoutVerdict {
    const audience = FANOUT_TOPICS.get(topic);
    if (!audience) return 'ok';
    if (now - this.#sweptAt >= this.#sweepMs) this.#sweep(now);
    const emits = this.#bucket(`${userId}:${topic}`, this.options[audience], now);
    const writes = this.#bucket(`${userId}:writes`, this.options.writes, now);
    // The emit's own token first: a refused emit costs no writes.
    if (!emits.take(now)) return 'limited';
    if (!writes.take(now, writeCost)) return 'limited';
    return payloadFits(payload, this.options.maxBytes) ? 'ok' : 'too_large';
  }

  #bucket(key: string, rate: Rate, now: number): Bucket {
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = new Bucket(rate, now);
      this.#buckets.set(key, bucket);
    }
    return bucket;
  }

  /** Users' buckets held (for tests and metrics). */
  get size(): number {
    return this.#buckets.size;
  }

  #sweep(now: number): void {
    this.#sweptAt = now;
    for (const [key, bucket] of this.#buckets) if (bucket.isFull(now)) this.#buckets.delete(key);
  }
}

/**
 * Whether the payload's JSON (what the client sent, re-serialised) is at most `maxBytes` UTF-8 bytes; nothing
 * fits. UTF-8 takes 1 to 3 bytes per UTF-16 unit (a surrogate pair's 4 bytes are 2 per unit), so the text's
 * length decides it without counting the bytes unless it lies between a third of the cap and the cap (one pass
 * over the text less per emit of a fanning-out topic; the usual payload is far below a third of 2,048).
 */
export function payloadFits(payload: unknown, maxBytes: number): boolean {
  if (payload === undefined) return true;
  let text: string | undefined;
  try {
    text = JSON.stringify(payload);
  } catch {
    // Not serialisable (it came from the JSON parser, so never): counted as too large.
    return false;
  }
  if (text === undefined || text.length * 3 <= maxBytes) return true;
  if (text.length > maxBytes) return false;
  return Buffer.byteLength(text) <= maxBytes;
}

/** What {@link audienceSize} reads of a socket. */
interface Sender {
  eventCode: string;
  roomId?: number;
}

/**
 * The node's sockets a fanning-out emit goes to: the event's for `user_events`, the tab's room for
 * `user_status_changes`, the payload's room for the others (0 when it names none: the handler refuses it).
 */
export function audienceSize(
  rooms: ReadonlyMap<string, ReadonlySet<unknown>>,
  topic: string,
  sender: Sender,
  payload: unknown,
): number {
  const audience = FANOUT_TOPICS.get(topic);
  if (!audience) return 0;
  let roomId: unknown;
  if (audience === 'event') return rooms.get(SOCKET_ROOMS.event(sender.eventCode))?.size ?? 0;
  if (topic === TOPICS.USER_STATUS_CHANGES) roomId = sender.roomId;
  else if (typeof payload === 'object' && payload !== null)
    roomId = (payload as { room_id?: unknown }).room_id;
  return typeof roomId === 'number' ? (rooms.get(SOCKET_ROOMS.room(sender.eventCode, roomId))?.size ?? 0) : 0;
}
