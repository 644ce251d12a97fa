/**
 * socket.io's four event maps, built from the payload schemas: `new Server<ClientToServerEvents,
 * ServerToClientEvents, InterServerEvents, SocketData>()` on the gateway and `Socket<ServerToClientEvents,
 * ClientToServerEvents>` in the app. Types validate nothing: the relay parses every inbound payload.
 */
import { z } from 'zod';
import { SessionEndReasonSchema } from '../catalogue/auth.ts';
import { RoleSchema } from '../entities/role.ts';
import { UserStatusSchema } from '../entities/user-status.ts';
import { EventCodeSchema, FrontendTypeSchema, IdSchema } from '../entities/common.ts';
import type { Ack } from './ack.ts';
import type {
  CallAnswered,
  CatchUpAck,
  CatchUpRequest,
  ChatAck,
  ChatDelivery,
  ChatSendInput,
} from './chat.ts';
import type {
  AccessCatchUpAck,
  AccessCatchUpRequest,
  AchievementDelivery,
  AchievementEvent,
  Announcement,
  AnnouncementsCatchUpAck,
  AnnouncementsCatchUpRequest,
  AnnouncementSendSchema,
  LogoutEvent,
  PlayerEvent,
  ProfilePictureChange,
  RecruitingStatusEvent,
  RefreshEvent,
  RefreshesCatchUpAck,
  RefreshesCatchUpRequest,
  ResyncEvent,
  SceneEvent,
  SessionsTrigger,
  UserAccessChange,
  UserEvent,
  UserRoomEvent,
  UserStatusBatch,
  UserStatusChange,
} from './events.ts';
import type { ChatTopic } from './topics.ts';

/** The acknowledgement callback of a client emit. */
export type AckCallback<A = Ack> = (ack: A) => void;

/**
 * What a client emits (payloads before the schemas' defaults apply); every emit takes an acknowledgement
 * callback.
 */
export interface ClientToServerEvents {
  /** Chat (and call signalling) on the client's own event topic, `chat_{event_code}`. */
  [topic: ChatTopic]: (payload: ChatSendInput, ack: AckCallback<ChatAck>) => void;
  user_events: (payload: UserEvent, ack: AckCallback) => void;
  user_scene_events: (payload: SceneEvent, ack: AckCallback) => void;
  user_room_events: (payload: UserRoomEvent, ack: AckCallback) => void;
  sessions_triggers: (payload: SessionsTrigger, ack: AckCallback) => void;
  user_status_changes: (payload: UserStatusChange, ack: AckCallback) => void;
  announcements: (payload: z.input<typeof AnnouncementSendSchema>, ack: AckCallback) => void;
  user_player_events: (payload: PlayerEvent, ack: AckCallback) => void;
  user_achievement_events: (payload: AchievementEvent, ack: AckCallback) => void;
  view_content: (payload: SceneEvent, ack: AckCallback) => void;
  /** The relay's catch-up: stored messages of a conversation after a sequence number. */
  catch_up: (payload: CatchUpRequest, ack: AckCallback<CatchUpAck>) => void;
  /** The relay's own: this tab answered a call; the user's other tabs stop ringing. */
  call_answered: (payload: CallAnswered, ack: AckCallback) => void;
  /** The relay's own: the announcements meant for this tab still within their duration (after a reconnect). */
  announcements_catch_up: (
    payload: AnnouncementsCatchUpRequest,
    ack: AckCallback<AnnouncementsCatchUpAck>,
  ) => void;
  /** The relay's own: the rooms this tab's user may access now (after a reconnect: a missed access change). */
  access_catch_up: (payload: AccessCatchUpRequest, ack: AckCallback<AccessCatchUpAck>) => void;
  /** The relay's own: the refreshes meant for this tab within REFRESH_KEEP_MS of being due (after a reconnect). */
  refreshes_catch_up: (payload: RefreshesCatchUpRequest, ack: AckCallback<RefreshesCatchUpAck>) => void;
}

/** What the server emits. */
export interface ServerToClientEvents {
  /** A stored chat message (with its real id, conversation and seq) or a call signal. */
  [topic: ChatTopic]: (message: ChatDelivery) => void;
  logout: (payload: LogoutEvent) => void;
  refresh: (payload: RefreshEvent) => void;
  profile_picture_change: (payload: ProfilePictureChange) => void;
  user_recruiting_status: (payload: RecruitingStatusEvent) => void;
  user_access_change: (payload: UserAccessChange) => void;
  announcements: (payload: Announcement) => void;
  user_status_changes: (payload: UserStatusChange) => void;
  user_room_events: (payload: UserRoomEvent) => void;
  user_scene_events: (payload: SceneEvent) => void;
  view_content: (payload: SceneEvent) => void;
  user_player_events: (payload: PlayerEvent) => void;
  user_achievement_events: (payload: AchievementDelivery) => void;
  user_events: (payload: UserEvent) => void;
  /** The relay's own: live fan-out may have dropped messages; catch up (see `RELAY_SERVER_EVENTS`). */
  resync: (payload: ResyncEvent) => void;
  /** The relay's own: the event's status changes of the last interval, latest per user. */
  user_status_batch: (payload: UserStatusBatch) => void;
  /** The relay's own: another tab of this user answered a call; stop ringing for it. */
  call_answered: (payload: CallAnswered) => void;
}

/** A session ended on one node, told to every node so each refuses the token and closes its sockets. */
export const SessionRevokedSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('session'),
    sid: z.string(),
    userId: z.string().optional(),
    expiresAt: z.number(),
    // How it ended, when the provider said so (a node's recheck found it over): `logout` first only for
    // `replaced`; none said, e.g. its own sign-out passed on by a node: closed without `logout`.
    reason: SessionEndReasonSchema.optional(),
    // Ended otherwise than by its own sign-out, how not said (a recheck's answer without a reason, from an
    // older provider): `logout` first, the guess made before the provider said how.
    elsewhere: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('user'),
    userId: z.string(),
    before: z.number(),
    exceptSid: z.string().optional(),
    expiresAt: z.number(),
  }),
  z.object({ kind: z.literal('event'), eventCode: z.string(), before: z.number(), expiresAt: z.number() }),
]);
export type SessionRevoked = z.infer<typeof SessionRevokedSchema>;

/** A user's room access changed: every node forgets what it cached and re-checks that user's sockets. */
export const AccessChangedSchema = z.object({ user_id: IdSchema });
export type AccessChanged = z.infer<typeof AccessChangedSchema>;

/** A status change one node heard, told to the others for their next `user_status_batch`. */
export const StatusChangedSchema = z.object({
  event_code: EventCodeSchema,
  user_id: IdSchema,
  user_status: UserStatusSchema,
});
export type StatusChanged = z.infer<typeof StatusChangedSchema>;

/** What gateway nodes tell each other (socket.io `serverSideEmit`). */
export interface InterServerEvents {
  session_revoked: (payload: SessionRevoked) => void;
  access_changed: (payload: AccessChanged) => void;
  status_changed: (payload: StatusChanged) => void;
}

/** What the relay keeps on each socket after the handshake (`socket.data`): identity only from the token. */
export const SocketDataSchema = z.object({
  userId: IdSchema,
  eventCode: EventCodeSchema,
  roles: z.array(RoleSchema),
  /** Session id of the token, for revocation. */
  sid: z.string(),
  /** Token issued-at, seconds since epoch (revocation cuts compare it). */
  issuedAt: z.number().int(),
  /** Token expiry, ms since epoch: the socket is closed then. */
  expiresAt: z.number(),
  /** The verified token, forwarded to the provider for the user's own calls (persisting chat). */
  token: z.string(),
  frontend: FrontendTypeSchema,
  /** The room the tab is in (handshake roomId or the last enter_room, once access was checked), if any. */
  roomId: IdSchema.optional(),
});
export type SocketData = z.infer<typeof SocketDataSchema>;
