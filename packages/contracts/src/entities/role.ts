/** Roles of a user (spec 01 §4, §6): what the token carries and what the current user lists. */
import { z } from 'zod';
import { IdSchema } from './common.ts';

/** Role names; `presenter` is always scoped to a room. */
export const ROLE_NAMES = ['visitor', 'exhibitor', 'event-admin', 'admin', 'presenter'] as const;
/** A role name. */
export const RoleNameSchema = z.enum(ROLE_NAMES, { error: `Role must be one of ${ROLE_NAMES.join(', ')}` });
export type RoleName = z.infer<typeof RoleNameSchema>;

/** One role held by a user: `room_id` scopes it (presenter), `mode` refines it (event-admin 'Recruiting'). */
export const RoleSchema = z.object({
  role: RoleNameSchema,
  room_id: IdSchema.optional(),
  mode: z.string().max(64).optional(),
});
export type Role = z.infer<typeof RoleSchema>;
