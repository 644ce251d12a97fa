/**
 * Presence: when a user's last tab (on any node) disconnects, their event hears `user_status_changes` with
 * 'offline'. A short grace period lets a reloading tab come back without an offline blip; with Redis away only
 * this node's tabs are counted.
 */
import { SOCKET_ROOMS, type UserStatusChange } from '@showfloor/contracts';
import type { RelayContext } from './context.ts';

/** Settings of presence tracking. */
export interface PresenceOptions {
  /** Wait after a disconnect before deciding the user is gone. @default 1500 */
  offlineGraceMs: number;
}

export class Presence {
  readonly #pending = new Map<number, NodeJS.Timeout>();

  constructor(
    private readonly ctx: RelayContext,
    private readonly options: PresenceOptions,
  ) {}

  /** A tab of the user connected here: a pending offline check for them is moot. */
  connected(userId: number): void {
    const timer = this.#pending.get(userId);
    if (timer) {
      clearTimeout(timer);
      this.#pending.delete(userId);
    }
  }

  /** A tab of the user disconnected here: after the grace period, announce 'offline' if no tab is left. */
  disconnected(userId: number, eventCode: string): void {
    if (this.#pending.has(userId)) return;
    const timer = setTimeout(() => {
      this.#pending.delete(userId);
      void this.#announceIfGone(userId, eventCode);
    }, this.options.offlineGraceMs);
    timer.unref();
    this.#pending.set(userId, timer);
  }

  async #announceIfGone(userId: number, eventCode: string): Promise<void> {
    const room = SOCKET_ROOMS.user(userId);
    const { io, logger } = this.ctx;
    if ((io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0) return;
    try {
      const sockets = await io.in(room).fetchSockets();
      if (sockets.length > 0) return;
    } catch (error) {
      // Other nodes could not be asked (Redis away): this node has no tab left, which is all it can know.
      logger.debug({ err: error, userId }, 'presence: other nodes not reachable');
    }
    const change: UserStatusChange = { user_id: userId, user_status: 'offline', room_id: null };
    io.to(SOCKET_ROOMS.event(eventCode)).emit('user_status_changes', change);
    this.ctx.metrics.deliveries.inc({ topic: 'user_status_changes' });
  }

  /** Drops pending checks (shutdown). */
  close(): void {
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
  }
}
