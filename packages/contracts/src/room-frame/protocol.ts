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
 *
 * Size, and what the room hears of a refusal: every message a room posts is at most {@link ROOM_MESSAGE_MAX_BYTES}
 * (1,984) bytes as JSON (UTF-8 bytes of `JSON.stringify(message)`, envelope included; measure it with
 * {@link roomMessageBytes}), so that the events the app makes of it fit the relay's limit on what goes to a whole
 * room ({@link FANOUT_PAYLOAD_MAX_BYTES}, 2,048 bytes): a message within the bound is never refused for its size.
 * A larger one (in practice a big `object` or `data`) is not passed on; nor is one whose `object` or `data` holds
 * anything but JSON values (binary such as ArrayBuffer, typed arrays or Blob, which socket.io would send as
 * attachments its JSON does not count; Date, Map, Set; a BigInt, a cycle: dropped as malformed). The app answers a message it did not pass on with `refused`
 * ({@link AppRefusedSchema}): its type and labels, and why: `too_large` (over the bound: never sent),
 * `rate_limited` (the relay's per-user limit: send less often), `refused` (the relay's other refusals, its text in
 * `detail`, e.g. a room the user may no longer access). Nothing comes back for a message that was passed on, nor
 * while the app is offline (the event is not sent then). A room of an earlier release drops `refused` as a
 * message it does not know; it needs no other change.
 */
import { z } from 'zod';
import { FANOUT_PAYLOAD_MAX_BYTES } from '../constants.ts';
import { RELAY_ERRORS } from '../realtime/ack.ts';
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
/** True for an object made by `{…}` or `Object.create(null)`: not a Date, Map, Set, Blob, class instance, … */
function isPlainObject(value: object): boolean {
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === null || (typeof proto === 'object' && Object.getPrototypeOf(proto) === null);
}
/**
 * Whether `value` is what JSON writes as it is: text, a finite number, true/false, null, or an array or plain
 * object of those (a key whose value is undefined is left out, as JSON does). Not: binary (ArrayBuffer, typed
 * arrays, Blob: socket.io would send them as attachments the JSON size does not count), Date, Map, Set, a
 * BigInt, a cycle, nesting deeper than any message within the bound could hold (each level takes 2 bytes or
 * more). `ancestors` are the arrays and objects `value` is in, outermost first: a cycle meets one of them again,
 * and their number is its depth. Each is taken out again when its walk is done, so an object met twice but not
 * inside itself (shared) is no cycle.
 */
function isJsonValue(value: unknown, ancestors = new Set<object>()): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value !== 'object') return false;
  if (ancestors.has(value) || ancestors.size > ROOM_MESSAGE_MAX_BYTES / 2) return false;
  ancestors.add(value);
  const json = Array.isArray(value)
    ? value.every((each) => isJsonValue(each, ancestors))
    : isPlainObject(value) &&
      Object.values(value).every((each: unknown) => each === undefined || isJsonValue(each, ancestors));
  ancestors.delete(value);
  return json;
}
/**
 * A small free-form object of JSON values, passed on untouched (bounded, like the realtime topics' `object`);
 * anything else in it (binary, Date, Map, …) makes the message malformed.
 */
const SmallObject = z.record(z.string().max(100), z.unknown()).refine((object) => isJsonValue(object), {
  message: 'Only JSON values (text, numbers, true/false, null, arrays, plain objects) are passed on.',
});
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

/**
 * Every message a room sends to the app, by its shape; `readRoomMessage` (channel.ts) reads it with this and bounds
 * its size ({@link ROOM_MESSAGE_MAX_BYTES}).
 */
export const RoomToAppShapeSchema = z.discriminatedUnion('type', [
  RoomReadySchema,
  RoomSceneSchema,
  RoomViewContentSchema,
  RoomAchievementSchema,
  RoomPlayerSchema,
  RoomOpenContentSchema,
  RoomNavigateSchema,
  RoomMicrophoneSchema,
]);
export type RoomToAppMessage = z.infer<typeof RoomToAppShapeSchema>;
/** The types of message a room sends (the ones `refused` may name), as {@link RoomToAppShapeSchema} lists them. */
export const ROOM_MESSAGE_TYPES = RoomToAppShapeSchema.options.map((option) => option.shape.type.value);

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
/** Why the app did not pass on a message of the room (see {@link AppRefusedSchema}). */
export const ROOM_REFUSAL_REASONS = ['too_large', 'rate_limited', 'refused'] as const;
export type RoomRefusalReason = (typeof ROOM_REFUSAL_REASONS)[number];
/**
 * The app did not pass on a message of the room: over {@link ROOM_MESSAGE_MAX_BYTES} (`too_large`, never sent), or
 * the relay refused the event made of it (`rate_limited`: the user's limit on a topic, send less often; `refused`:
 * any other refusal, e.g. a room the user may no longer access). `refused` names the message by its type and its
 * labels (those it had), so the room can tell which; `detail` says why in English, for the room's developer
 * (the bound and the size, or the relay's text), not for the visitor: a room that tells the visitor says it in
 * the visitor's language (`settings.language`).
 */
export const AppRefusedSchema = message('refused', {
  refused: z.object({
    type: z.enum(ROOM_MESSAGE_TYPES),
    event: Label.optional(),
    achievement_attribute: z.string().min(1).max(200).optional(),
    content_id: ContentId.optional(),
  }),
  reason: z.enum(ROOM_REFUSAL_REASONS),
  detail: z.string().max(MAX_FIELD),
});
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
  AppRefusedSchema,
]);
export type AppToRoomMessage = z.infer<typeof AppToRoomMessageSchema>;
export type AppRefusedMessage = z.infer<typeof AppRefusedSchema>;

/**
 * What the relayed events add to a room message beyond the envelope they drop: a scene event drops
 * `"protocol":"showfloor.room","version":1,"type":"scene",` (55 bytes) and adds `user_id`, `room_id` and
 * `timestamp` (numbers of up to 16 digits), at most 83 bytes with their keys: 28 more; 64 leaves room to spare.
 */
const RELAY_RESERVE_BYTES = 64;
/**
 * The most UTF-8 bytes a room message may take as JSON (`JSON.stringify`, envelope included): 1,984. Within it the
 * relayed event fits the relay's {@link FANOUT_PAYLOAD_MAX_BYTES}; over it the app answers `refused`
 * (`too_large`) and passes nothing on.
 */
export const ROOM_MESSAGE_MAX_BYTES = FANOUT_PAYLOAD_MAX_BYTES - RELAY_RESERVE_BYTES;

const utf8 = new TextEncoder();
/**
 * The UTF-8 bytes of a message's JSON, as {@link ROOM_MESSAGE_MAX_BYTES} counts them; undefined when it cannot be
 * written as JSON (a BigInt or a cycle in `object`): such a message cannot be relayed at all (nor does
 * {@link RoomToAppShapeSchema} take it: JSON values only).
 */
export function roomMessageBytes(message: unknown): number | undefined {
  try {
    const text = JSON.stringify(message);
    return text === undefined ? undefined : utf8.encode(text).length;
  } catch {
    return undefined;
  }
}

/**
 * {@link roomMessageBytes} of a message {@link RoomToAppShapeSchema} took: it holds JSON values only, so JSON can
 * always write it.
 */
export function jsonBytes(message: RoomToAppMessage): number {
  return utf8.encode(JSON.stringify(message)).length;
}

/** At most `max` UTF-16 units of `text`, never ending in half of a surrogate pair. */
function cutAtCodePoint(text: string, max: number): string {
  if (text.length <= max) return text;
  const last = text.charCodeAt(max - 1);
  return text.slice(0, last >= 0xd800 && last <= 0xdbff ? max - 1 : max);
}

/**
 * The `refused` answer to a room message the app did not pass on (for `rate_limited` and `refused`, `detail` is
 * the relay's acknowledgement text).
 */
export function refusalOf(
  message: RoomToAppMessage,
  reason: RoomRefusalReason,
  detail: string,
): Unenveloped<AppRefusedMessage> {
  const refused: AppRefusedMessage['refused'] = { type: message.type };
  if ('event' in message) refused.event = message.event;
  if ('achievement_attribute' in message) refused.achievement_attribute = message.achievement_attribute;
  if ('content_id' in message && message.content_id !== undefined) refused.content_id = message.content_id;
  return { type: 'refused', refused, reason, detail: cutAtCodePoint(detail, MAX_FIELD) };
}

/** The refusal reason of a relay's 400 acknowledgement text. */
export function refusalReasonOfAck(ackMessage: string): RoomRefusalReason {
  if (ackMessage.startsWith(RELAY_ERRORS.RATE_LIMITED)) return 'rate_limited';
  if (ackMessage.startsWith(RELAY_ERRORS.PAYLOAD_TOO_LARGE)) return 'too_large';
  return 'refused';
}

/** A message body without the envelope, as a sender writes it. */
export type Unenveloped<M> = M extends unknown ? Omit<M, 'protocol' | 'version'> : never;

/** Wraps a body in the envelope. */
export function roomMessage<M extends AppToRoomMessage | RoomToAppMessage>(body: Unenveloped<M>): M {
  return { protocol: ROOM_PROTOCOL, version: ROOM_PROTOCOL_VERSION, ...body } as M;
}
