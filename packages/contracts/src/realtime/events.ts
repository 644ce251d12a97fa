/**
 * Payloads of the non-chat topics (spec 01 §7 "Emitted" and "Heard", spec 02 §4.1, §4.5, §4.6, §7).
 * Client → server payloads are parsed by the relay; server → client ones are what listeners receive.
 */
import { z } from 'zod';
import { isSitePath } from '../access.ts';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { NotificationSchema } from '../entities/notification.ts';
import { RecruitingStatusSchema } from '../entities/recruiting.ts';
import { UserStatusSchema } from '../entities/user-status.ts';
import { EpochMsSchema, IdSchema, TimestampStringSchema } from '../entities/common.ts';
import { AckErrorSchema, AckOkSchema } from './ack.ts';

/** A user id on the wire. */
const UserId = IdSchema;
/** A room id on the wire; 0 means "the whole event" where the topic says so. */
const RoomId = z.number().int().nonnegative();
/** When something happened: ms since epoch, as number or decimal string (the Message entity uses strings). */
const Timestamp = z.union([EpochMsSchema, TimestampStringSchema]);
/** A free-form value passed on untouched, bounded so nobody relays megabytes. */
const SmallObject = z.record(z.string().max(100), z.unknown());

/**
 * `user_status_changes`, both ways: the sender's status. The relay passes it at once to the sender's own tabs
 * and to the room the sending tab shows (its participant list), and to the rest of the event in the next
 * {@link UserStatusBatchSchema} (see there for who hears what, and when).
 */
export const UserStatusChangeSchema = z.object({
  room_id: RoomId.nullish(),
  user_id: UserId,
  user_status: UserStatusSchema,
});
export type UserStatusChange = z.infer<typeof UserStatusChangeSchema>;

/** Most entries in one {@link UserStatusBatchSchema} (a node flushes more in several batches). */
export const MAX_STATUS_BATCH_CHANGES = 5_000;

/**
 * `user_status_batch` (the relay's own server → client event): the status changes of an event, coalesced.
 *
 * Who hears a status change, and when (issue 17; relay README "Presence"): announcing every change to the whole
 * event at once costs one emit per visitor per change, O(visitors²) overall (3,000 visitors were the limit on
 * two cores). So a change goes
 * - at once, as `user_status_changes`, to the user's own tabs and to the room the sending tab shows (the screens
 *   that show it live next to the user: the room's participant list, the room chat), and
 * - to every tab of the event in this batch: each node collects the changes it hears (its own and the other
 *   nodes') and every interval (`RELAY_STATUS_BATCH_MS`, default 1,000 ms) emits one batch to its tabs of the
 *   event, with the latest status of each user that changed (an earlier one of the same interval is dropped).
 *   A private chat's partner, a list in another room, a profile, see it within one interval.
 *
 * A tab applies the entries in order, as if each were a `user_status_changes`, except its own user's (its own
 * status it knows; a sign-out elsewhere reaches it as `user_status_changes` to the user's tabs).
 */
export const UserStatusBatchSchema = z.object({
  changes: z
    .array(z.object({ user_id: UserId, user_status: UserStatusSchema }))
    .min(1)
    .max(MAX_STATUS_BATCH_CHANGES),
});
export type UserStatusBatch = z.infer<typeof UserStatusBatchSchema>;

/**
 * `announcements` emitted by an event-admin or admin: the Notification entity (room_id 0 = the whole event,
 * else one room; or listed user_ids).
 */
export const AnnouncementSendSchema = NotificationSchema;
export type AnnouncementSend = z.infer<typeof AnnouncementSendSchema>;

/**
 * `announcements` as listeners receive it (spec 01 §7: type, message, title, duration), with the relay's `id`
 * (unique, made by the node that took the send) and `sent_at` (that node's clock, ms since epoch): a tab shows
 * each id once, whether it heard it live or recovered it with `announcements_catch_up`.
 */
export const AnnouncementSchema = z.object({
  id: z.string().min(1).max(64),
  sent_at: EpochMsSchema,
  title: NotificationSchema.shape.title,
  message: NotificationSchema.shape.message,
  type: NotificationSchema.shape.type,
  duration: NotificationSchema.shape.duration,
});
export type Announcement = z.infer<typeof AnnouncementSchema>;

/**
 * How many announcements the relay keeps per event (the newest; Redis's sorted set, or the node's memory on a
 * single node): a manager sending more within their durations pushes out the one closest to its end (a
 * sorted set by end time) from what a reconnecting tab can recover (it was shown live to every tab connected then).
 */
export const ANNOUNCEMENTS_KEPT_PER_EVENT = 100;

/**
 * How long the relay keeps an announcement whose `duration` is null (shown until closed): a tab reconnecting
 * within this recovers it, later it does not. Timed ones are kept for their own duration only.
 */
export const ANNOUNCEMENT_UNTIMED_KEEP_MS = 15 * 60 * 1000;

/**
 * `announcements_catch_up` (the relay's own, client → server): after a reconnect a tab asks for the announcements
 * meant for it that it may have missed. The audience is the socket's, decided by the relay from the token and
 * the room the relay put the tab in (its user, its event, that room), never from the payload (empty): every one
 * meant for it still within its duration. (No `since`: `sent_at` is the sending node's clock, unsafe to compare
 * across nodes; a tab drops the ids it already shows.)
 */
export const AnnouncementsCatchUpRequestSchema = z.object({});
export type AnnouncementsCatchUpRequest = z.input<typeof AnnouncementsCatchUpRequestSchema>;

/**
 * A recovered announcement: the live frame plus `remaining_ms`, what is left of its duration by the relay's clock
 * when it answered (null: untimed, shown until closed). A tab shows it for that long, not for the full duration.
 */
export const RecoveredAnnouncementSchema = AnnouncementSchema.extend({
  remaining_ms: z.number().int().positive().nullable(),
});
export type RecoveredAnnouncement = z.infer<typeof RecoveredAnnouncementSchema>;

/** The ack of `announcements_catch_up`: the announcements still within their duration, oldest first. */
export const AnnouncementsCatchUpAckSchema = z.discriminatedUnion('statusCode', [
  AckOkSchema.extend({
    announcements: z.array(RecoveredAnnouncementSchema).max(ANNOUNCEMENTS_KEPT_PER_EVENT),
  }),
  AckErrorSchema,
]);
export type AnnouncementsCatchUpAck = z.infer<typeof AnnouncementsCatchUpAckSchema>;

/** `user_room_events`: entering a room, emitted once per entry. */
export const UserRoomEventSchema = z.object({
  event: z.literal('enter_room'),
  user_id: UserId,
  room_id: RoomId,
  timestamp: Timestamp,
});
export type UserRoomEvent = z.infer<typeof UserRoomEventSchema>;

/** `user_scene_events` and `view_content`: what a user did with a piece of room content. */
export const SceneEventSchema = z.object({
  user_id: UserId,
  event: z.string().min(1).max(100),
  room_id: RoomId,
  content_id: z.union([z.number().int(), z.string().max(100)]).nullish(),
  timestamp: Timestamp,
  object: SmallObject.nullish(),
});
export type SceneEvent = z.infer<typeof SceneEventSchema>;
/** `view_content` has the scene-event shape. */
export const ViewContentSchema = SceneEventSchema;
export type ViewContent = SceneEvent;

/**
 * `user_achievement_events`: an achievement earned with a content item (the entity's, entities/passport.ts); what
 * the relay delivers adds the provider's result for the achiever's own tabs.
 */
export {
  AchievementDeliverySchema,
  AchievementEventSchema,
  type AchievementDelivery,
  type AchievementEvent,
} from '../entities/passport.ts';

/**
 * `user_player_events` (shape not shown in the spec: chosen here): a player update inside a room (position,
 * animation...), passed on to the room.
 */
export const PlayerEventSchema = z.object({
  user_id: UserId,
  room_id: RoomId,
  event: z.string().min(1).max(100),
  data: SmallObject.optional(),
  timestamp: Timestamp.optional(),
});
export type PlayerEvent = z.infer<typeof PlayerEventSchema>;

/**
 * Player events the app itself reads (not shown in the spec: chosen here). `microphone`: the sender's microphone
 * state (`data` {@link MicrophoneDataSchema}), shown live in the room's participant list; `mute`: an event-admin
 * or admin mutes one participant or everyone in the room (`data` {@link MuteDataSchema}); the relay refuses a
 * `mute` from anyone else and delivers it reliably (other player events are volatile).
 */
export const PLAYER_EVENTS = { MICROPHONE: 'microphone', MUTE: 'mute' } as const;
/**
 * `data` of a `microphone` player event. `version` orders one user's states in one room: the relay sets it on every
 * report it passes on and every state it tells (never the client's: a report's own is replaced), increasing with
 * each report however many nodes and tabs there are, and a receiver ignores a state older than the one it holds
 * (a late one: through Redis from another node, or told on join after a live report). Optional: a report sent
 * has none, and a state from a relay of an earlier build neither (taken as it comes).
 * `heard`: sent by the reporting tab only, the newest version it holds of its own user's state in the room (a
 * mute's, or a state told on join or heard live), so that the relay stamps the report above it even when the
 * node that stamped it (a moderator's, say) has a clock ahead of the reporting tab's node: a tab that unmutes
 * after a mute has heard the mute. The relay takes it as a lower bound of this report's version only, clamped to a
 * little above its own wall clock (microphones.ts `stampFor`), never as its clock (it moves no other user's
 * versions); it never passes it on (what it delivers is `{muted, version}`). Optional: a tab
 * of an earlier build sends none, and a relay of an earlier build drops it.
 */
export const MicrophoneDataSchema = z.object({
  muted: z.boolean(),
  version: z.number().int().nonnegative().optional(),
  heard: z.number().int().nonnegative().optional(),
});
export type MicrophoneData = z.infer<typeof MicrophoneDataSchema>;

/**
 * Whether a microphone state of `version` is older than the held one's (then it is ignored); a state without a
 * version (an earlier build's) is never older, nor is any state when the held one has none.
 */
export const isOlderMicrophoneState = (version: number | undefined, held: number | undefined): boolean =>
  version !== undefined && held !== undefined && version < held;
/**
 * `data` of a `mute` player event: whom (a user id, or 'all' in the room: everyone but the moderator) and the
 * moderator's name to show. `version`: set by the relay on the mute it passes on (never the client's: one sent is
 * replaced), which it has recorded as the muted state, of this version, of its target (of 'all': of every user
 * in the room with a state older than it, and of a report older than it that comes later), as if each had
 * reported it. So a receiver applies it to the microphone states it holds (the same rule), and the muted tabs
 * do not report their microphone muted again; a mute without one (a relay of an earlier build) they report.
 */
export const MuteDataSchema = z.object({
  target: z.union([UserId, z.literal('all')]),
  by: z.string().min(1).max(200),
  version: z.number().int().nonnegative().optional(),
});
export type MuteData = z.infer<typeof MuteDataSchema>;

/**
 * `user_events` (shape not shown in the spec: chosen here): a user-level event passed on to the user's event.
 * Only an event-admin or admin sends it (TOPIC_ACCESS `manager`; `user_id` is the sender); the web app neither
 * sends nor listens to it.
 */
export const UserEventSchema = z.object({
  user_id: UserId,
  event: z.string().min(1).max(100),
  room_id: RoomId.nullish(),
  data: SmallObject.optional(),
  timestamp: Timestamp.optional(),
});
export type UserEvent = z.infer<typeof UserEventSchema>;

/** The longest `refresh_delay` a manager may give in `sessions_triggers` (ms): ten minutes. */
export const REFRESH_DELAY_MAX_MS = 10 * 60 * 1000;

/**
 * `sessions_triggers` (shape not shown in the spec: chosen here): an event-admin or admin asks the clients of
 * listed users, of one room, or (neither) of the whole event to reload; they receive `refresh`.
 */
export const SessionsTriggerSchema = z.object({
  action: z.literal('refresh'),
  user_ids: z.array(UserId).max(10_000).optional(),
  room_id: RoomId.optional(),
  /** Milliseconds; the client defaults to 1 ms. */
  refresh_delay: z.number().int().nonnegative().max(REFRESH_DELAY_MAX_MS).optional(),
  /** A path on the app's own origin (never another site: it is where every listed client goes). */
  url: z
    .string()
    .max(MAX_TEXT_LENGTH)
    .refine(isSitePath, 'url must be a path on this site, e.g. /lobby')
    .optional(),
});
export type SessionsTrigger = z.infer<typeof SessionsTriggerSchema>;

/** `logout`: the user's session ended elsewhere (force_login, DELETE session). */
export const LogoutEventSchema = z.object({ user_id: UserId });
export type LogoutEvent = z.infer<typeof LogoutEventSchema>;

/**
 * `refresh`: reload after `refresh_delay` ms (default 1), or go to `url`. `id` (the relay's own, unique, made by
 * the node that took the `sessions_triggers`): a tab carries each id out once, whether it heard it live or recovered
 * it with `refreshes_catch_up`. Optional, so a tab and a relay of before it interoperate either way round: neither
 * must deploy first. Deploy the relay (gateway) first all the same: until then a new tab's `refreshes_catch_up` is
 * refused as an unknown topic (it acts on nothing) and its live frames carry no id (each runs, as before).
 */
export const RefreshEventSchema = z.object({
  id: z.string().min(1).max(64).optional(),
  refresh_delay: z.number().int().nonnegative().optional(),
  url: z.string().optional(),
});
export type RefreshEvent = z.infer<typeof RefreshEventSchema>;

/**
 * How long the relay keeps a refresh after it was due (sent, plus its `refresh_delay`): a tab whose socket was down
 * when it was sent and that reconnects within this carries it out (`refreshes_catch_up`), later it does not. 3
 * minutes covers a network blip and a node restart (socket.io reconnects within seconds; a restarted node's tabs
 * within its spread) with room to spare; a reload much later than the manager asked surprises a user who has moved
 * on since (and a new app version reaches a tab by its next load anyway).
 */
export const REFRESH_KEEP_MS = 3 * 60 * 1000;

/** How many refreshes the relay keeps per event (the newest; past that the one closest to its end goes first). */
export const REFRESHES_KEPT_PER_EVENT = 20;

/**
 * `refreshes_catch_up` (the relay's own, client → server): after a reconnect a tab asks for the refreshes meant for
 * it that it may have missed. As `announcements_catch_up`: the audience is the socket's (its user, its event, the
 * room the relay put the tab in), never the payload's (empty).
 */
export const RefreshesCatchUpRequestSchema = z.object({});
export type RefreshesCatchUpRequest = z.input<typeof RefreshesCatchUpRequestSchema>;

/**
 * A recovered refresh: the live frame with its `id`, and `refresh_delay` what is left of the sent one by the relay's
 * clock when it answered (0 when already due; absent when the manager gave none: the client's default).
 */
export const RecoveredRefreshSchema = RefreshEventSchema.required({ id: true });
export type RecoveredRefresh = z.infer<typeof RecoveredRefreshSchema>;

/** The ack of `refreshes_catch_up`: the refreshes meant for the tab within REFRESH_KEEP_MS of being due, oldest first. */
export const RefreshesCatchUpAckSchema = z.discriminatedUnion('statusCode', [
  AckOkSchema.extend({ refreshes: z.array(RecoveredRefreshSchema).max(REFRESHES_KEPT_PER_EVENT) }),
  AckErrorSchema,
]);
export type RefreshesCatchUpAck = z.infer<typeof RefreshesCatchUpAckSchema>;

/** `profile_picture_change`: a user's picture changed (or was removed: empty path). */
export const ProfilePictureChangeSchema = z.object({
  user_id: UserId,
  profile_picture_path: z.string(),
});
export type ProfilePictureChange = z.infer<typeof ProfilePictureChangeSchema>;

/** One room in `user_access_change`. */
export const AccessibleRoomSchema = z.object({ roomId: RoomId, roomName: z.string() });
export type AccessibleRoom = z.infer<typeof AccessibleRoomSchema>;

/** `user_access_change`: the rooms the user may access now (the client compares with what it had). */
export const UserAccessChangeSchema = z.object({ accessibleRooms: z.array(AccessibleRoomSchema) });
export type UserAccessChange = z.infer<typeof UserAccessChangeSchema>;

/**
 * `access_catch_up` (the relay's own, client → server): after a reconnect a tab asks which rooms its user may
 * access now, since a `user_access_change` sent while its socket was down never reaches it. Whose rooms is the
 * socket's user (the token's), never the payload's: it names nobody.
 */
export const AccessCatchUpRequestSchema = z.object({
  /**
   * How long the tab's socket was down (ms, on the tab's own monotonic clock). The relay reads the provider only
   * when the user's access changed in that time (or it cannot tell); without it (an older tab) it always reads.
   */
  down_ms: z.number().int().nonnegative().optional(),
});
export type AccessCatchUpRequest = z.input<typeof AccessCatchUpRequestSchema>;

/**
 * The relay's whole budget for one `access_catch_up` answer, from the ask: the wait for a read turn and the read
 * (the list of rooms and then the rooms' checks) included; past it the relay answers ACCESS_UNAVAILABLE. The tab
 * waits this plus {@link ACCESS_CATCH_UP_MARGIN_MS}.
 */
export const ACCESS_CATCH_UP_BUDGET_MS = 8_000;
/** What the tab waits past the relay's budget (the ack's way back, a busy node) before it gives up. */
export const ACCESS_CATCH_UP_MARGIN_MS = 2_000;

/**
 * The ack of `access_catch_up`: the rooms as `user_access_change` carries them (the tab applies it as one);
 * `{ unchanged: true }` when the user's access did not change while the tab was away (the tab keeps its list);
 * or a 400 (`RELAY_ERRORS.ACCESS_UNAVAILABLE`) when the provider could not tell: the tab keeps what it had.
 */
// Not strict: the required keys tell the two answers apart, and a later relay's extra field must not make every
// tab already deployed treat its answer as none.
export const AccessCatchUpAckSchema = z.union([
  AckOkSchema.extend(UserAccessChangeSchema.shape),
  AckOkSchema.extend({ unchanged: z.literal(true) }),
  AckErrorSchema,
]);
export type AccessCatchUpAck = z.infer<typeof AccessCatchUpAckSchema>;

/**
 * `user_recruiting_status`: a candidate's recruiting status changed (the RecruitingStatus entity); `items`
 * (not shown in the spec: chosen here) carry attribute values the client merges into room content items by id.
 */
export const RecruitingStatusEventSchema = RecruitingStatusSchema.extend({
  items: z
    .array(z.object({ id: z.union([z.number().int(), z.string()]), attributes: SmallObject }))
    .optional(),
});
export type RecruitingStatusEvent = z.infer<typeof RecruitingStatusEventSchema>;

/**
 * Why the relay asks its clients to catch up (`resync`); 'room_joined_late': the handshake's room was joined only
 * after its access check had failed and was asked again, so the catch-up after connecting may predate the join.
 */
export const RESYNC_REASONS = ['fanout_interrupted', 'peer_lost', 'room_joined_late'] as const;

/**
 * `resync` (the relay's own event, not in the spec): live fan-out may have dropped messages for this socket;
 * the client catches every open conversation up after a random wait of up to `spread_ms` (so a node's
 * thousands of sockets do not read at once).
 */
export const ResyncEventSchema = z.object({
  reason: z.enum(RESYNC_REASONS),
  spread_ms: z.number().int().nonnegative().max(60_000),
});
export type ResyncEvent = z.infer<typeof ResyncEventSchema>;

/**
 * The span over which the tabs of a node spread their reads after a mass reconnect (a node restart: they all come
 * back within socket.io's reconnect delay), each waiting a random part of it: the web app's re-read after a
 * reconnect (apps/web/src/lib/api/use-refetch-after-reconnect.ts), and the `spread_ms` of the relay's `resync` to a
 * tab whose handshake room was joined late ('room_joined_late', apps/gateway/src/relay/handshake-room.ts).
 */
export const RECONNECT_SPREAD_MS = 2_000;
