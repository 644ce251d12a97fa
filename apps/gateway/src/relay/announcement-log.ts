/**
 * The announcements sent, kept for as long as each is shown (its own duration; an untimed one for
 * ANNOUNCEMENT_UNTIMED_KEEP_MS), so that a tab whose socket was down while one was sent can ask for it after it
 * reconnects (`announcements_catch_up`). At most ANNOUNCEMENTS_KEPT_PER_EVENT per event. How they are kept (Redis
 * key `<prefix>:ann:<event code>`, the node's own copy, Redis away or slow): kept-log.ts.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  ANNOUNCEMENTS_KEPT_PER_EVENT,
  ANNOUNCEMENT_UNTIMED_KEEP_MS,
  AnnouncementSchema,
  type Announcement,
  type RecoveredAnnouncement,
} from '@showfloor/contracts';
import { KeptAudienceSchema, KeptLog, type KeptAudience, type KeptReader } from './kept-log.ts';

/** Who an announcement was meant for: listed users of the event, else one room of it, else all of it. */
export type AnnouncementAudience = KeptAudience;
export type AnnouncementReader = KeptReader;

/** One kept announcement: what was sent, to whom, and when it ends (ms since epoch). */
const KeptAnnouncementSchema = z.object({
  announcement: AnnouncementSchema,
  audience: KeptAudienceSchema,
  ends_at: z.number(),
});
type KeptAnnouncement = z.infer<typeof KeptAnnouncementSchema>;

export class AnnouncementLog {
  readonly #log: KeptLog<KeptAnnouncement>;

  constructor(
    redis: () => Redis | undefined,
    prefix: string,
    logger: FastifyBaseLogger,
    /** The node's clock in ms (tests move it): an announcement's `sent_at` is read from it too. */
    readonly now: () => number = Date.now,
    cap = ANNOUNCEMENTS_KEPT_PER_EVENT,
    redisMs?: number,
  ) {
    this.#log = new KeptLog(
      {
        segment: 'ann',
        schema: KeptAnnouncementSchema,
        idOf: (entry) => entry.announcement.id,
        sentAtOf: (entry) => entry.announcement.sent_at,
        cap,
        longestKeepMs: ANNOUNCEMENT_UNTIMED_KEEP_MS,
      },
      redis,
      prefix,
      logger,
      now,
      redisMs,
    );
  }

  /**
   * Keeps an announcement of `eventCode` sent now; resolves once Redis has it (or did not answer within its
   * budget: the node's copy has it either way). Never rejects.
   */
  record(eventCode: string, announcement: Announcement, audience: AnnouncementAudience): Promise<void> {
    const keepMs =
      announcement.duration === null ? ANNOUNCEMENT_UNTIMED_KEEP_MS : announcement.duration * 1000;
    return this.#log.keep(eventCode, { announcement, audience, ends_at: announcement.sent_at + keepMs });
  }

  /**
   * The announcements meant for `reader` still within their time, oldest first, each with what is left of its
   * duration (null: untimed).
   */
  async read(reader: AnnouncementReader): Promise<RecoveredAnnouncement[]> {
    const now = this.now();
    return (await this.#log.read(reader)).map(({ announcement, ends_at: endsAt }) => ({
      ...announcement,
      remaining_ms: announcement.duration === null ? null : endsAt - now,
    }));
  }

  /** Resolves once the rewrites in flight now have ended, written or not (tests). */
  rewritten(): Promise<void> {
    return this.#log.rewritten();
  }

  /** How many entries wait to be written to Redis again, over all events (tests). */
  unwrittenSize(): number {
    return this.#log.unwrittenSize();
  }

  /** How many the node's copy holds, over all events (tests). */
  localSize(): number {
    return this.#log.localSize();
  }
}
