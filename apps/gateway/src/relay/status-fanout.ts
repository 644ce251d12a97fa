/**
 * Who hears a status change, and when (issue 17: announcing each change to the whole event at once is one emit
 * per visitor per change, O(visitors²), which held two cores to 3,000 visitors):
 *
 * - **at once**, `user_status_changes` to the user's own tabs (every node) and to the room the sending tab shows
 *   (every node): the participant list and the room chat beside the user;
 * - **within one interval**, `user_status_batch {changes}` to every tab of the event: each node collects the
 *   changes it hears (its own, and the other nodes' through `serverSideEmit('status_changed')`) and every
 *   `batchMs` emits one batch per event to its own tabs (`io.local`), the latest status per user.
 *
 * A node writes a batch to its tabs `chunkSize` at a time, letting other work (chat) run between chunks: one
 * synchronous write to thousands of sockets held the event loop for tens of milliseconds every interval.
 *
 * Order: the change is told to the other nodes before the room hears it, on the same Redis connection, so a
 * node's batch never carries a status older than what it passed on at once to the same socket (a later chunk
 * leaves out a user who changed again since the flush began: the next batch has them).
 * The relay's 'offline' guess (presence.ts) skips the user's own tabs: they go at once to the room only.
 */
import {
  MAX_STATUS_BATCH_CHANGES,
  SOCKET_ROOMS,
  StatusChangedSchema,
  type UserStatus,
  type UserStatusChange,
} from '@showfloor/contracts';
import type { RelayServer } from './io.ts';
import type { AdapterState, RelayMetrics } from './metrics.ts';

/** What the fan-out needs of the relay. */
export interface StatusFanoutDeps {
  io: RelayServer;
  metrics: Pick<RelayMetrics, 'deliveries'>;
  adapterState: () => AdapterState;
}

/** Settings of the status fan-out. */
export interface StatusFanoutOptions {
  /** How often each node emits the event's batch to its tabs (ms). */
  batchMs: number;
  /** Tabs written to at a time; other work runs between chunks. @default 500 */
  chunkSize?: number;
}

/** Where a change goes at once. */
export interface StatusTargets {
  /** The room the user's tab shows (its participant list hears the change at once). */
  roomId: number | undefined;
  /** The user's own tabs hear it too (not for the relay's 'offline' guess). */
  toOwnTabs: boolean;
}

export class StatusFanout {
  /** Changes heard since the last flush: event code → user id → latest status (insertion order kept). */
  readonly #pending = new Map<string, Map<number, UserStatus>>();
  readonly #timer: NodeJS.Timeout;
  readonly #chunkSize: number;
  #isClosed = false;

  constructor(
    private readonly deps: StatusFanoutDeps,
    options: StatusFanoutOptions,
  ) {
    deps.io.on('status_changed', (payload) => {
      const parsed = StatusChangedSchema.safeParse(payload);
      if (parsed.success) this.#collect(parsed.data.event_code, parsed.data.user_id, parsed.data.user_status);
    });
    this.#chunkSize = options.chunkSize ?? 500;
    this.#timer = setInterval(() => this.flush(), options.batchMs);
    this.#timer.unref();
  }

  /** A user's status changed (their own announcement, or the relay's 'offline'): pass it on as described above. */
  announce(eventCode: string, change: UserStatusChange, targets: StatusTargets): void {
    const { io, metrics } = this.deps;
    // The other nodes first (see "Order" above).
    if (this.deps.adapterState() !== 'memory') {
      io.serverSideEmit('status_changed', {
        event_code: eventCode,
        user_id: change.user_id,
        user_status: change.user_status,
      });
    }
    this.#collect(eventCode, change.user_id, change.user_status);
    const own = SOCKET_ROOMS.user(change.user_id);
    const room = targets.roomId === undefined ? undefined : SOCKET_ROOMS.room(eventCode, targets.roomId);
    if (targets.toOwnTabs) {
      io.to(room === undefined ? own : [own, room]).emit('user_status_changes', change);
    } else if (room !== undefined) {
      io.to(room).except(own).emit('user_status_changes', change);
    } else {
      return;
    }
    metrics.deliveries.inc({ topic: 'user_status_changes' });
  }

  #collect(eventCode: string, userId: number, status: UserStatus): void {
    let changes = this.#pending.get(eventCode);
    if (!changes) {
      changes = new Map();
      this.#pending.set(eventCode, changes);
    }
    // Re-inserted, so the batch lists users in the order of their latest change.
    changes.delete(userId);
    changes.set(userId, status);
  }

  /**
   * Emits each event's pending changes to this node's tabs of the event (the timer calls it): the first chunk of
   * tabs now, the others each in a later turn of the event loop.
   */
  flush(): void {
    if (this.#pending.size === 0) return;
    const pending = [...this.#pending];
    this.#pending.clear();
    for (const [eventCode, changes] of pending) {
      const tabs = this.deps.io.of('/').adapter.rooms.get(SOCKET_ROOMS.event(eventCode));
      if (!tabs || tabs.size === 0) continue;
      this.#send(eventCode, [...changes], [...tabs], 0);
    }
  }

  #send(eventCode: string, changes: Array<[number, UserStatus]>, tabs: string[], from: number): void {
    if (this.#isClosed) return;
    // Users who changed again since the flush began are in the next batch; this one must not undo what their
    // room heard at once meanwhile.
    const newer = from === 0 ? undefined : this.#pending.get(eventCode);
    const entries = changes
      .filter(([userId]) => !newer?.has(userId))
      .map(([user_id, user_status]) => ({ user_id, user_status }));
    const chunk = this.deps.io.local.to(tabs.slice(from, from + this.#chunkSize));
    for (let start = 0; start < entries.length; start += MAX_STATUS_BATCH_CHANGES) {
      chunk.emit('user_status_batch', { changes: entries.slice(start, start + MAX_STATUS_BATCH_CHANGES) });
    }
    if (from === 0) this.deps.metrics.deliveries.inc({ topic: 'user_status_batch' });
    const next = from + this.#chunkSize;
    if (next < tabs.length) setImmediate(() => this.#send(eventCode, changes, tabs, next));
  }

  /** Stops the timer; what is pending or still being written is dropped (shutdown). */
  close(): void {
    this.#isClosed = true;
    clearInterval(this.#timer);
    this.#pending.clear();
  }
}
