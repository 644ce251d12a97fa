/**
 * Who hears a status change, and when (issue 17: announcing each change to the whole event at once is one emit
 * per visitor per change, O(visitors²), which held two cores to 3,000 visitors):
 *
 * - **at once**, `user_status_changes` to the user's own tabs (every node) and to the room the sending tab shows
 *   (every node): the participant list and the room chat beside the user;
 * - **within one interval**, `user_status_batch {changes}` to every tab of the event: each node collects the
 *   changes it hears (its own, and the other nodes' through `serverSideEmit('status_changed')`) and emits them
 *   to its own tabs (`io.local`), the latest status per user, at most one batch per tab per `batchMs`.
 *
 * Phases: a node's tabs of an event are split into `phases` groups, each a socket.io room
 * (`event:<code>:phase:<k>`, joined at connection beside the event room, `phaseRoom`). Each event hands its tabs
 * out by its own round robin, so its tabs on the node are spread evenly over the groups whatever other events'
 * tabs do; the counter goes with the event's state when its last tab here leaves (the adapter's `delete-room` of
 * `event:<code>`). Every `batchMs / phases` (a tick) the node writes ONE group of each event: the latest status
 * of each user who changed since that group's previous write, one tick of the interval after another. The loop's
 * work is `phases` small bursts evenly spaced instead of one burst of every tab at the same moment, which held the
 * event loop 110-190 ms a second at 5,000 tabs and delayed the chat behind it. A group with no tab here costs one
 * room-size read. A group larger than `chunkSize` is written `chunkSize` tabs at a time, letting other work (chat)
 * run between chunks.
 *
 * The log, one rule: an event keeps the changes of its last `phases` ticks, one segment per tick, and every tick
 * drops the oldest segment after writing its group. That is exactly what the group written next has not heard
 * (every group is written once every `phases` ticks), so nothing is resent, nothing is dropped before every group
 * had it, and an event holds at most one interval of changes; an event with nothing held is not walked, a node
 * with nothing held runs no tick at all (the first change held arms it again on the same phases), and an
 * event with no tab on the node keeps nothing (a tab joining later loads the statuses itself). `held()` says what
 * is kept (the `relay_status_held` gauge).
 *
 * Counted: `relay_deliveries_total{topic="user_status_batch"}` once per event and interval (`phases` ticks) in
 * which its tabs here were written a batch, however many groups and chunks it took: one per message, whatever the
 * audience, as for every topic.
 *
 * Order: the change is told to the other nodes before the room hears it, on the same Redis connection, so a
 * node's batch never carries a status older than what it passed on at once to the same socket (a later chunk
 * leaves out a user who changed again since the write began: the group's next batch has them).
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
  /** Each tab hears the changes of its event at most once, and within, this often (ms). */
  batchMs: number;
  /** Groups of a node's tabs of an event, each written on its own phase of the interval. @default 10 */
  phases?: number;
  /** Tabs written to in one turn of the event loop; a larger group is written in chunks. @default 600 */
  chunkSize?: number;
}

/** Where a change goes at once. */
export interface StatusTargets {
  /** The room the user's tab shows (its participant list hears the change at once). */
  roomId: number | undefined;
  /** The user's own tabs hear it too (not for the relay's 'offline' guess). */
  toOwnTabs: boolean;
}

/** The socket.io room of one phase group of a node's tabs of an event (gateway-only: no client names it). */
export function statusPhaseRoom(eventCode: string, phase: number): string {
  return `${SOCKET_ROOMS.event(eventCode)}:phase:${phase}`;
}

interface Change {
  seq: number;
  userId: number;
  status: UserStatus;
}

/** This node's tabs of one event: their groups, and the changes not yet written to every group. */
interface EventTabs {
  /** The socket.io room of each group, built once. */
  groups: string[];
  /** The group the event's next tab joins (the event's own round robin). */
  nextGroup: number;
  /** The changes of the last `phases` ticks, one segment per tick; `segments[current]` collects until the next. */
  segments: Change[][];
  current: number;
  /** Changes in the segments (each user's latest and those it replaced). */
  held: number;
  /** Each user's latest change in the segments. */
  latest: Map<number, Change>;
  /** The last round (interval) in which a batch was written to its tabs here, for the deliveries count. */
  countedRound: number;
}

/** What the fan-out keeps, all events. */
export interface StatusHeld {
  /** Events with a tab on this node. */
  events: number;
  /** Changes kept for the groups not yet written (at most one interval of them per event). */
  changes: number;
}

export class StatusFanout {
  /** By the event's socket.io room (`event:<code>`), so the adapter's `delete-room` names it. */
  readonly #events = new Map<string, EventTabs>();
  /** The events holding changes: the only ones a tick walks. */
  readonly #pending = new Set<EventTabs>();
  /** The next tick; armed only while some event holds changes (an idle node runs no timer). */
  #timer: NodeJS.Timeout | undefined;
  readonly #tickMs: number;
  readonly #phases: number;
  readonly #chunkSize: number;
  /** Numbers every change this node hears (all events). */
  #seq = 0;
  /**
   * Ticks run or passed over while idle, since the fan-out began: the next tick writes group `tick % phases`,
   * in round (interval) `tick / phases + 1`, as an interval timer that never stopped would.
   */
  #tick = 0;
  /**
   * When the last tick was due on the grid (performance.now()), or would have been while idle: the next is due
   * `tickMs` later, however late this one ran (see `#onTick`).
   */
  #lastTickAt = performance.now();
  #isClosed = false;

  constructor(
    private readonly deps: StatusFanoutDeps,
    options: StatusFanoutOptions,
  ) {
    deps.io.on('status_changed', (payload) => {
      const parsed = StatusChangedSchema.safeParse(payload);
      if (parsed.success) this.#collect(parsed.data.event_code, parsed.data.user_id, parsed.data.user_status);
    });
    // The event's last tab here left: its counter and changes go (they would only be for tabs of this node).
    deps.io.of('/').adapter.on('delete-room', (room: string) => {
      const event = this.#events.get(room);
      if (!event) return;
      this.#events.delete(room);
      this.#pending.delete(event);
    });
    this.#phases = Math.max(1, Math.floor(options.phases ?? 10));
    this.#chunkSize = options.chunkSize ?? 600;
    // A whole round of groups takes at most batchMs.
    this.#tickMs = Math.max(1, Math.floor(options.batchMs / this.#phases));
  }

  /** The phase room a new tab of the event joins (beside the event room): the event's groups take turns. */
  phaseRoom(eventCode: string): string {
    const room = SOCKET_ROOMS.event(eventCode);
    let event = this.#events.get(room);
    if (!event) {
      event = {
        groups: Array.from({ length: this.#phases }, (_, phase) => statusPhaseRoom(eventCode, phase)),
        nextGroup: 0,
        segments: Array.from({ length: this.#phases }, () => []),
        current: 0,
        held: 0,
        latest: new Map(),
        countedRound: -1,
      };
      this.#events.set(room, event);
    }
    const group = event.groups[event.nextGroup]!;
    event.nextGroup = (event.nextGroup + 1) % this.#phases;
    return group;
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

  /** What is kept now (the `relay_status_held` gauge reads it at each scrape). */
  held(): StatusHeld {
    let changes = 0;
    for (const event of this.#pending) changes += event.held;
    return { events: this.#events.size, changes };
  }

  #collect(eventCode: string, userId: number, status: UserStatus): void {
    // No tab of the event here: nobody to tell.
    const event = this.#events.get(SOCKET_ROOMS.event(eventCode));
    if (!event) return;
    this.#seq += 1;
    const entry = { seq: this.#seq, userId, status };
    event.segments[event.current]!.push(entry);
    event.latest.set(userId, entry);
    if (event.held === 0) {
      this.#pending.add(event);
      this.#startTicks();
    }
    event.held += 1;
  }

  /**
   * Arms the next tick on the first change held after idle, on the grid of the last tick (`#lastTickAt`), where
   * the ticks would have gone on: those passed over did nothing but move the phase on (nothing was held), and move
   * it on here. So a change is written to every group within `batchMs`, on the same grid and phases as before the
   * timer stopped.
   */
  #startTicks(): void {
    if (this.#timer !== undefined || this.#isClosed) return;
    const now = performance.now();
    const idle = Math.max(0, Math.floor((now - this.#lastTickAt) / this.#tickMs));
    this.#tick += idle;
    this.#lastTickAt += idle * this.#tickMs;
    this.#arm(this.#lastTickAt + this.#tickMs - now);
  }

  #arm(delayMs: number): void {
    this.#timer = setTimeout(this.#onTick, delayMs);
    this.#timer.unref();
  }

  /**
   * A tick: the next group written; the next tick armed only while changes are held.
   *
   * The ticks keep to a fixed grid: the next is due `tickMs` after this one was due, not after it ran, so a
   * tick's lateness (event-loop lag, the write's own work) is not added to every later tick (re-arming from "now"
   * made a round of 10 ticks each 2-10 ms late take 1,020-1,100 ms of a 1,000 ms interval).
   *
   * A tick more than one whole tick late (the loop was stalled) moves the grid to now, and fires no catch-up ticks;
   * it writes the group that was due, and the groups passed over follow, one a tick, in their order. It does not
   * skip them as idle does (`#startTicks`): an idle node holds nothing, but here each passed-over group still needs
   * the segments the ticks would drop, and skipping them would drop changes those groups never heard (see "The
   * log"). So every group is still written once in every `phases` ticks, each change within one round of ticks;
   * only the stall itself is added to the round.
   */
  readonly #onTick = (): void => {
    this.#timer = undefined;
    const now = performance.now();
    const due = this.#lastTickAt + this.#tickMs;
    this.#lastTickAt = now - due >= this.#tickMs ? now : due;
    this.flush();
    if (this.#pending.size > 0 && !this.#isClosed) {
      this.#arm(Math.max(0, this.#lastTickAt + this.#tickMs - performance.now()));
    }
  };

  /**
   * Writes the next group of each event's tabs the changes since that group's previous write (a tick runs it
   * every `batchMs / phases` while changes are held): the first chunk now, the others each in a later turn of
   * the event loop.
   */
  flush(): void {
    const phase = this.#tick % this.#phases;
    const round = Math.floor(this.#tick / this.#phases) + 1;
    this.#tick += 1;
    if (this.#pending.size === 0) return;
    const { rooms } = this.deps.io.of('/').adapter;
    for (const event of this.#pending) {
      // A group with no tab here is skipped: its next write has everything after this tick (see "The log").
      const group = event.groups[phase]!;
      const tabs = rooms.get(group);
      if (tabs !== undefined && tabs.size > 0) {
        // A group that fits one chunk is written to its room: no copy of its tab ids, and the adapter walks one
        // room instead of a room per tab id (the same tabs, in the same turn).
        this.#send(
          event,
          this.#changes(event),
          tabs.size <= this.#chunkSize ? group : [...tabs],
          0,
          this.#seq,
        );
        if (event.countedRound !== round) {
          event.countedRound = round;
          this.deps.metrics.deliveries.inc({ topic: 'user_status_batch' });
        }
      }
      this.#dropOldest(event);
    }
  }

  /** The latest change of each user in the segments (never empty while some are held), oldest first. */
  #changes(event: EventTabs): Change[] {
    const changes: Change[] = [];
    for (let step = 1; step <= this.#phases; step += 1) {
      for (const entry of event.segments[(event.current + step) % this.#phases]!) {
        if (event.latest.get(entry.userId) === entry) changes.push(entry);
      }
    }
    return changes;
  }

  /** Drops the oldest tick's segment (every group has heard it now) and makes it the one collecting. */
  #dropOldest(event: EventTabs): void {
    const oldest = (event.current + 1) % this.#phases;
    const segment = event.segments[oldest]!;
    for (const entry of segment) {
      if (event.latest.get(entry.userId) === entry) event.latest.delete(entry.userId);
    }
    event.held -= segment.length;
    segment.length = 0;
    event.current = oldest;
    if (event.held === 0) this.#pending.delete(event);
  }

  /** `tabs`: the group's room (written whole, in one turn) or its tab ids, written a chunk a turn. */
  #send(event: EventTabs, changes: Change[], tabs: string | string[], from: number, upTo: number): void {
    if (this.#isClosed) return;
    // Users who changed again since the write began are in the group's next batch; this one must not undo what
    // their room heard at once meanwhile.
    const latest = from === 0 ? undefined : event.latest;
    const entries = changes
      .filter((entry) => (latest?.get(entry.userId)?.seq ?? 0) <= upTo)
      .map((entry) => ({ user_id: entry.userId, user_status: entry.status }));
    const chunk = this.deps.io.local.to(
      typeof tabs === 'string' ? tabs : tabs.slice(from, from + this.#chunkSize),
    );
    for (let start = 0; start < entries.length; start += MAX_STATUS_BATCH_CHANGES) {
      chunk.emit('user_status_batch', { changes: entries.slice(start, start + MAX_STATUS_BATCH_CHANGES) });
    }
    const next = from + this.#chunkSize;
    if (typeof tabs !== 'string' && next < tabs.length)
      setImmediate(() => this.#send(event, changes, tabs, next, upTo));
  }

  /** Stops the ticks; what is pending or still being written is dropped (shutdown). */
  close(): void {
    this.#isClosed = true;
    clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#events.clear();
    this.#pending.clear();
  }
}
