/**
 * The latest microphone state of each user in each room (`user_player_events` `microphone`), so that a tab joining
 * a room hears the states reported before it came: a room reports its user's microphone on change and at its
 * start only, so without this a late joiner's participant list could not know who is muted.
 *
 * With Redis the states are one hash per room (`<prefix>:mic:<event>:<room>`, field user id, '1' muted, '0' not:
 * exactly as an earlier build stores and reads it, so nodes of both builds read each other's states during a
 * rolling deploy) and their versions a second hash beside it (`<key>:v`, field user id, the version), both
 * written by one script and read by one (atomically); shared by every node and forgotten a while after the
 * room's last report; this node also keeps its own copy (its recordings, and the states it read or was answered
 * from Redis), read when Redis is away. A state an earlier build wrote has no version of its own: it is read with
 * the version its field had before (or none).
 * Recording never delays the report's delivery (it is not awaited); it is written to Redis at once, so a join on
 * the same node reads every state recorded before it.
 * Both scripts go by their SHA (`ShaScript`): on each connection the first call sends the script's text (EVAL),
 * later calls its SHA only (EVALSHA); a call answered NOSCRIPT (SCRIPT FLUSH, a Redis that lost its scripts
 * without a reconnect) is sent again with the text, after the calls sent behind it:
 * a read sent then may answer from before a recording this node sent just before it (a state it did not know
 * yet, as when the recording came from another node a moment before).
 *
 * Each state has a version (contracts' MicrophoneDataSchema), set by the node that receives the report (`stamp`,
 * never the client's): a hybrid clock, the larger of the node's wall clock in microseconds and one more than the
 * last version it set, so a user's states go up with each report on one node, and across nodes as far as their
 * clocks agree (a report is a person's click: milliseconds apart). A report also goes above the version the tab
 * says it heard of its own user's state (the data's `heard`: a mute's, say), bounded to a little above this node's
 * wall clock (HEARD_AHEAD_MAX_US), and above the state of its user this node's copy holds, recorded here or read
 * from Redis (`stampFor`): a tab that unmutes after a mute heard it,
 * so its unmute is stamped above the mute however far this node's clock is behind the moderator's node's. These
 * floors are that report's only, never saved into the node's clock: one client's `heard` moves its own user's
 * states ahead, no one else's (a one-user mute of that user goes above this node's copy of them too). A tab of an
 * earlier build sends no `heard`: on one node its report is above every mute that node stamped (the clock), across
 * nodes only as far as their clocks agree. Not a
 * Redis INCR: that would hold every report's delivery for a round trip to Redis, and there would be none while
 * Redis is away. Every holder keeps the newest it was given and ignores an
 * older one: this node's copy, Redis (the write compares in a script: two nodes' writes can land in either order),
 * and the tabs (the web app's participant states): a late older state — another node's broadcast coming through
 * Redis after a newer one, or a state told on join after a live report — cannot overwrite a newer one.
 *
 * A report recorded while a joining tab's read is under way already reached that tab live (it joined the room
 * first), and the read may answer from before it: Redis executes the read before the recording if it arrived
 * first (both are scripts on the auto-pipelined connection of the node, but another node's recording is not in
 * that order, and an earlier build's MULTI passes the pipeline). So a read leaves out the users this node recorded meanwhile:
 * a stale state told after the live one would overwrite it in the tab's participant list.
 * Another node's report can also reach the tab live during the read (its broadcast comes through Redis after
 * the join): `tellMicrophones` leaves out every user the tab was sent a state for since it joined.
 *
 * A moderator's mute is recorded here too, as the muted tabs' reports would be (they report nothing on a mute with
 * a version: contracts' MuteDataSchema): one user's with `record`, a mute-all with `muteAll`, one script call for
 * the room however many are in it. Before, each muted tab reported its microphone muted, and each report went to
 * the whole room and through a script: in a room of N, N script calls and N² socket writes for one click.
 *
 * The node keeps its copy of a room only while one of its sockets is in the room (`followRooms`: a recording
 * for a room none is in keeps no copy, and the copy goes when the adapter deletes the room as its last socket
 * leaves), so the copies are bounded by the rooms the node's tabs are in; Redis forgets by its own expiry.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { FastifyBaseLogger } from 'fastify';
import { PLAYER_EVENTS, SOCKET_ROOMS, isOlderMicrophoneState } from '@showfloor/contracts';
import { FixedWaits } from '../runtime/fixed-waits.ts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';

/** How long a room's states outlive its last report (a day of the show). */
const KEEP_MS = 24 * 60 * 60 * 1000;
/**
 * How far above this node's wall clock (µs) a report's `heard` is taken (`stamp`). The versions a tab heard were
 * stamped by nodes whose clocks agree with this one's within milliseconds (NTP) to seconds (a VM's drift), so a
 * mute from the fastest of them is within this of the wall clock here and a report after it goes above it. A
 * client cannot push its states further ahead: a moderator's mute stamped more than 5 s after its report is
 * newer than it whatever the client claimed (a mute within those 5 s that loses to the report, its target shown
 * unmuted, is no more than the client could do by unmuting again: its microphone is its own to report). Clamped
 * to the wall clock, not to the node's hybrid clock, which each report moves up: bounded by that, a client
 * sending report after report would raise it 5 s each time. Nor is it saved into that clock (`stampFor`): one
 * client's claim would stamp every other user's reports on the node ahead too.
 */
export const HEARD_AHEAD_MAX_US = 5_000_000;
/**
 * Longest wait for Redis's answer to a read before this node's own copy is used (Redis stalled; `FixedWaits`:
 * an answer that came while this node's own loop stalled is still taken).
 */
const READ_MS = 1_000;

/**
 * A user's microphone state in a room: muted or not, and its version (contracts' MicrophoneDataSchema; none for a
 * state an earlier build stored).
 */
export interface MicrophoneState {
  readonly muted: boolean;
  readonly version?: number;
}

/** The states of one room, by user id. */
export type RoomMicrophones = ReadonlyMap<number, MicrophoneState>;

/**
 * Writes a state unless the stored one is newer (KEYS[1] the room's states, KEYS[2] their versions; ARGV user id,
 * version, '1'|'0', keep ms) and keeps the room either way; answers 0 when written as given, else the state
 * stored and its version ([value, version]: the newer one it kept, or the one a mute-all below made it). The
 * state's value stays '1' or '0' (what an earlier build reads); a value `<1|0>:<version>` (stored by this build's
 * first version, a53947b) gives its version too. A state without a version (an earlier build's) is overwritten.
 * A state older than the room's last mute-all (the versions hash's field `all`: `<version>:<moderator's id>`,
 * MUTE_ALL_SCRIPT) is written as that mute left it, muted with the mute's version (answered): a report sent
 * before the mute that lands after it, whose tab, muted, does not report again.
 */
const RECORD_SCRIPT = `
local heldVersion = tonumber(redis.call('HGET', KEYS[2], ARGV[1]))
if not heldVersion then
  local held = redis.call('HGET', KEYS[1], ARGV[1])
  heldVersion = held and tonumber(string.match(held, ':(%d+)$'))
end
if heldVersion and heldVersion > tonumber(ARGV[2]) then
  redis.call('PEXPIRE', KEYS[1], ARGV[4])
  redis.call('PEXPIRE', KEYS[2], ARGV[4])
  return {redis.call('HGET', KEYS[1], ARGV[1]), heldVersion}
end
local muted, version, answer = ARGV[3], ARGV[2], 0
local all = redis.call('HGET', KEYS[2], 'all')
if all then
  local allVersion, moderator = string.match(all, '^(%d+):(%d+)$')
  if allVersion and moderator ~= ARGV[1] and tonumber(allVersion) > tonumber(ARGV[2]) then
    muted, version, answer = '1', allVersion, {'1', allVersion}
  end
end
redis.call('HSET', KEYS[1], ARGV[1], muted)
redis.call('HSET', KEYS[2], ARGV[1], version)
redis.call('PEXPIRE', KEYS[1], ARGV[4])
redis.call('PEXPIRE', KEYS[2], ARGV[4])
return answer
`;

/**
 * Most users one HSET of MUTE_ALL_SCRIPT writes: 2 arguments each, unpacked onto Lua's C stack, whose limit
 * (LUAI_MAXCSTACK, 8,000 in Redis's Lua 5.1) an `unpack` past it fails ("too many results to unpack").
 */
export const MUTE_ALL_HSET_USERS = 1_000;

/**
 * A moderator's mute-all (KEYS as RECORD_SCRIPT's; ARGV the mute's version, the moderator's user id, keep ms):
 * every user of the room but the moderator whose state is older than the mute is written muted with its
 * version, in one call however many there are, and the mute is kept (field `all` of the versions hash, unless a
 * newer one is) for reports older than it that land later (RECORD_SCRIPT). An earlier build reads the states as
 * before and never reads field `all` (it reads the versions of the users in the states hash only).
 * The users are written MUTE_ALL_HSET_USERS to an HSET of many fields (two per chunk, one per hash), not one
 * HSET each: Redis runs nothing else while the script runs (the relay README has the figures).
 */
const MUTE_ALL_SCRIPT = `
local version = tonumber(ARGV[1])
local all = redis.call('HGET', KEYS[2], 'all')
local allVersion = all and tonumber(string.match(all, '^(%d+):'))
if not allVersion or allVersion < version then
  redis.call('HSET', KEYS[2], 'all', ARGV[1] .. ':' .. ARGV[2])
end
local versions = {}
local flat = redis.call('HGETALL', KEYS[2])
for i = 1, #flat, 2 do versions[flat[i]] = tonumber(flat[i + 1]) end
local states = redis.call('HGETALL', KEYS[1])
local muted, versioned, n = {}, {}, 0
for i = 1, #states, 2 do
  local user = states[i]
  if user ~= ARGV[2] then
    local held = versions[user] or tonumber(string.match(states[i + 1], ':(%d+)$'))
    if not held or held < version then
      muted[n + 1], muted[n + 2] = user, '1'
      versioned[n + 1], versioned[n + 2] = user, ARGV[1]
      n = n + 2
      if n == ${2 * MUTE_ALL_HSET_USERS} then
        redis.call('HSET', KEYS[1], unpack(muted, 1, n))
        redis.call('HSET', KEYS[2], unpack(versioned, 1, n))
        n = 0
      end
    end
  end
end
if n > 0 then
  redis.call('HSET', KEYS[1], unpack(muted, 1, n))
  redis.call('HSET', KEYS[2], unpack(versioned, 1, n))
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
redis.call('PEXPIRE', KEYS[2], ARGV[3])
return 0
`;

/** A room's states and their versions (KEYS[1], KEYS[2]), in one answer: [field, value, …] each. */
const READ_SCRIPT = `return {redis.call('HGETALL', KEYS[1]), redis.call('HGETALL', KEYS[2])}`;

/**
 * A script sent by its SHA (EVALSHA) in the usual case, as ioredis's `defineCommand` does: on each connection
 * (its socket) the first call sends the text (EVAL, which also loads it), later calls the SHA; a call answered
 * NOSCRIPT is sent again with the text, and so is the connection's next call. Not `defineCommand` itself: a
 * command defined on a client while an auto-pipeline of it is pending is missing from that pipeline, and its
 * call there throws inside ioredis and crashes the process (ioredis 5.11: "results[i] is not iterable").
 */
class ShaScript {
  readonly #sha: string;
  /** The sockets whose Redis was sent the text (ran it, or may have). */
  readonly #sentOn = new WeakSet<object>();

  constructor(private readonly lua: string) {
    this.#sha = createHash('sha1').update(lua).digest('hex');
  }

  run(redis: Redis, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    const socket = redis.stream as object | undefined;
    if (!socket || !this.#sentOn.has(socket)) {
      if (socket) this.#sentOn.add(socket);
      return redis.eval(this.lua, keys.length, ...keys, ...args);
    }
    return redis.evalsha(this.#sha, keys.length, ...keys, ...args).catch((error: unknown) => {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      this.#sentOn.delete(socket);
      return this.run(redis, keys, args);
    });
  }
}

const recordScript = new ShaScript(RECORD_SCRIPT);
const muteAllScript = new ShaScript(MUTE_ALL_SCRIPT);
const readScript = new ShaScript(READ_SCRIPT);

/** The hash of a room's state versions, beside its states' `key`. */
const versionsKey = (key: string): string => `${key}:v`;

/** A stored state: '1' or '0', or `<1|0>:<version>` (a53947b); `version` from the versions hash, if any. */
function parseStored(value: string, version: string | undefined): MicrophoneState {
  const separator = value.indexOf(':');
  const muted = (separator === -1 ? value : value.slice(0, separator)) === '1';
  const parsed = Number(version ?? (separator === -1 ? Number.NaN : value.slice(separator + 1)));
  return Number.isSafeInteger(parsed) && parsed >= 0 ? { muted, version: parsed } : { muted };
}

/** A flat HGETALL answer from a script ([field, value, …]) as a map. */
function pairsOf(flat: unknown): Map<string, string> {
  const pairs = new Map<string, string>();
  if (!Array.isArray(flat)) return pairs;
  for (let i = 0; i + 1 < flat.length; i += 2) pairs.set(String(flat[i]), String(flat[i + 1]));
  return pairs;
}

/** What `followRooms` needs of the node's socket.io adapter (its rooms are the node's own sockets'). */
export interface LocalRooms {
  readonly rooms: ReadonlyMap<string, unknown>;
  on(event: 'delete-room', listener: (room: string) => void): unknown;
}

export class MicrophoneStates {
  /**
   * This node's copies, by socket.io room name (SOCKET_ROOMS.room), of the rooms its sockets are in: each user's
   * newest state it recorded, read or was answered from Redis. Their versions are the users' floors (`stampFor`),
   * not the node's clock: a version in Redis may be one a client's `heard` put ahead of its node's clock.
   */
  readonly #local = new Map<string, Map<number, MicrophoneState>>();
  /** This node's recordings so far; per room and user, the count at their latest (what a read compares). */
  #recordings = 0;
  readonly #recordedAt = new Map<string, Map<number, number>>();
  /** The last mute-all this node recorded in each room of its copies (a state older than it is kept muted). */
  readonly #mutedAll = new Map<string, { readonly version: number; readonly moderatorId: number }>();
  /** The last version this node set (`stamp`). */
  #clock = 0;
  /** The reads' waits for Redis (one timer for all: `FixedWaits`). */
  readonly #reads: FixedWaits;
  /** Whether one of this node's sockets is in the socket.io room of that name (all, until `followRooms`). */
  #isWatched: (socketRoom: string) => boolean = () => true;

  constructor(
    private readonly redis: () => Redis | undefined,
    private readonly prefix: string,
    private readonly logger: FastifyBaseLogger,
    /** How long a read waits for Redis (tests shorten it). */
    readMs = READ_MS,
    /** The node's wall clock in ms (tests set one behind another node's). */
    private readonly now: () => number = Date.now,
  ) {
    this.#reads = new FixedWaits(readMs);
  }

  /** Keeps copies of the rooms the node's sockets are in only (the node's adapter: `io.of('/').adapter`). */
  followRooms(adapter: LocalRooms): void {
    this.#isWatched = (socketRoom) => adapter.rooms.has(socketRoom);
    adapter.on('delete-room', (socketRoom) => {
      this.#local.delete(socketRoom);
      this.#recordedAt.delete(socketRoom);
      this.#mutedAll.delete(socketRoom);
    });
  }

  /**
   * A new version from this node's hybrid clock: above every version this node set, and not below its wall clock
   * (µs). A report's or a one-user mute's version comes from `stampFor` (this and its user's floors).
   */
  stamp(): number {
    this.#clock = Math.max(this.now() * 1000, this.#clock + 1);
    return this.#clock;
  }

  /**
   * The version of a new state of one user in a room: `stamp()`, or above the version the reporting tab says it
   * heard of its user's state (`heard`: contracts' MicrophoneDataSchema) counted up to HEARD_AHEAD_MAX_US above
   * this node's wall clock, or above the state of that user this node's copy holds (recorded here or read from
   * Redis: so one user's reports go up each time, even after one `heard` put above the clock), whichever is
   * largest. The floors are this state's only: never saved into the node's clock, or one client's claim would
   * stamp every other user's reports here (and a moderator's mutes) ahead for as long as it kept claiming.
   */
  stampFor(eventCode: string, roomId: number, userId: number, heard?: number): number {
    const version = this.stamp();
    const claimed = heard === undefined ? -1 : Math.min(heard, this.now() * 1000 + HEARD_AHEAD_MAX_US);
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    const held = this.#local.get(socketRoom)?.get(userId)?.version ?? -1;
    return Math.max(version, claimed + 1, held + 1);
  }

  /**
   * The version of a moderator's mute-all in a room: `stamp()`, or above every state of the room this node's copy
   * holds, recorded or read (its users' `stampFor` floors), so that it mutes each of them as the node's clock did
   * when it caught up on every version it read. A state a client's `heard` put ahead puts the mute ahead too: the
   * tabs that heard the mute report above it (their `heard`).
   */
  stampMuteAll(eventCode: string, roomId: number): number {
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    let version = this.stamp();
    for (const state of this.#local.get(socketRoom)?.values() ?? [])
      if (state.version !== undefined && state.version >= version) version = state.version + 1;
    return version;
  }

  /**
   * Records a user's state in a room (here at once, in Redis without waiting for it), unless the one held is newer:
   * this node's copy and Redis each keep the newest they were given.
   */
  record(eventCode: string, roomId: number, userId: number, state: Required<MicrophoneState>): void {
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    if (this.#keep(socketRoom, userId, state)) {
      const recordedAt = this.#recordedAt.get(socketRoom) ?? new Map<number, number>();
      this.#recordedAt.set(socketRoom, recordedAt.set(userId, (this.#recordings += 1)));
    }
    this.#store(eventCode, roomId, userId, state);
  }

  /**
   * A moderator's mute of everyone in a room but themself (`user_player_events` `mute`, target 'all'), recorded as
   * each of them reporting their microphone muted with the mute's `version`, in one Redis call (not awaited) and
   * in this node's copy: every state older than it becomes muted, and so does a report older than it that comes
   * later (its tab, muted, reports nothing more: contracts' MuteDataSchema).
   */
  muteAll(eventCode: string, roomId: number, moderatorId: number, version: number): void {
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    if (this.#isWatched(socketRoom)) {
      const held = this.#mutedAll.get(socketRoom);
      if (!held || held.version < version) this.#mutedAll.set(socketRoom, { version, moderatorId });
      const muted = { muted: true, version };
      // Not counted as recordings (`read`): a tab reading meanwhile heard the mute live and applies it to what it
      // is told, as the web app does.
      const room = this.#local.get(socketRoom);
      for (const [userId, state] of room ?? []) {
        if (userId !== moderatorId && !isOlderMicrophoneState(version, state.version))
          room?.set(userId, muted);
      }
    }
    const redis = this.redis();
    if (!redis) return;
    const key = this.#key(eventCode, roomId);
    muteAllScript
      .run(redis, [key, versionsKey(key)], [String(version), String(moderatorId), String(KEEP_MS)])
      .catch((error: unknown) =>
        this.logger.debug({ err: error, key }, 'microphones: mute-all not recorded in redis'),
      );
  }

  /** Keeps a versioned state in this node's copy of the room (if kept) unless the one held is newer; if it did. */
  #keep(socketRoom: string, userId: number, reported: MicrophoneState): boolean {
    if (reported.version === undefined || !this.#isWatched(socketRoom)) return false;
    const room = this.#local.get(socketRoom) ?? new Map<number, MicrophoneState>();
    this.#local.set(socketRoom, room);
    if (isOlderMicrophoneState(reported.version, room.get(userId)?.version)) return false;
    // A report from before the room's last mute-all (as RECORD_SCRIPT does in Redis).
    const mutedAll = this.#mutedAll.get(socketRoom);
    const state =
      mutedAll && userId !== mutedAll.moderatorId && reported.version < mutedAll.version
        ? { muted: true, version: mutedAll.version }
        : reported;
    room.set(userId, state);
    return true;
  }

  /** Writes a state to Redis unless the one stored is newer (not awaited); the copy takes what Redis kept. */
  #store(eventCode: string, roomId: number, userId: number, state: Required<MicrophoneState>): void {
    const redis = this.redis();
    if (!redis) return;
    const key = this.#key(eventCode, roomId);
    const muted = state.muted ? '1' : '0';
    recordScript
      .run(redis, [key, versionsKey(key)], [String(userId), String(state.version), muted, String(KEEP_MS)])
      .then((kept) => {
        if (Array.isArray(kept) && typeof kept[0] === 'string')
          this.#keep(SOCKET_ROOMS.room(eventCode, roomId), userId, parseStored(kept[0], String(kept[1])));
      })
      .catch((error: unknown) =>
        this.logger.debug({ err: error, key }, 'microphones: not recorded in redis'),
      );
  }

  /**
   * The room's states for a tab that has joined it: every node's (Redis), else this node's own; without the
   * users whose report this node recorded while reading (the tab heard those live, newer than the answer).
   */
  async read(eventCode: string, roomId: number): Promise<RoomMicrophones> {
    const socketRoom = SOCKET_ROOMS.room(eventCode, roomId);
    const startedAt = this.#recordings;
    const states = await this.#readStates(this.#key(eventCode, roomId), socketRoom);
    const recordedAt = this.#recordedAt.get(socketRoom);
    if (!recordedAt || this.#recordings === startedAt) return states;
    const told = new Map<number, MicrophoneState>();
    for (const [userId, state] of states) {
      if ((recordedAt.get(userId) ?? 0) <= startedAt) told.set(userId, state);
    }
    return told;
  }

  /** The room's states: every node's (Redis, merged into this node's copy), else this node's own. */
  async #readStates(key: string, socketRoom: string): Promise<RoomMicrophones> {
    const local: RoomMicrophones = this.#local.get(socketRoom) ?? new Map();
    const redis = this.redis();
    if (!redis) return local;
    try {
      const stored = await this.#reads.wait(readScript.run(redis, [key, versionsKey(key)], []));
      if (!Array.isArray(stored)) return local;
      const versions = pairsOf(stored[1]);
      const states = new Map<number, MicrophoneState>();
      for (const [userId, value] of pairsOf(stored[0])) {
        const state = parseStored(value, versions.get(userId));
        this.#keep(socketRoom, Number(userId), state);
        states.set(Number(userId), state);
      }
      return states;
    } catch (error) {
      this.logger.debug({ err: error, key }, 'microphones: redis not readable, using this node’s states');
      return local;
    }
  }

  /** How many rooms this node keeps a copy of (tests). */
  get localRooms(): number {
    return this.#local.size;
  }

  #key(eventCode: string, roomId: number): string {
    return `${this.prefix}:mic:${eventCode}:${roomId}`;
  }
}

/**
 * Tells a tab that just joined a room the microphone states recorded there (one `microphone` player event per
 * user, its own included), unless it left the room or disconnected meanwhile.
 *
 * A report from another node can reach the tab live while its read is under way (the tab joined first, and the
 * other node's broadcast comes through the adapter when it comes: behind a stalled Redis, after the join), and
 * the read may hold the same state or an older one. So the users the tab was sent a microphone event for since
 * it joined are left out: the tab has their newest state already, and a state told after it would repeat or
 * overwrite it. (`read` leaves out this node's recordings meanwhile too, for sockets without outgoing listeners.)
 */
export async function tellMicrophones(ctx: RelayContext, socket: RelaySocket, roomId: number): Promise<void> {
  const heardLive = new Set<number>();
  const listen = (name: string, event: unknown): void => {
    if (name !== 'user_player_events') return;
    const report = event as { event?: unknown; room_id?: unknown; user_id?: unknown };
    if (report.event === PLAYER_EVENTS.MICROPHONE && report.room_id === roomId)
      heardLive.add(Number(report.user_id));
  };
  socket.onAnyOutgoing(listen);
  let states: RoomMicrophones;
  try {
    states = await ctx.microphones.read(socket.data.eventCode, roomId);
  } finally {
    socket.offAnyOutgoing(listen);
  }
  if (!socket.connected || socket.data.roomId !== roomId) return;
  for (const [userId, state] of states) {
    if (heardLive.has(userId)) continue;
    socket.emit('user_player_events', {
      user_id: userId,
      room_id: roomId,
      event: PLAYER_EVENTS.MICROPHONE,
      data:
        state.version === undefined ? { muted: state.muted } : { muted: state.muted, version: state.version },
    });
  }
}
