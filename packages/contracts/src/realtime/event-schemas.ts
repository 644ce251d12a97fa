/**
 * The event maps (`maps.ts`) by name, for clients: what a topic's emit takes and what its acknowledgement is
 * ({@link EmitPayload}, {@link EmitAck}), and the schema that checks each acknowledgement and each server event.
 * Both tables are typed from the maps, so a topic whose payload or ack changes there fails to compile here
 * until its schema follows.
 */
import type { z } from 'zod';
import { AckSchema } from './ack.ts';
import { CallAnsweredSchema, CatchUpAckSchema, ChatAckSchema, ChatDeliverySchema } from './chat.ts';
import {
  AccessCatchUpAckSchema,
  AchievementDeliverySchema,
  AnnouncementSchema,
  AnnouncementsCatchUpAckSchema,
  LogoutEventSchema,
  PlayerEventSchema,
  ProfilePictureChangeSchema,
  RecruitingStatusEventSchema,
  RefreshEventSchema,
  RefreshesCatchUpAckSchema,
  ResyncEventSchema,
  SceneEventSchema,
  UserAccessChangeSchema,
  UserEventSchema,
  UserRoomEventSchema,
  UserStatusBatchSchema,
  UserStatusChangeSchema,
} from './events.ts';
import type { ClientToServerEvents, ServerToClientEvents } from './maps.ts';
import { isChatTopic, type ChatTopic } from './topics.ts';

/** Every name a client emits on: the fixed topics and its event's `chat_{event_code}`. */
export type ClientEmit = keyof ClientToServerEvents & string;
/** What `emit(topic, payload)` takes for a topic (before the schema's defaults apply). */
export type EmitPayload<T extends ClientEmit> = Parameters<ClientToServerEvents[T]>[0];
/** The acknowledgement a topic's emit receives. */
export type EmitAck<T extends ClientEmit> = Parameters<Parameters<ClientToServerEvents[T]>[1]>[0];

/** Every name the server emits to clients: the fixed events and the chat topic. */
export type ServerEmit = keyof ServerToClientEvents & string;
/** What listeners of a server event receive. */
export type ServerPayload<T extends ServerEmit> = Parameters<ServerToClientEvents[T]>[0];

type FixedClientEmit = Exclude<ClientEmit, ChatTopic>;
type FixedServerEmit = Exclude<ServerEmit, ChatTopic>;

/** The acknowledgement schema of each fixed topic (chat topics: {@link ChatAckSchema}). */
export const ACK_SCHEMAS: { readonly [T in FixedClientEmit]: z.ZodType<EmitAck<T>> } = {
  user_events: AckSchema,
  user_scene_events: AckSchema,
  user_room_events: AckSchema,
  sessions_triggers: AckSchema,
  user_status_changes: AckSchema,
  announcements: AckSchema,
  user_player_events: AckSchema,
  user_achievement_events: AckSchema,
  view_content: AckSchema,
  catch_up: CatchUpAckSchema,
  call_answered: AckSchema,
  announcements_catch_up: AnnouncementsCatchUpAckSchema,
  access_catch_up: AccessCatchUpAckSchema,
  refreshes_catch_up: RefreshesCatchUpAckSchema,
};

/** The schema of what listeners of each fixed server event receive (chat topics: {@link ChatDeliverySchema}). */
export const SERVER_EVENT_SCHEMAS: { readonly [T in FixedServerEmit]: z.ZodType<ServerPayload<T>> } = {
  logout: LogoutEventSchema,
  refresh: RefreshEventSchema,
  profile_picture_change: ProfilePictureChangeSchema,
  user_recruiting_status: RecruitingStatusEventSchema,
  user_access_change: UserAccessChangeSchema,
  announcements: AnnouncementSchema,
  user_status_changes: UserStatusChangeSchema,
  user_room_events: UserRoomEventSchema,
  user_scene_events: SceneEventSchema,
  view_content: SceneEventSchema,
  user_player_events: PlayerEventSchema,
  user_achievement_events: AchievementDeliverySchema,
  user_events: UserEventSchema,
  resync: ResyncEventSchema,
  user_status_batch: UserStatusBatchSchema,
  call_answered: CallAnsweredSchema,
};

/** The schema that checks a topic's acknowledgement. */
export function ackSchemaOf<T extends ClientEmit>(topic: T): z.ZodType<EmitAck<T>> {
  const schema = isChatTopic(topic) ? ChatAckSchema : ACK_SCHEMAS[topic as FixedClientEmit];
  return schema as z.ZodType<EmitAck<T>>;
}

/** The schema of what a server event carries. */
export function serverEventSchemaOf<T extends ServerEmit>(event: T): z.ZodType<ServerPayload<T>> {
  const schema = isChatTopic(event) ? ChatDeliverySchema : SERVER_EVENT_SCHEMAS[event as FixedServerEmit];
  return schema as z.ZodType<ServerPayload<T>>;
}
