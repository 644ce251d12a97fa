/** The mini-map: an image with clickable room areas (spec 01 §3, spec 02 §3). */
import { z } from 'zod';
import { BACKEND_MESSAGES } from '../errors.ts';
import { IdSchema, NameSchema } from './common.ts';

/** Area shapes, as in an HTML image map. */
export const MINI_MAP_SHAPES = ['poly', 'rect', 'circle'] as const;
/** An area shape. */
export const MiniMapShapeSchema = z.enum(MINI_MAP_SHAPES, { error: 'shape must be poly, rect or circle' });
export type MiniMapShape = z.infer<typeof MiniMapShapeSchema>;

/** Image-map coordinates as a comma-separated list of numbers, e.g. '10,20,110,80'. */
export const MiniMapCoordsSchema = z
  .string()
  .max(2000)
  .regex(
    /^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){2,}\s*$/,
    'coords must be at least three comma-separated numbers',
  );

/** One clickable area linking to /room/{room_id}. */
export const RoomCoordsMappingSchema = z.object({
  /** Server-assigned id of the area. */
  id: IdSchema,
  room_id: IdSchema,
  room_name: NameSchema,
  shape: MiniMapShapeSchema,
  coords: MiniMapCoordsSchema,
});
export type RoomCoordsMapping = z.infer<typeof RoomCoordsMappingSchema>;

/** The mini-map answer: image size in px and the areas. */
export const MiniMapSchema = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  room_coords_mapping: z.array(RoomCoordsMappingSchema),
});
export type MiniMap = z.infer<typeof MiniMapSchema>;

/** POST content/mini-map body: a new area. */
export const MiniMapAreaCreateSchema = RoomCoordsMappingSchema.omit({ id: true, room_name: true });
export type MiniMapAreaCreate = z.infer<typeof MiniMapAreaCreateSchema>;

/** PATCH content/mini-map/{id} body: at least one of room_id, shape, coords (spec 01 §5). */
export const MiniMapAreaUpdateSchema = MiniMapAreaCreateSchema.partial().refine(
  (u) => u.room_id !== undefined || u.shape !== undefined || u.coords !== undefined,
  { message: BACKEND_MESSAGES.MINI_MAP_NEEDS_ATTRIBUTE },
);
export type MiniMapAreaUpdate = z.infer<typeof MiniMapAreaUpdateSchema>;
