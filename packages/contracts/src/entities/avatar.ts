/** Selectable avatar designs (collaboration backend, spec 02 §3). */
import { z } from 'zod';
import { IdSchema } from './common.ts';

/** One avatar design: thumbnail URL or path (99 px in the picker). */
export const AvatarOptionSchema = z.object({
  id: IdSchema,
  name: z.string().min(1).max(200),
  thumbnail: z.string().min(1).max(2000),
  default: z.boolean(),
});
export type AvatarOption = z.infer<typeof AvatarOptionSchema>;

/** GET database/avatars answer. */
export const AvatarListSchema = z.object({ avatars: z.array(AvatarOptionSchema) });
export type AvatarList = z.infer<typeof AvatarListSchema>;
