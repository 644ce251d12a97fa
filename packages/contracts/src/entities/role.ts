/** Roles of a user (spec 01 §4, §6): what the token carries and what the current user lists. */
import { z } from 'zod';
import { RECRUITING_MODE } from '../constants.ts';
import { IdSchema } from './common.ts';

/** Role names; `presenter` is always scoped to a room. */
export const ROLE_NAMES = ['visitor', 'exhibitor', 'event-admin', 'admin', 'presenter'] as const;
/** A role name. */
export const RoleNameSchema = z.enum(ROLE_NAMES, { error: `Role must be one of ${ROLE_NAMES.join(', ')}` });
export type RoleName = z.infer<typeof RoleNameSchema>;

/** Roles allowed to manage the event (the catalogue's `manager` calls). */
export const MANAGER_ROLES = ['admin', 'event-admin'] as const satisfies readonly RoleName[];

/** One role held by a user: `room_id` scopes it (presenter), `mode` refines it (event-admin 'Recruiting'). */
export const RoleSchema = z.object({
  role: RoleNameSchema,
  room_id: IdSchema.optional(),
  mode: z.string().max(64).optional(),
});
export type Role = z.infer<typeof RoleSchema>;

/** True when the roles include admin or event-admin. */
export function isManager(roles: readonly Role[]): boolean {
  return roles.some((r) => (MANAGER_ROLES as readonly string[]).includes(r.role));
}

/** True when the roles open the recruiting dashboard (event-admin with mode 'Recruiting'). */
export function isRecruiter(roles: readonly Role[]): boolean {
  return roles.some((r) => r.role === 'event-admin' && r.mode === RECRUITING_MODE);
}

/** Presenter-or-up for a room: presenter of that room, admin or event-admin (spec 01 §6). */
export function isPresenterOrUp(roles: readonly Role[], roomId: number | undefined): boolean {
  return roles.some(
    (r) =>
      r.role === 'admin' ||
      r.role === 'event-admin' ||
      (r.role === 'presenter' && roomId !== undefined && r.room_id === roomId),
  );
}
