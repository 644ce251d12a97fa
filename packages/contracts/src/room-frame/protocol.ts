/**
 * The room message protocol (spec 01 §2, spec 02 §2.10, §4.12): what the app's room page and the embedded room
 * (a video-conference or 3D service in an iframe on its own origin) say to each other with `postMessage`.
 * Written once here, parsed by both sides; versioned so a room and an app of different releases can tell.
 *
 * The handshake: the page posts `ready` when the frame has loaded; the room answers `ready`; the page then sends
 * `auth` (the token: it goes only to the room link's exact origin, never into a URL), `user`, `colour` (the
 * event's theme), `avatar`, `role` (presenter-or-up), `room` (which room and instance) and `settings`. A room
 * that reloads itself answers `ready` again and is sent the same again.
 *
 * What the room says afterwards is relayed: `scene` → `user_scene_events`, `view_content` → `view_content`,
 * `achievement` → `user_achievement_events`, `player` → `user_player_events` (the multiplayer hall's moves);
 * `open_content` asks the app for a content item's popup, `navigate` to walk into another room, `microphone`
 * reports the user's microphone state (shown in the participants list), `mute` is what a moderator asked for.
 */
import { z } from 'zod';
import { CssColourSchema } from '../entities/preference.ts';

/** The protocol's name, in every message (other `postMessage` traffic on the page is ignored). */
export const ROOM_PROTOCOL = 'showfloor.room';
/** The protocol's version; a message of another version is dropped. */
export const ROOM_PROTOCOL_VERSION = 1;

/** Longest text a room message carries in one field. */
const MAX_FIELD = 2000;
const Label = z.string().min(1).max(100);
const Id = z.number().int().positive();
/** A content item id as rooms name them (the provider's numeric id, or a room's own string key). */
const ContentId = z.union([z.number().int(), z.string().min(1).max(100)]);
/** A small free-form object, passed on untouched (bounded, like the realtime topics' `object`). */
const SmallObject = z.record(z.string().max(100), z.unknown());
const Colour = CssColourSchema;

/** Builds a message schema of one type: the envelope plus its fields. Unknown keys are refused. */
function message<T extends string, S extends z.ZodRawShape>(type: T, shape: S) {
  return z
    .object({
      protocol: z.literal(ROOM_PROTOCOL),
      version: z.literal(ROOM_PROTOCOL_VERSION),
      type: z.literal(type),
      ...shape,
    })
    .strict();
}

// ---------------------------------------------------------------------------------------------------------
// App (the room page) → room

/** The page has loaded the frame and listens. */
export const AppReadySchema = message('ready', {});
/** The provider-signed token, for the room's own calls to its service. Sent only to the room's exact origin. */
export const AppAuthSchema = message('auth', { token: z.string().min(1).max(8000) });
/** Who is visiting: the room greets them by name. */
export const AppUserSchema = message('user', {
  user: z.object({
    id: Id,
    firstname: z.string().max(100),
    lastname: z.string().max(100),
    company: z.string().max(100).nullable(),
    job_title: z.string().max(100).nullable(),
    event_code: z.string().min(1).max(50),
    /** An absolute URL of the picture on the app's origin, or null. */
    profile_picture: z.url().max(MAX_FIELD).nullable(),
    /**
     * The rooms the user may enter (their room_access, kept current by the access-change event): a room that
     * offers doors to other rooms (a lobby's floor plan) shows the others locked and never reads them. Sent
     * again when it changes. Absent from an app of an older release: the room then cannot tell.
     */
    room_access: z.array(Id).max(1000).optional(),
  }),
});
/** The event's theme (spec 01 §3 theme values), so the room wears the event's colours. */
export const AppColourSchema = message('colour', {
  colours: z.object({
    primary: Colour,
    secondary: Colour,
    accent: Colour,
    background: Colour,
    backgroundSecondary: Colour,
    label: Colour,
    labelBackground: Colour,
  }),
  /** The event's name, for the room's signage. */
  eventName: z.string().max(200),
});
/** The avatar settings: the user's chosen design (if any) and whether they may choose (spec 01 §3). */
export const AppAvatarSchema = message('avatar', {
  avatar: z.object({
    id: z.union([Id, z.string().min(1).max(100)]).nullable(),
    name: z.string().max(100).nullable(),
    useEventAvatars: z.boolean(),
    userSelectable: z.boolean(),
  }),
});
/** Whether the user is presenter-or-up (presenter of this room, event-admin or admin; spec 01 §6). */
export const AppRoleSchema = message('role', { presenterOrUp: z.boolean() });
/** Which room this frame shows, and the instance the user entered (null: the room has one). */
export const AppRoomSchema = message('room', {
  room: z.object({ id: Id, name: z.string().max(200), instance: z.string().max(200).nullable() }),
});
/** The UI languages a room is told to speak (the app's own: spec 01 §1). */
export const ROOM_LANGUAGES = ['en', 'de'] as const;
/** The room settings of spec 02 §3 "Settings state" that a room honours, and the app's language. */
export const AppSettingsSchema = message('settings', {
  settings: z.object({
    thirdPersonView: z.boolean(),
    newsfeed: z.boolean(),
    language: z.enum(ROOM_LANGUAGES),
  }),
});
/** A moderator muted this user (or everyone in the room). */
export const AppMuteSchema = message('mute', { by: z.string().max(200) });
/** Another visitor's move in a multiplayer room (a relayed `user_player_events`). */
export const AppPlayerSchema = message('player', {
  user_id: Id,
  event: Label,
  data: SmallObject.optional(),
});

/** Every message the app sends to a room. */
export const AppToRoomMessageSchema = z.discriminatedUnion('type', [
  AppReadySchema,
  AppAuthSchema,
  AppUserSchema,
  AppColourSchema,
  AppAvatarSchema,
  AppRoleSchema,
  AppRoomSchema,
  AppSettingsSchema,
  AppMuteSchema,
  AppPlayerSchema,
]);
export type AppToRoomMessage = z.infer<typeof AppToRoomMessageSchema>;

// ---------------------------------------------------------------------------------------------------------
// Room → app

/** The room answers the page's `ready`: send the session. */
export const RoomReadySchema = message('ready', {});
/** Something happened in the room's scene (→ `user_scene_events`). */
export const RoomSceneSchema = message('scene', {
  event: Label,
  content_id: ContentId.optional(),
  object: SmallObject.optional(),
});
/** The user looked at a piece of content (→ `view_content`). */
export const RoomViewContentSchema = message('view_content', {
  event: Label,
  content_id: ContentId.optional(),
  object: SmallObject.optional(),
});
/** The user earned an achievement (→ `user_achievement_events`). */
export const RoomAchievementSchema = message('achievement', {
  achievement_attribute: z.string().min(1).max(200),
  content_id: ContentId.optional(),
});
/** The user's own move in a multiplayer room (→ `user_player_events`). */
export const RoomPlayerSchema = message('player', { event: Label, data: SmallObject.optional() });
/** The user clicked a content item: the app shows its popup (a room content item of this room). */
export const RoomOpenContentSchema = message('open_content', { content_id: Id });
/** The user walks into another room (a booth on the lobby's floor plan), or back to the lobby. */
export const RoomNavigateSchema = message('navigate', {
  to: z.union([z.literal('lobby'), z.object({ room_id: Id })]),
});
/** The user's microphone state in the room (the participants list shows it). */
export const RoomMicrophoneSchema = message('microphone', { muted: z.boolean() });

/** Every message a room sends to the app. */
export const RoomToAppMessageSchema = z.discriminatedUnion('type', [
  RoomReadySchema,
  RoomSceneSchema,
  RoomViewContentSchema,
  RoomAchievementSchema,
  RoomPlayerSchema,
  RoomOpenContentSchema,
  RoomNavigateSchema,
  RoomMicrophoneSchema,
]);
export type RoomToAppMessage = z.infer<typeof RoomToAppMessageSchema>;

/** A message body without the envelope, as a sender writes it. */
export type Unenveloped<M> = M extends unknown ? Omit<M, 'protocol' | 'version'> : never;

/** Wraps a body in the envelope. */
export function roomMessage<M extends AppToRoomMessage | RoomToAppMessage>(body: Unenveloped<M>): M {
  return { protocol: ROOM_PROTOCOL, version: ROOM_PROTOCOL_VERSION, ...body } as M;
}
