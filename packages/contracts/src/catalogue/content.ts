/**
 * The content service's calls (spec 01 §7 "Content", spec 02 §7). The spec shows few methods and no result
 * shapes here; each choice is marked "Not shown in the spec" once.
 */
import { z } from 'zod';
import { MessageSchema } from '../entities/provider-answer.ts';
import {
  ContentCopySchema,
  ContentGroupSchema,
  ContentGroupUpdateSchema,
  ContentValidationSchema,
  EventCodeSchema,
  EventKeySchema,
  EventRoomsSchema,
  FileRefSchema,
  FileTypeSchema,
  IdParamSchema,
  MediaCreateSchema,
  MediaSchema,
  MiniMapAreaCreateSchema,
  MiniMapAreaUpdateSchema,
  MiniMapSchema,
  QueryBooleanSchema,
  RoomContentCreateSchema,
  RoomContentItemSchema,
  RoomContentListSchema,
  RoomContentUpdateSchema,
  RoomCoordsMappingSchema,
  RoomCreateSchema,
  RoomEntrySchema,
  RoomListSchema,
  RoomSchema,
  RoomTypeSchema,
  RoomUpdateSchema,
  RtmpsStreamSchema,
} from '../entities/index.ts';
import { EventCodeQuerySchema, FileBytesSchema, IdParamsSchema, errorResponses } from './shared.ts';
import type { RestCall } from './types.ts';
import { URL_CALLS } from './url-calls.ts';

/** GET content/rooms filters. */
export const RoomFilterQuerySchema = z.object({
  event_code: EventCodeSchema.optional(),
  type: RoomTypeSchema.optional(),
  active: QueryBooleanSchema.optional(),
  name: z.string().max(200).optional(),
});
/** `{id, contentId}` path parameters of one content item of a room. */
export const RoomContentParamsSchema = z.object({ id: IdParamSchema, contentId: IdParamSchema });
/** POST content/rooms/content answer. */
export const ContentCopyResultSchema = z.object({
  message: z.string(),
  copied: z.number().int().nonnegative(),
});
/** GET content/export-content/event/{id} answer: every room with its content. */
export const ContentExportSchema = z.object({
  event_code: EventCodeSchema,
  rooms: z.array(z.object({ room: RoomSchema, content: z.array(RoomContentItemSchema) })),
});
/** Query of an upload: which type of file, for which event. */
export const UploadQuerySchema = z.object({ type: FileTypeSchema, event_code: EventCodeSchema });
/** An upload's answer. */
export const FileUploadResultSchema = z.object({ message: z.string(), files: z.array(FileRefSchema) });

const eventKeyParams = z.object({ id: EventKeySchema });

/** Calls of the content service. */
export const contentCalls = {
  listRooms: {
    service: 'content',
    method: 'GET',
    path: '/rooms',
    query: RoomFilterQuerySchema,
    responses: { 200: EventRoomsSchema, ...errorResponses(400, 401) },
    auth: 'user',
    idempotent: true,
    summary: 'Rooms grouped by event (event_rooms), filtered',
  },
  createRoom: {
    service: 'content',
    method: 'POST',
    path: '/rooms',
    body: RoomCreateSchema,
    responses: { 200: RoomSchema, ...errorResponses(400, 401, 403) },
    auth: 'manager',
    summary: 'Create a room',
  },
  getLobby: {
    service: 'content',
    // Not shown in the spec: method chosen, GET: a read.
    method: 'GET',
    path: '/rooms/lobby',
    // Not shown in the spec: the lobby of the caller's event (or of event_code).
    query: z.object({ event_code: EventCodeSchema.optional() }),
    responses: { 200: RoomSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: "The event's lobby",
  },
  getRoom: {
    service: 'content',
    method: 'GET',
    path: '/rooms/:id',
    params: IdParamsSchema,
    responses: { 200: RoomSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'One room (401 when the caller may not access it)',
  },
  enterRoom: {
    service: 'content',
    // Not shown in the spec: how enter_room reaches the provider. The relay records every enter_room it passes
    // on here, with the user's token; the room's user list follows the entry.
    method: 'POST',
    path: '/rooms/:id/entries',
    params: IdParamsSchema,
    responses: { 200: RoomEntrySchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    summary: "Record the caller's entry into a room (401 when the caller may not access it)",
  },
  updateRoom: {
    service: 'content',
    method: 'PATCH',
    path: '/rooms/:id',
    params: IdParamsSchema,
    body: RoomUpdateSchema,
    responses: { 200: RoomSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Change a room (at least one field; type external needs a link)',
  },
  deleteRoom: {
    service: 'content',
    method: 'DELETE',
    path: '/rooms/:id',
    params: IdParamsSchema,
    // Not shown in the spec: deleting deactivates, so rooms/deactivated lists it and activate restores it.
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Deactivate a room',
  },
  getRoomContent: {
    service: 'content',
    method: 'GET',
    path: '/rooms/:id/content',
    params: IdParamsSchema,
    responses: { 200: RoomContentListSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: "A room's content items",
  },
  createRoomContent: {
    service: 'content',
    method: 'POST',
    path: '/rooms/:id/content',
    params: IdParamsSchema,
    body: RoomContentCreateSchema,
    responses: { 200: RoomContentItemSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Add a content item to a room',
  },
  updateRoomContent: {
    service: 'content',
    method: 'PATCH',
    path: '/rooms/:id/content/:contentId',
    params: RoomContentParamsSchema,
    body: RoomContentUpdateSchema,
    responses: { 200: RoomContentItemSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Change a content item of a room',
  },
  deleteRoomContent: {
    service: 'content',
    method: 'DELETE',
    path: '/rooms/:id/content/:contentId',
    params: RoomContentParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Remove a content item from a room',
  },
  copyRoomContent: {
    service: 'content',
    method: 'POST',
    path: '/rooms/content',
    body: ContentCopySchema,
    responses: { 200: ContentCopyResultSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Copy every content item of one room into another',
  },
  updateContentGroup: {
    service: 'content',
    method: 'PATCH',
    path: '/content-group',
    body: ContentGroupUpdateSchema,
    responses: { 200: ContentGroupSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Rename or (de)activate a content group of a room',
  },
  getFile: {
    ...URL_CALLS.content.getFile,
    // Not shown in the spec: method chosen, GET with type, event_code and filename in the query (spec 01 §7 "fetched by type, event_code and filename").
    query: FileRefSchema,
    responses: { 200: FileBytesSchema, ...errorResponses(400, 404) },
    // Not shown in the spec: public, because the login page shows SSO button images before sign-in.
    auth: 'public',
    answer: 'file',
    idempotent: true,
    summary: 'A stored file by type, event code and file name (images, user manual PDF, store thumbnails)',
  },
  uploadFile: {
    service: 'content',
    // Not shown in the spec: method chosen, POST multipart upload.
    method: 'POST',
    path: '/files',
    query: UploadQuerySchema,
    multipart: true,
    responses: { 200: FileUploadResultSchema, ...errorResponses(400, 401, 403, 413) },
    auth: 'manager',
    summary: 'Upload files of a type for an event (multipart)',
  },
  deleteFile: {
    service: 'content',
    // Not shown in the spec: method chosen, DELETE by the same query as the read.
    method: 'DELETE',
    path: '/files',
    query: FileRefSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Delete a stored file',
  },
  download: {
    ...URL_CALLS.content.download,
    // Not shown in the spec: method chosen, GET.
    query: FileRefSchema,
    // Not shown in the spec: like files, but answered as an attachment to save.
    responses: { 200: FileBytesSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    answer: 'file',
    idempotent: true,
    summary: 'Download a stored file as an attachment',
  },
  getMedia: {
    service: 'content',
    // Not shown in the spec: method chosen, GET /media/:id reads one item (spec 02 §7 "media by id").
    method: 'GET',
    path: '/media/:id',
    params: IdParamsSchema,
    responses: { 200: MediaSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: 'A media item (the app plays video[0].link)',
  },
  createMedia: {
    service: 'content',
    // Not shown in the spec: method chosen, POST /media creates one.
    method: 'POST',
    path: '/media',
    body: MediaCreateSchema,
    responses: { 200: MediaSchema, ...errorResponses(400, 401, 403) },
    auth: 'manager',
    summary: 'Register a stream, video or audio',
  },
  getRtmps: {
    service: 'content',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/rtmps',
    // Not shown in the spec: the RTMPS ingest point of a stream media item.
    query: z.object({ media_id: IdParamSchema }),
    responses: { 200: RtmpsStreamSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'The RTMPS ingest URL and key of a live stream',
  },
  getPoster: {
    ...URL_CALLS.content.getPoster,
    // Not shown in the spec: method chosen, GET by event_code.
    query: EventCodeQuerySchema,
    responses: { 200: FileBytesSchema, ...errorResponses(400, 404) },
    // Not shown in the spec: public, because the auth pages show the poster beside the form.
    auth: 'public',
    answer: 'file',
    idempotent: true,
    summary: "The event's poster image",
  },
  getBanner: {
    ...URL_CALLS.content.getBanner,
    // Not shown in the spec: method chosen, GET by event_code.
    query: EventCodeQuerySchema,
    responses: { 200: FileBytesSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    answer: 'file',
    idempotent: true,
    summary: "The event's banner image",
  },
  uploadEmailAssets: {
    service: 'content',
    // Not shown in the spec: method chosen, POST multipart upload.
    method: 'POST',
    path: '/emailAssets',
    // Not shown in the spec: uploads e-mail template images (files type email_assets).
    query: EventCodeQuerySchema,
    multipart: true,
    responses: { 200: FileUploadResultSchema, ...errorResponses(400, 401, 403, 413) },
    auth: 'manager',
    summary: 'Upload e-mail assets of an event (multipart)',
  },
  listDeactivatedRooms: {
    service: 'content',
    // Not shown in the spec: method chosen, GET.
    method: 'GET',
    path: '/rooms/deactivated',
    query: z.object({ event_code: EventCodeSchema.optional() }),
    responses: { 200: RoomListSchema, ...errorResponses(401, 403) },
    auth: 'manager',
    idempotent: true,
    summary: 'Deactivated rooms',
  },
  activateRoom: {
    service: 'content',
    // Not shown in the spec: method chosen, PATCH with the room id in the body.
    method: 'PATCH',
    path: '/activate',
    body: z.object({ room_id: z.number().int().positive() }),
    responses: { 200: RoomSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Reactivate a room',
  },
  validateContent: {
    service: 'content',
    // Not shown in the spec: method chosen, GET; answers {valid, problems}.
    method: 'GET',
    path: '/validate-content/event/:id',
    params: eventKeyParams,
    responses: { 200: ContentValidationSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: "Check an event's rooms and content for missing media, files and links",
  },
  exportContent: {
    service: 'content',
    // Not shown in the spec: method chosen, GET; answers JSON rather than a file.
    method: 'GET',
    path: '/export-content/event/:id',
    params: eventKeyParams,
    responses: { 200: ContentExportSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: "Export an event's rooms with their content as JSON",
  },
  getMiniMap: {
    service: 'content',
    // Not shown in the spec: method chosen, GET by event_code.
    method: 'GET',
    path: '/mini-map',
    query: EventCodeQuerySchema,
    responses: { 200: MiniMapSchema, ...errorResponses(400, 401, 404) },
    auth: 'user',
    idempotent: true,
    summary: "The mini-map's size and room areas (its image is files type mini_map)",
  },
  createMiniMapArea: {
    service: 'content',
    // Not shown in the spec: method chosen, POST adds one area.
    method: 'POST',
    path: '/mini-map',
    body: MiniMapAreaCreateSchema,
    responses: { 200: RoomCoordsMappingSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Add a room area to the mini-map',
  },
  updateMiniMapArea: {
    service: 'content',
    // Not shown in the spec: method chosen, PATCH /mini-map/:id (the area id).
    method: 'PATCH',
    path: '/mini-map/:id',
    params: IdParamsSchema,
    body: MiniMapAreaUpdateSchema,
    responses: { 200: RoomCoordsMappingSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Change a mini-map area (room id, shape or coordinates)',
  },
  deleteMiniMapArea: {
    service: 'content',
    // Not shown in the spec: method chosen, DELETE /mini-map/:id.
    method: 'DELETE',
    path: '/mini-map/:id',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Remove a mini-map area',
  },
} as const satisfies Record<string, RestCall>;
