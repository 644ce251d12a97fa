/**
 * Frames the relay keeps for a while after sending them, so that a tab whose socket was down when one was sent can
 * ask for it after it reconnects: announcements while shown (announcement-log.ts, `announcements_catch_up`) and
 * refreshes a short while after they were due (refresh-log.ts, `refreshes_catch_up`). One log per kind (its own Redis
 * key, cap and longest keep); each entry holds the frame, its audience (decided server-side: listed users, one room
 * or the whole event) and when it ends. At most the kind's cap per event: past that, the one closest to its end goes
 * first.
 *
 * With Redis: one sorted set per kind and event (`<prefix>:<segment>:<event code>`), member the kept entry's JSON,
 * score the time it ends (ms); written by one MULTI (add, drop the ended, trim to the cap, expire the key with the
 * kind's longest keep), so every node reads what any node kept (a tab may reconnect to another node). The node also
 * keeps its own copy of what it sent, merged by id with Redis's answer (or alone when Redis is away or slow:
 * then a tab recovers only what its new node sent); an entry whose Redis write failed is written again by the
 * event's next write or, in the background (the read does not wait for it), a read that reaches Redis. Concurrent reads of one event share one Redis read. Without
 * Redis (one node) the copy is all there is. The copy is pruned at every write (every event's ended entries) and
 * read, so it holds at most the cap per event of entries still within their time.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { IdSchema } from '@showfloor/contracts';
import { answerWithin } from '../runtime/answer-within.ts';

/** Who a kept frame was meant for: listed users of the event, else one room of it, else all of it. */
export const KeptAudienceSchema = z.union([
  z.object({ user_ids: z.array(IdSchema).min(1) }),
  z.object({ room_id: IdSchema }),
  z.object({ event: z.literal(true) }),
]);
export type KeptAudience = z.infer<typeof KeptAudienceSchema>;

/** One kept entry: the frame (under the kind's own key), to whom it went, and when it ends (ms since epoch). */
export interface KeptEntry {
  audience: KeptAudience;
  ends_at: number;
}

/** What a log needs to know of its kind of entry. */
export interface KeptKind<Kept extends KeptEntry> {
  /** The Redis key's segment (`<prefix>:<segment>:<event code>`), also the log's name in its warnings. */
  segment: string;
  /** A whole entry as written to Redis (an entry that fails it is skipped on read). */
  schema: z.ZodType<Kept>;
  /** The frame's id, unique: the node's copy and Redis's answer are merged by it. */
  idOf: (entry: Kept) => string;
  /** When the frame was sent (ms since epoch): answers are oldest first. */
  sentAtOf: (entry: Kept) => number;
  /** The most kept per event. */
  cap: number;
  /** The longest any entry is kept: the Redis key's expiry. */
  longestKeepMs: number;
}

/** Who is asking: the socket's user and event, and the room the relay put the tab in (none: the lobby-less). */
export interface KeptReader {
  userId: number;
  eventCode: string;
  roomId?: number;
}

/** Longest wait for Redis (a write before the send is acked, a read) before the node's own copy is used. */
const REDIS_MS = 1_000;

function isFor(kept: KeptEntry, reader: KeptReader): boolean {
  const { audience } = kept;
  if ('user_ids' in audience) return audience.user_ids.includes(reader.userId);
  if ('room_id' in audience) return reader.roomId !== undefined && audience.room_id === reader.roomId;
  return true;
}

/** `list` cut to `cap`: the one closest to its end goes first, as in Redis (ZREMRANGEBYRANK on the score). */
function capped<Kept extends KeptEntry>(list: Kept[], cap: number): Kept[] {
  while (list.length > cap) {
    let soonest = 0;
    for (let i = 1; i < list.length; i += 1)
      if ((list[i]?.ends_at ?? 0) < (list[soonest]?.ends_at ?? 0)) soonest = i;
    list.splice(soonest, 1);
  }
  return list;
}

export class KeptLog<Kept extends KeptEntry> {
  /** The node's copy, by event code: entries in the order kept. */
  readonly #local = new Map<string, Kept[]>();
  /** Entries whose Redis write failed or was late, by event code (at most the cap each): written again later. */
  readonly #unwritten = new Map<string, Kept[]>();
  /** The Redis read in flight per event code, shared by concurrent readers. */
  readonly #reads = new Map<string, Promise<Kept[] | undefined>>();
  /** The events whose unwritten entries a read is writing again (in the background). */
  readonly #rewrites = new Map<string, Promise<void>>();

  constructor(
    private readonly kind: KeptKind<Kept>,
    private readonly redis: () => Redis | undefined,
    private readonly prefix: string,
    private readonly logger: FastifyBaseLogger,
    /** The node's clock in ms (tests move it): a frame's `sent_at` is read from it too. */
    readonly now: () => number = Date.now,
    private readonly redisMs = REDIS_MS,
  ) {}

  #key(eventCode: string): string {
    return `${this.prefix}:${this.kind.segment}:${eventCode}`;
  }

  /**
   * Keeps an entry of `eventCode` sent now; resolves once Redis has it (or did not answer within its budget: the
   * node's copy has it either way). Never rejects.
   */
  async keep(eventCode: string, kept: Kept): Promise<void> {
    const now = this.now();
    this.#keepLocally(eventCode, kept, now);
    const redis = this.redis();
    if (!redis) return;
    await this.#write(redis, eventCode, [kept], now);
  }

  /**
   * Writes `entries` of the event to Redis with those of it whose earlier write failed (ZADD of the same member
   * is idempotent). On success the event has none unwritten; otherwise `entries` join the unwritten (at most the
   * cap, the one closest to its end going first), to be written again by the event's next write or a read that
   * reaches Redis. Never rejects.
   */
  async #write(redis: Redis, eventCode: string, entries: Kept[], now: number): Promise<void> {
    const retried = (this.#unwritten.get(eventCode) ?? []).filter((entry) => entry.ends_at > now);
    const all = [...retried, ...entries];
    if (all.length === 0) return;
    const key = this.#key(eventCode);
    const multi = redis.multi();
    for (const entry of all) multi.zadd(key, entry.ends_at, JSON.stringify(entry));
    const write = multi
      .zremrangebyscore(key, '-inf', now)
      .zremrangebyrank(key, 0, -(this.kind.cap + 1))
      .pexpire(key, this.kind.longestKeepMs)
      .exec();
    let written = false;
    try {
      const answer = await answerWithin(write, this.redisMs);
      written = answer !== undefined && answer !== null && answer.every(([error]) => !error);
      if (!written)
        this.logger.warn(
          { eventCode, kind: this.kind.segment },
          'not kept in redis in time: this node keeps it',
        );
    } catch (error) {
      this.logger.warn(
        { err: error, eventCode, kind: this.kind.segment },
        'not kept in redis: this node keeps it',
      );
    }
    if (written) {
      // Only what this write carried: an entry made unwritten meanwhile stays for the next.
      const left = (this.#unwritten.get(eventCode) ?? []).filter((entry) => !all.includes(entry));
      if (left.length === 0) this.#unwritten.delete(eventCode);
      else this.#unwritten.set(eventCode, left);
    } else {
      const current = this.#unwritten.get(eventCode) ?? [];
      this.#unwritten.set(
        eventCode,
        capped([...current, ...entries.filter((entry) => !current.includes(entry))], this.kind.cap),
      );
    }
  }

  /** How many entries wait to be written to Redis again, over all events (tests). */
  unwrittenSize(): number {
    let n = 0;
    for (const list of this.#unwritten.values()) n += list.length;
    return n;
  }

  /** The entries meant for `reader` still within their time, oldest first. */
  async read(reader: KeptReader): Promise<Kept[]> {
    const now = this.now();
    const local = this.#readLocal(reader.eventCode, now);
    const fromRedis = await this.#readRedis(reader.eventCode, now);
    // Redis's answer with the node's own copy, by id: what this node sent but Redis lacks (its write failed or
    // is late) is still recovered.
    const byId = new Map<string, Kept>();
    for (const entry of [...(fromRedis ?? []), ...local]) {
      const id = this.kind.idOf(entry);
      if (!byId.has(id)) byId.set(id, entry);
    }
    return [...byId.values()]
      .filter((entry) => entry.ends_at > now && isFor(entry, reader))
      .sort((a, b) => this.kind.sentAtOf(a) - this.kind.sentAtOf(b));
  }

  /**
   * What Redis keeps of the event, or undefined when there is no Redis or it failed or was slow. Concurrent
   * readers of one event share one Redis read (a restarted node's tabs all ask at once); each filters the parsed
   * entries for itself. A read that reaches Redis writes the event's unwritten entries again, without waiting.
   */
  #readRedis(eventCode: string, now: number): Promise<Kept[] | undefined> {
    const redis = this.redis();
    if (!redis) return Promise.resolve(undefined);
    const inFlight = this.#reads.get(eventCode);
    if (inFlight) return inFlight;
    const read = this.#readRedisOnce(redis, eventCode, now).finally(() => this.#reads.delete(eventCode));
    this.#reads.set(eventCode, read);
    return read;
  }

  async #readRedisOnce(redis: Redis, eventCode: string, now: number): Promise<Kept[] | undefined> {
    try {
      const members = await answerWithin(
        redis.zrangebyscore(this.#key(eventCode), `(${now}`, '+inf'),
        this.redisMs,
      );
      if (members === undefined) return undefined;
      if (this.#unwritten.has(eventCode)) this.#rewrite(redis, eventCode, now);
      return this.#parseMembers(eventCode, members);
    } catch (error) {
      this.logger.warn(
        { err: error, eventCode, kind: this.kind.segment },
        'kept frames not read from redis: this node answers',
      );
      return undefined;
    }
  }

  /**
   * Writes the event's unwritten entries again in the background, under the write's own budget: the read that
   * reached Redis answers without waiting for it (a Redis that answers reads but stalls on writes would hold a
   * catch-up a second budget). One rewrite per event at a time; a failed one leaves them for the next.
   */
  #rewrite(redis: Redis, eventCode: string, now: number): void {
    if (this.#rewrites.has(eventCode)) return;
    const rewrite = this.#write(redis, eventCode, [], now).finally(() => this.#rewrites.delete(eventCode));
    this.#rewrites.set(eventCode, rewrite);
  }

  /** Resolves once the rewrites in flight now have ended, written or not (tests). */
  async rewritten(): Promise<void> {
    await Promise.all(this.#rewrites.values());
  }

  /** Each member parsed on its own: a bad one is skipped (and logged once per read), the rest are kept. */
  #parseMembers(eventCode: string, members: string[]): Kept[] {
    const kept: Kept[] = [];
    let bad = 0;
    for (const member of members) {
      let json: unknown;
      try {
        json = JSON.parse(member);
      } catch {
        bad += 1;
        continue;
      }
      const parsed = this.kind.schema.safeParse(json);
      if (parsed.success) kept.push(parsed.data);
      else bad += 1;
    }
    if (bad > 0)
      this.logger.warn(
        { eventCode, bad, kind: this.kind.segment },
        'kept frames in redis not understood: skipped',
      );
    return kept;
  }

  #readLocal(eventCode: string, now: number): Kept[] {
    const list = (this.#local.get(eventCode) ?? []).filter((entry) => entry.ends_at > now);
    if (list.length === 0) this.#local.delete(eventCode);
    else this.#local.set(eventCode, list);
    return list;
  }

  #keepLocally(eventCode: string, kept: Kept, now: number): void {
    for (const [code, list] of this.#local) {
      const live = list.filter((entry) => entry.ends_at > now);
      if (live.length === 0) this.#local.delete(code);
      else if (live.length !== list.length) this.#local.set(code, live);
    }
    this.#local.set(eventCode, capped([...(this.#local.get(eventCode) ?? []), kept], this.kind.cap));
  }

  /** How many the node's copy holds, over all events (tests). */
  localSize(): number {
    let n = 0;
    for (const list of this.#local.values()) n += list.length;
    return n;
  }
}
