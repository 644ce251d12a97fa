/**
 * Once-only delivery of stored messages. The provider stores a message once per client_id and answers a
 * resend with the same stored message; this remembers which stored ids were already delivered, on this node
 * and (with Redis) across nodes, so a resend after a lost ack is acknowledged but not delivered twice.
 */
import type { Redis } from 'ioredis';
import { TtlCache } from './ttl-cache.ts';

/** How long a delivered id is remembered: longer than any client keeps retrying. */
const REMEMBER_MS = 15 * 60 * 1000;

export class DeliveredMessages {
  readonly #local = new TtlCache<string, true>(REMEMBER_MS, 200_000);

  readonly #keyPrefix: string;

  constructor(
    private readonly redis: () => Redis | undefined,
    prefix: string,
  ) {
    this.#keyPrefix = `${prefix}:relay:delivered:`;
  }

  /**
   * True the first time a stored message id is claimed for delivery, false for a repeat. With Redis away, the
   * node's own memory decides (a resend reaching another node during an outage may then be delivered again;
   * clients drop duplicates by id).
   */
  async claim(messageId: string): Promise<boolean> {
    if (!this.#local.add(messageId, true)) return false;
    const redis = this.redis();
    if (!redis) return true;
    try {
      const answer = await redis.set(this.#keyPrefix + messageId, '1', 'PX', REMEMBER_MS, 'NX');
      return answer === 'OK';
    } catch {
      return true;
    }
  }
}
