/** The signed-in user as the sign-in answer gives it and the web app keeps it (encrypted) in local storage. */
import { z } from 'zod';
import { IdSchema } from './common.ts';
import { RoleSchema } from './role.ts';
import { USER_CARD_FIELDS, UserProfileSchema } from './user-profile.ts';

/** A screen access right: the frontend path whose menu entry the user may see, e.g. `/profile`. */
export const ScreenAccessRightSchema = z.object({
  frontend_name: z.string().min(1).max(200),
});
export type ScreenAccessRight = z.infer<typeof ScreenAccessRightSchema>;

/** The current user (spec 01 §3). */
export const CurrentUserSchema = UserProfileSchema.pick({
  id: true,
  username: true,
  event_code: true,
  ...USER_CARD_FIELDS,
}).extend({
  /** The login name (an e-mail address); always the user's own here. */
  username: z.string().min(1).max(254),
  /** The provider-signed JWT sent as bearer token and socket handshake auth. */
  jwt_token: z.string().min(1),
  roles: z.array(RoleSchema),
  /** Ids of the rooms the user may enter. */
  room_access: z.array(IdSchema),
  screen_access_rights: z.array(ScreenAccessRightSchema),
  breakout_group: z.string().max(200).nullable(),
});
export type CurrentUser = z.infer<typeof CurrentUserSchema>;
