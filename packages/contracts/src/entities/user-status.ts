/** User presence status (spec 01 §4, spec 02 §4.1). */
import { z } from 'zod';

/** Status values: `offline` is set at logout and signs the user out when received for themself. */
export const USER_STATUSES = ['available', 'busy', 'offline'] as const;
/** A user status. */
export const UserStatusSchema = z.enum(USER_STATUSES, {
  error: `Status must be one of ${USER_STATUSES.join(', ')}`,
});
export type UserStatus = z.infer<typeof UserStatusSchema>;

/** The labels the status picker lists (spec 01 §4). */
export const USER_STATUS_PICKER_LABELS = ['active', 'away', 'do not disturb'] as const;
