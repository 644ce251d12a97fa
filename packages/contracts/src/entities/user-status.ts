/** User presence status (spec 01 §4, spec 02 §4.1). */
import { z } from 'zod';

/**
 * Status values: available and busy (spec 01 §4), away (the picker's middle choice, spec 02 §4.1: its value is
 * not shown in the spec, chosen here), and `offline`, set at logout, which signs the user out when received for
 * themself.
 */
export const USER_STATUSES = ['available', 'away', 'busy', 'offline'] as const;
/** A user status. */
export const UserStatusSchema = z.enum(USER_STATUSES, {
  error: `Status must be one of ${USER_STATUSES.join(', ')}`,
});
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The labels the status picker lists (spec 01 §4). */
export const USER_STATUS_PICKER_LABELS = ['active', 'away', 'do not disturb'] as const;

/** The status each picker choice announces, in the picker's order: active, away, do not disturb. */
export const PICKABLE_USER_STATUSES = ['available', 'away', 'busy'] as const satisfies readonly UserStatus[];
export type PickableUserStatus = (typeof PICKABLE_USER_STATUSES)[number];

/** True for a status the user may choose (not 'offline', which only sign-out announces). */
export function isPickableUserStatus(value: unknown): value is PickableUserStatus {
  return typeof value === 'string' && (PICKABLE_USER_STATUSES as readonly string[]).includes(value);
}
