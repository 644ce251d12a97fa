/**
 * Per-user limits of the topics a client emit fans out from: one emit of `user_events` is one socket write per
 * tab of the sender's event, one of `user_scene_events`, `view_content` or `user_status_changes` one per tab of
 * a room. The per-connection limiter (rate-limit.ts) bounds emits, not the writes they cost, and a user holds up
 * to RELAY_MAX_SOCKETS_PER_USER sockets on a node: so these topics also take a token from a bucket of the USER
 * (across their sockets on this node), whose rate goes with the audience (event-wide: a few a minute's worth;
 * room-wide: a few a second), and their payload is capped in serialised bytes. Refused emits are acked 400 in
 * the relay's format ('Too many messages. Please slow down.', 'The payload is too large: …').
 *
 * Buckets are made on a user's first such emit and dropped once full again (a full bucket is a fresh one), so
 * idle connections cost nothing and the map holds only users who emitted within the last refill time.
 */
import { TOPICS } from '@showfloor/contracts';

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

  take(now: number): boolean {
    this.#refill(now);
    if (this.#tokens < 1) return false;
    this.#tokens -= 1;
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
    this.#sweepMs = Math.max(1_000, refillMs(options.event), refillMs(options.room));
  }

  /**
   * Takes the user's token for `topic` (none needed for a topic not in {@link FANOUT_TOPICS}), then checks the
   * payload's serialised size. A refused emit still took its token, so oversized payloads are bounded too.
   */
  check(userId: number, topic: string, payload: unknown, now = this.now()): FanoutVerdict {
    const audience = FANOUT_TOPICS.get(topic);
    if (!audience) return 'ok';
    if (now - this.#sweptAt >= this.#sweepMs) this.#sweep(now);
    const key = `${userId}:${topic}`;
    let bucket = this.#buckets.get(key);
    if (!bucket) {
      bucket = new Bucket(this.options[audience], now);
      this.#buckets.set(key, bucket);
    }
    if (!bucket.take(now)) return 'limited';
    return payloadBytes(payload) > this.options.maxBytes ? 'too_large' : 'ok';
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

/** UTF-8 bytes of the payload's JSON (what the client sent, re-serialised); 0 for nothing. */
export function payloadBytes(payload: unknown): number {
  if (payload === undefined) return 0;
  try {
    const text = JSON.stringify(payload);
    return text === undefined ? 0 : Buffer.byteLength(text);
  } catch {
    // Not serialisable (it came from the JSON parser, so never): counted as too large.
    return Number.POSITIVE_INFINITY;
  }
}
