/** Room content items, content groups and media (spec 01 §3, spec 02 §3). */
import { z } from 'zod';
import { BACKEND_MESSAGES } from '../errors.ts';
import {
  EventCodeSchema,
  FileNameSchema,
  HttpUrlSchema,
  IdSchema,
  NameSchema,
  TextSchema,
} from './common.ts';
import { ContentKindSchema, MediaTypeSchema } from './file-type.ts';

/**
 * The e-mail a content item sends when clicked (its `onClickSendEmail` attribute, set by the event's
 * managers). It always goes to the visitor who clicked, never to an address given by anyone else: see
 * {@link ContentEmailRequestSchema}.
 */
export const ContentEmailSchema = z.object({
  subject: z.string().trim().min(1, 'Subject is required').max(200, 'Subject must be at most 200 characters'),
  body: TextSchema,
  /** The item it belongs to (informational; the request names the item itself). */
  content_id: IdSchema.optional(),
});
export type ContentEmail = z.infer<typeof ContentEmailSchema>;

/**
 * POST event/email body: which content item's e-mail to send. The room page posts it (`event.sendEmail`)
 * when the visitor clicks a content item whose attributes carry `onClickSendEmail`, naming the room it shows
 * and the item. The provider sends that item's own subject and body to the signed-in user's e-mail address
 * (nothing else is taken from the client), only for a room the user may enter, at most
 * {@link CONTENT_EMAIL_LIMIT} per user (then 429 'Too many e-mails. Please try again later.').
 */
export const ContentEmailRequestSchema = z.object({ room_id: IdSchema, content_id: IdSchema });
export type ContentEmailRequest = z.infer<typeof ContentEmailRequestSchema>;

/** Content e-mails one user may have sent per window (event.sendEmail). */
export const CONTENT_EMAIL_LIMIT = { perWindow: 5, windowMs: 10 * 60 * 1000 } as const;

/**
 * A content item's attributes. `optOut` 'true' offers a disable button on its popup. Other attributes (merged
 * in by user_recruiting_status messages) are kept when they are plain values.
 */
export const ContentAttributesSchema = z
  .object({
    optOut: z.enum(['true', 'false']).optional(),
    enablePopup: z.boolean().optional(),
    achievementAction: z.string().max(200).optional(),
    onClickSendEmail: ContentEmailSchema.optional(),
    /** Popup HTML (sanitised by the app before rendering). */
    html: TextSchema.optional(),
    /**
     * The popup HTML in Deutsch, the UI's other language (spec 01: the UI is en and de): shown instead of `html`
     * while the UI is Deutsch. The spec gives event content no languages, so this is optional: an item without it
     * shows `html` in both.
     */
    html_de: TextSchema.optional(),
    /** Popup media: source URL and kind. */
    media_src: z.string().max(2000).optional(),
    media_type: z.enum(['video', 'image']).optional(),
    image: z.string().max(2000).optional(),
  })
  .catchall(z.union([z.string().max(2000), z.number(), z.boolean(), z.null()]));
export type ContentAttributes = z.infer<typeof ContentAttributesSchema>;

/**
 * The content type of a room's background music. The spec names the music (preference background_music, stored
 * flag backgroundMusicStatus, muted during calls) and the media type audio, but not where the music comes from:
 * here a room's content item of this type names its audio media (`media_id`, played from `video[0].link`) or
 * carries `media_src`. The demo event's lobby has one.
 */
export const BACKGROUND_MUSIC_CONTENT_TYPE = 'background_music';

/**
 * One content item of a room. `type` is e.g. 'transition_content' (played between rooms), 'popup' or
 * {@link BACKGROUND_MUSIC_CONTENT_TYPE}.
 */
export const RoomContentItemSchema = z.object({
  id: IdSchema,
  room_id: IdSchema,
  type: z.string().trim().min(1, 'type is required').max(100),
  kind: ContentKindSchema.optional(),
  media_id: IdSchema.nullable(),
  file: FileNameSchema.nullable(),
  render_in_3d: z.boolean(),
  /** Name of the content group it belongs to, if any. */
  group: z.string().max(200).nullable(),
  attributes: ContentAttributesSchema,
});
export type RoomContentItem = z.infer<typeof RoomContentItemSchema>;

/** POST content/rooms/{id}/content body. */
export const RoomContentCreateSchema = RoomContentItemSchema.omit({ id: true, room_id: true }).extend({
  media_id: IdSchema.nullable().default(null),
  file: FileNameSchema.nullable().default(null),
  render_in_3d: z.boolean().default(false),
  group: z.string().max(200).nullable().default(null),
  attributes: ContentAttributesSchema.default({}),
});
export type RoomContentCreate = z.infer<typeof RoomContentCreateSchema>;

/** PATCH content/rooms/{id}/content/{contentId} body: at least one field. */
export const RoomContentUpdateSchema = RoomContentItemSchema.omit({ id: true, room_id: true })
  .partial()
  .refine((u) => Object.values(u).some((v) => v !== undefined), {
    message: BACKEND_MESSAGES.ROOM_UPDATE_NEEDS_FIELD,
  });
export type RoomContentUpdate = z.infer<typeof RoomContentUpdateSchema>;

/** A room's content list. */
export const RoomContentListSchema = z.object({ content: z.array(RoomContentItemSchema) });
export type RoomContentList = z.infer<typeof RoomContentListSchema>;

/** POST content/rooms/content body: copy every content item of one room into another. */
export const ContentCopySchema = z
  .object({ sourceRoomId: IdSchema, targetRoomId: IdSchema })
  .refine((c) => c.sourceRoomId !== c.targetRoomId, {
    message: 'source and target room must differ',
    path: ['targetRoomId'],
  });
export type ContentCopy = z.infer<typeof ContentCopySchema>;

/** A content group: items shown or hidden together. */
export const ContentGroupSchema = z.object({
  name: NameSchema,
  room_id: IdSchema,
  active: z.boolean(),
});
export type ContentGroup = z.infer<typeof ContentGroupSchema>;

/** PATCH content/content-group body: rename (`new_name`) and/or (de)activate the group `name` of a room. */
export const ContentGroupUpdateSchema = ContentGroupSchema.pick({ name: true, room_id: true })
  .extend({ new_name: NameSchema.optional(), active: z.boolean().optional() })
  .refine((u) => u.new_name !== undefined || u.active !== undefined, {
    message: BACKEND_MESSAGES.ROOM_UPDATE_NEEDS_FIELD,
  });
export type ContentGroupUpdate = z.infer<typeof ContentGroupUpdateSchema>;

/** A playable source of a media item. */
export const MediaSourceSchema = z.object({ link: HttpUrlSchema });

/** A media item: a stream, video or audio hosted elsewhere; the app plays `video[0].link`. */
export const MediaSchema = z.object({
  id: IdSchema,
  type: MediaTypeSchema,
  event_code: EventCodeSchema,
  external_id: z.string().max(200).nullable(),
  external_link: HttpUrlSchema.nullable(),
  video: z.array(MediaSourceSchema),
});
export type Media = z.infer<typeof MediaSchema>;

/** POST content/media body. */
export const MediaCreateSchema = MediaSchema.omit({ id: true }).extend({
  external_id: z.string().max(200).nullable().default(null),
  external_link: HttpUrlSchema.nullable().default(null),
  video: z.array(MediaSourceSchema).default([]),
});
export type MediaCreate = z.infer<typeof MediaCreateSchema>;

/** An RTMPS ingest point for a live stream (content/rtmps). */
export const RtmpsStreamSchema = z.object({
  media_id: IdSchema,
  rtmps_url: z.url({ protocol: /^rtmps?$/, error: 'Expected an rtmps URL' }),
  stream_key: z.string().min(1).max(200),
});
export type RtmpsStream = z.infer<typeof RtmpsStreamSchema>;

/** One problem found by content validation. */
export const ContentProblemSchema = z.object({
  room_id: IdSchema,
  content_id: IdSchema.nullable(),
  message: z.string(),
});

/** GET content/validate-content/event/{id} answer. */
export const ContentValidationSchema = z.object({
  valid: z.boolean(),
  problems: z.array(ContentProblemSchema),
});
export type ContentValidation = z.infer<typeof ContentValidationSchema>;
