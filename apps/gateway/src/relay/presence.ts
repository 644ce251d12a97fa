/**
 * Presence: when a user's last tab (on any node) disconnects, their event hears 'offline' (status-fanout.ts: at
 * once in the room that tab showed, in the next `user_status_batch` everywhere else). A short grace period lets a reloading tab come back without an offline blip; with Redis away only
 * this node's tabs are counted.
 *
 * The announcement is for the others: the user's own tabs never hear it. A tab takes 'offline' for its own user
 * as a sign-out elsewhere (the sign-out announces it, spec 02 §4.1) and signs out too; the relay's guess must not
 * do that to a tab that is, by hearing it, alive. The guess can be late: a reload slower than the grace period on
 * a busy machine, or a tab connecting while the other nodes are being asked. Such a tab stopped the guess before
 * (the question was answered before it joined, the announcement reached it after) and was signed out: the
 * two-node chat e2e's 'sign out' in the middle of a reload. Now a connection while the nodes are asked cancels
 * the announcement, and what is still sent skips the user's room.
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
  /** The checks asking the other nodes, per user: a tab connecting here meanwhile marks them. */
  readonly #asking = new Map<number, Set<{ hasConnected: boolean }>>();

  constructor(
    private readonly ctx: RelayContext,
    private readonly options: PresenceOptions,
  ) {}

  /** A tab of the user connected here: a pending offline check for them is moot. */
  connected(userId: number): void {
    for (const check of this.#asking.get(userId) ?? []) check.hasConnected = true;
    const timer = this.#pending.get(userId);
    if (timer) {
      clearTimeout(timer);
      this.#pending.delete(userId);
    }
  }

  /** A tab of the user disconnected here: after the grace period, announce 'offline' if no tab is left. */
  disconnected(userId: number, eventCode: string, roomId?: number): void {
    if (this.#pending.has(userId)) return;
    const timer = setTimeout(() => {
      this.#pending.delete(userId);
      void this.#announceIfGone(userId, eventCode, roomId);
    }, this.options.offlineGraceMs);
    timer.unref();
    this.#pending.set(userId, timer);
  }

  async #announceIfGone(userId: number, eventCode: string, roomId: number | undefined): Promise<void> {
    const room = SOCKET_ROOMS.user(userId);
    const { io, logger } = this.ctx;
    const hasLocalTab = () => (io.of('/').adapter.rooms.get(room)?.size ?? 0) > 0;
    if (hasLocalTab()) return;
    const check = { hasConnected: false };
    const checks = this.#asking.get(userId) ?? new Set();
    checks.add(check);
    this.#asking.set(userId, checks);
    try {
      const sockets = await io.in(room).fetchSockets();
      if (sockets.length > 0) return;
    } catch (error) {
      // Other nodes could not be asked (Redis away): this node has no tab left, which is all it can know.
      logger.debug({ err: error, userId }, 'presence: other nodes not reachable');
    } finally {
      checks.delete(check);
      if (checks.size === 0 && this.#asking.get(userId) === checks) this.#asking.delete(userId);
    }
    // A tab of the user came (here) while the nodes were asked: the user is not gone.
    if (check.hasConnected || hasLocalTab()) return;
    const change: UserStatusChange = { user_id: userId, user_status: 'offline', room_id: roomId ?? null };
    // At once to the room the last tab showed (not to the user's own tabs), to the event in the next batch.
    this.ctx.status.announce(eventCode, change, { roomId, toOwnTabs: false });
  }

  /** Drops pending checks (shutdown). */
  close(): void {
    for (const timer of this.#pending.values()) clearTimeout(timer);
    this.#pending.clear();
    this.#asking.clear();
  }
}
