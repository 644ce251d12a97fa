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
 * (`event:<code>:phase:<k>`, joined at connection beside the event room, `phaseRoom`), and every `batchMs / phases`
 * the node writes ONE group: the latest status of each user who changed since that group's previous write. The
 * loop's work is `phases` small bursts evenly spaced instead of one burst of every tab at the same moment, which
 * held the event loop 110-190 ms a second at 5,000 tabs and delayed the chat behind it. Each event keeps a log of
 * changes numbered by a seq; each group remembers the seq it last sent, and the log is trimmed below the smallest
 * (every group is written once per interval, so the log holds at most one interval of changes). A group larger
 * than `chunkSize` is written `chunkSize` tabs at a time, letting other work (chat) run between chunks.
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

/** One event's changes not yet written to every group. */
interface EventLog {
  /** Changes in seq order; `log[head]` is the oldest kept. */
  log: Change[];
  head: number;
  /** Each user's latest change in the log. */
  latest: Map<number, Change>;
  /** Per group, the seq of the last change it was sent. */
  sent: number[];
}

export class StatusFanout {
  readonly #events = new Map<string, EventLog>();
  readonly #timer: NodeJS.Timeout;
  readonly #phases: number;
  readonly #chunkSize: number;
  /** Numbers every change this node hears (all events). */
  #seq = 0;
  /** The group the next tick writes. */
  #phase = 0;
  /** The group the next tab joins (round robin per node). */
  #nextTabPhase = 0;
  #isClosed = false;

  constructor(
    private readonly deps: StatusFanoutDeps,
    options: StatusFanoutOptions,
  ) {
    deps.io.on('status_changed', (payload) => {
      const parsed = StatusChangedSchema.safeParse(payload);
      if (parsed.success) this.#collect(parsed.data.event_code, parsed.data.user_id, parsed.data.user_status);
    });
    this.#phases = Math.max(1, Math.floor(options.phases ?? 10));
    this.#chunkSize = options.chunkSize ?? 600;
    // A whole round of groups takes at most batchMs.
    this.#timer = setInterval(() => this.flush(), Math.max(1, Math.floor(options.batchMs / this.#phases)));
    this.#timer.unref();
  }

  /** The phase room a new tab of the event joins (beside the event room): the groups take turns. */
  phaseRoom(eventCode: string): string {
    const phase = this.#nextTabPhase;
    this.#nextTabPhase = (phase + 1) % this.#phases;
    return statusPhaseRoom(eventCode, phase);
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

  /** Changes kept (all events), for tests and metrics: at most one interval's worth. */
  get logSize(): number {
    let size = 0;
    for (const event of this.#events.values()) size += event.log.length - event.head;
    return size;
  }

  #collect(eventCode: string, userId: number, status: UserStatus): void {
    let event = this.#events.get(eventCode);
    if (!event) {
      // Every group has been sent everything before this change.
      event = {
        log: [],
        head: 0,
        latest: new Map(),
        sent: Array.from({ length: this.#phases }, () => this.#seq),
      };
      this.#events.set(eventCode, event);
    }
    this.#seq += 1;
    const entry = { seq: this.#seq, userId, status };
    event.log.push(entry);
    event.latest.set(userId, entry);
  }

  /**
   * Writes the next group of each event's tabs the changes since that group's previous write (the timer calls
   * it every `batchMs / phases`): the first chunk now, the others each in a later turn of the event loop.
   */
  flush(): void {
    const phase = this.#phase;
    this.#phase = (phase + 1) % this.#phases;
    if (this.#events.size === 0) return;
    const { rooms } = this.deps.io.of('/').adapter;
    for (const [eventCode, event] of this.#events) {
      const all = rooms.get(SOCKET_ROOMS.event(eventCode));
      if (!all || all.size === 0) {
        // No tab of the event here: nobody to tell; a tab joining later loads the statuses itself.
        this.#events.delete(eventCode);
        continue;
      }
      const since = event.sent[phase] ?? 0;
      event.sent[phase] = this.#seq;
      const changes = this.#changesSince(event, since);
      const tabs = rooms.get(statusPhaseRoom(eventCode, phase));
      if (changes.length > 0 && tabs && tabs.size > 0)
        this.#send(eventCode, changes, [...tabs], 0, this.#seq);
      this.#trim(eventCode, event);
    }
  }

  /** The latest change of each user changed after `since`, in the order of their latest change. */
  #changesSince(event: EventLog, since: number): Change[] {
    const { log } = event;
    // Seqs grow along the log: find the first one after `since`.
    let low = event.head;
    let high = log.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (log[middle]!.seq <= since) low = middle + 1;
      else high = middle;
    }
    const changes: Change[] = [];
    for (let index = low; index < log.length; index += 1) {
      const entry = log[index]!;
      if (event.latest.get(entry.userId) === entry) changes.push(entry);
    }
    return changes;
  }

  /** Drops the changes every group has been sent; the event goes when none is left. */
  #trim(eventCode: string, event: EventLog): void {
    const floor = Math.min(...event.sent);
    const { log } = event;
    while (event.head < log.length && log[event.head]!.seq <= floor) {
      const entry = log[event.head]!;
      if (event.latest.get(entry.userId) === entry) event.latest.delete(entry.userId);
      event.head += 1;
    }
    if (event.head === log.length) {
      this.#events.delete(eventCode);
    } else if (event.head > 1024 && event.head * 2 > log.length) {
      log.splice(0, event.head);
      event.head = 0;
    }
  }

  #send(eventCode: string, changes: Change[], tabs: string[], from: number, upTo: number): void {
    if (this.#isClosed) return;
    // Users who changed again since the write began are in the group's next batch; this one must not undo what
    // their room heard at once meanwhile.
    const latest = from === 0 ? undefined : this.#events.get(eventCode)?.latest;
    const entries = changes
      .filter((entry) => (latest?.get(entry.userId)?.seq ?? 0) <= upTo)
      .map((entry) => ({ user_id: entry.userId, user_status: entry.status }));
    const chunk = this.deps.io.local.to(tabs.slice(from, from + this.#chunkSize));
    for (let start = 0; start < entries.length; start += MAX_STATUS_BATCH_CHANGES) {
      chunk.emit('user_status_batch', { changes: entries.slice(start, start + MAX_STATUS_BATCH_CHANGES) });
    }
    if (from === 0) this.deps.metrics.deliveries.inc({ topic: 'user_status_batch' });
    const next = from + this.#chunkSize;
    if (next < tabs.length) setImmediate(() => this.#send(eventCode, changes, tabs, next, upTo));
  }

  /** Stops the timer; what is pending or still being written is dropped (shutdown). */
  close(): void {
    this.#isClosed = true;
    clearInterval(this.#timer);
    this.#events.clear();
  }
}
