/**
 * The refreshes sent (`sessions_triggers`), kept until REFRESH_KEEP_MS after each was due (sent, plus its
 * `refresh_delay`), so that a tab whose socket was down when one was sent carries it out after it reconnects
 * (`refreshes_catch_up`). At most REFRESHES_KEPT_PER_EVENT per event. How they are kept (Redis key
 * `<prefix>:refresh:<event code>`, the node's own copy, Redis away or slow): kept-log.ts.
 */
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import {
  EpochMsSchema,
  RecoveredRefreshSchema,
  REFRESHES_KEPT_PER_EVENT,
  REFRESH_DELAY_MAX_MS,
  REFRESH_KEEP_MS,
  type RecoveredRefresh,
} from '@showfloor/contracts';
import { KeptAudienceSchema, KeptLog, type KeptAudience, type KeptReader } from './kept-log.ts';

/** One kept refresh: the live frame (with its id), when it was sent, to whom, and when it ends (ms since epoch). */
const KeptRefreshSchema = z.object({
  refresh: RecoveredRefreshSchema.extend({ sent_at: EpochMsSchema }),
  audience: KeptAudienceSchema,
  ends_at: z.number(),
});
type KeptRefresh = z.infer<typeof KeptRefreshSchema>;

/** The longest a refresh is kept: the longest delay a manager may give, then the window. */
const LONGEST_KEEP_MS = REFRESH_DELAY_MAX_MS + REFRESH_KEEP_MS;

export class RefreshLog {
  readonly #log: KeptLog<KeptRefresh>;

  constructor(
    redis: () => Redis | undefined,
    prefix: string,
    logger: FastifyBaseLogger,
    /** The node's clock in ms (tests move it). */
    readonly now: () => number = Date.now,
    cap = REFRESHES_KEPT_PER_EVENT,
    redisMs?: number,
  ) {
    this.#log = new KeptLog(
      {
        segment: 'refresh',
        schema: KeptRefreshSchema,
        idOf: (entry) => entry.refresh.id,
        sentAtOf: (entry) => entry.refresh.sent_at,
        cap,
        longestKeepMs: LONGEST_KEEP_MS,
      },
      redis,
      prefix,
      logger,
      now,
      redisMs,
    );
  }

  /**
   * Keeps a refresh of `eventCode` sent now (`refresh`: the live frame); resolves once Redis has it (or did not
   * answer within its budget: the node's copy has it either way). Never rejects.
   */
  record(eventCode: string, refresh: RecoveredRefresh, audience: KeptAudience): Promise<void> {
    const sentAt = this.now();
    const endsAt = sentAt + (refresh.refresh_delay ?? 0) + REFRESH_KEEP_MS;
    return this.#log.keep(eventCode, { refresh: { ...refresh, sent_at: sentAt }, audience, ends_at: endsAt });
  }

  /**
   * The refreshes meant for `reader` within REFRESH_KEEP_MS of being due, oldest first, each as the live frame with
   * `refresh_delay` what is left of it (0 when due already; absent when none was given).
   */
  async read(reader: KeptReader): Promise<RecoveredRefresh[]> {
    const now = this.now();
    return (await this.#log.read(reader)).map(({ refresh: { sent_at: sentAt, ...refresh } }) =>
      refresh.refresh_delay === undefined
        ? refresh
        : { ...refresh, refresh_delay: Math.max(0, sentAt + refresh.refresh_delay - now) },
    );
  }

  /** How many the node's copy holds, over all events (tests). */
  localSize(): number {
    return this.#log.localSize();
  }
}
