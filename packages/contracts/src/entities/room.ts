/** Rooms and the room list (spec 01 §3, spec 02 §3 "Room options"). */
import { z } from 'zod';
import { BACKEND_MESSAGES } from '../errors.ts';
import { EventCodeSchema, HttpUrlSchema, IdSchema, NameSchema } from './common.ts';

/**
 * Room kinds. Not shown in the spec beyond 'external' (which needs a link): `lobby` is the event's entry room,
 * `meeting` embeds the video-conference service, `3d` the 3D world.
 */
export const ROOM_TYPES = ['lobby', '3d', 'meeting', 'external'] as const;
/** A room kind. */
export const RoomTypeSchema = z.enum(ROOM_TYPES, {
  error: `Room type must be one of ${ROOM_TYPES.join(', ')}`,
});
export type RoomType = z.infer<typeof RoomTypeSchema>;

/** A room: the app shows `link` in a full-screen iframe. */
export const RoomSchema = z.object({
  id: IdSchema,
  name: NameSchema,
  link: HttpUrlSchema,
  type: RoomTypeSchema,
  event_code: EventCodeSchema,
  active: z.boolean(),
  /** Several users share it: the user list shows only in multiplayer rooms. */
  multiplayer: z.boolean(),
});
export type Room = z.infer<typeof RoomSchema>;

/**
 * POST content/rooms/{id}/entries answer: the caller's entry into a room, recorded. Not shown in the spec: the
 * relay records every enter_room here (with the user's token), so the provider knows who is in which room and
 * how often each user entered it.
 */
export const RoomEntrySchema = z.object({
  room_id: IdSchema,
  user_id: IdSchema,
  /** This user's entries into this room so far, this one included. */
  entries: z.number().int().positive(),
});
export type RoomEntry = z.infer<typeof RoomEntrySchema>;

/** POST content/rooms body. */
export const RoomCreateSchema = RoomSchema.omit({ id: true, active: true }).extend({
  active: z.boolean().default(true),
  multiplayer: z.boolean().default(false),
});
export type RoomCreate = z.infer<typeof RoomCreateSchema>;

/** PATCH content/rooms/{id} body: at least one field; type external needs a link (spec 01 §5). */
export const RoomUpdateSchema = RoomSchema.pick({
  name: true,
  link: true,
  type: true,
  active: true,
  multiplayer: true,
})
  .partial()
  .refine((u) => Object.values(u).some((v) => v !== undefined), {
    message: BACKEND_MESSAGES.ROOM_UPDATE_NEEDS_FIELD,
  })
  .refine((u) => u.type !== 'external' || u.link !== undefined, {
    message: BACKEND_MESSAGES.ROOM_EXTERNAL_NEEDS_LINK,
    path: ['link'],
  });
export type RoomUpdate = z.infer<typeof RoomUpdateSchema>;

/** A room option of a picker: id and name. */
export const RoomOptionSchema = RoomSchema.pick({ id: true, name: true });
export type RoomOption = z.infer<typeof RoomOptionSchema>;

/** GET content/rooms answer: rooms grouped by event (spec 02 §3 "event_rooms"). */
export const EventRoomsSchema = z.object({
  event_rooms: z.array(z.object({ event: EventCodeSchema, rooms: z.array(RoomSchema) })),
});
export type EventRooms = z.infer<typeof EventRoomsSchema>;

/** A list of rooms (deactivated rooms). */
export const RoomListSchema = z.object({ rooms: z.array(RoomSchema) });
export type RoomList = z.infer<typeof RoomListSchema>;
