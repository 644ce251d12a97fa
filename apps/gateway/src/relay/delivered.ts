/**
 * Delivery of stored messages: once in the usual case, and never not at all. The provider stores a message
 * once per client_id and answers a resend with the same stored message; this remembers which stored ids were
 * delivered, on this node and (with Redis) across nodes, so a resend after a lost ack is acknowledged but not
 * delivered twice. The claim is a lease ('pending') until the node confirms its publish ('done'): a node that
 * died in between leaves 'pending', and the resend that follows delivers again (clients drop the copy by id).
 * The confirmation is written after the publish on the same Redis connection, so its answer means the publish
 * is in Redis: the ack that waits for it can no longer outrun the fan-out.
 */
import type { Redis } from 'ioredis';
import { TtlCache } from './ttl-cache.ts';

/** How long a delivered id is remembered: longer than any client keeps retrying. */
const REMEMBER_MS = 15 * 60 * 1000;
/** How long a claim holds before the delivery is confirmed (a resend after it delivers anyway). */
const LEASE_MS = 30_000;
/** Longest wait for Redis to confirm a publish before acknowledging regardless (Redis stalled). */
const CONFIRM_MS = 2_000;
const PENDING = 'pending';
const DONE = 'done';

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
   * Runs `deliver` (which emits synchronously) unless this stored message was delivered before, then waits
   * until Redis has the publishes `deliver` made (at most 2 s). True when it delivered. With Redis away, the
   * node's own memory decides (a resend reaching another node during an outage may then be delivered again;
   * clients drop duplicates by id).
   */
  async deliverOnce(messageId: string, deliver: () => void): Promise<boolean> {
    if (!this.#local.add(messageId, true)) return false;
    const redis = this.redis();
    if (!redis) {
      deliver();
      return true;
    }
    const key = this.#keyPrefix + messageId;
    try {
      if ((await redis.set(key, PENDING, 'PX', LEASE_MS, 'NX')) !== 'OK') {
        // Claimed before: delivered ('done'), or the claimer has not confirmed (still at it, or it died).
        if ((await redis.get(key)) === DONE) return false;
      }
    } catch {
      // Redis went away meanwhile: deliver (its publish is skipped; the nodes resync when Redis is back).
    }
    deliver();
    await this.#confirm(redis, key);
    return true;
  }

  /** Marks the delivery done; answered only after the publishes sent before it on this connection. */
  async #confirm(redis: Redis, key: string): Promise<void> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    try {
      await Promise.race([
        redis.set(key, DONE, 'PX', REMEMBER_MS),
        new Promise((resolve) => {
          timer = setTimeout(resolve, CONFIRM_MS);
        }),
      ]);
    } catch {
      // Not confirmed: a resend may deliver again, which clients tolerate.
    } finally {
      clearTimeout(timer);
    }
  }
}
