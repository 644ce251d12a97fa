/** The user profile, its edit rules (spec 02 §3, §5) and the short user summaries lists show. */
import { z } from 'zod';
import { MAX_PROFILE_FIELD_LENGTH } from '../constants.ts';
import { PROFILE_ERROR_TEXTS } from '../errors.ts';
import { EventCodeSchema, IdSchema } from './common.ts';
import { RoleSchema } from './role.ts';
import { TagSchema } from './tag.ts';
import { UserStatusSchema } from './user-status.ts';

const MAX = MAX_PROFILE_FIELD_LENGTH;

/**
 * A user's profile. The contact fields (`username`, `email`, `phone_number`, `webpage`, `linkedin`) are null
 * for a viewer the contact rule does not let see them (access.ts `mayViewContact`: the user, their event's
 * managers, a holder of their allowed business card).
 */
export const UserProfileSchema = z.object({
  id: IdSchema,
  /** The login name (an e-mail address); null when hidden from the viewer. */
  username: z.string().min(1).max(254).nullable(),
  event_code: EventCodeSchema,
  firstname: z.string().max(MAX),
  lastname: z.string().max(MAX),
  company: z.string().max(MAX).nullable(),
  job_title: z.string().max(MAX).nullable(),
  phone_number: z.string().max(MAX).nullable(),
  /** Null when hidden from the viewer. */
  email: z.string().max(MAX).nullable(),
  webpage: z.string().max(MAX).nullable(),
  linkedin: z.string().max(MAX).nullable(),
  tags: z.array(TagSchema),
  profile_picture: z.string().max(500).nullable(),
  /**
   * The avatar design the user chose (their `user_selected_avatar` preference, spec 02 §7 "post preference:
   * avatar choice"), or null for the event's default. Not shown in the spec: read back here, chosen once.
   */
  avatar_id: IdSchema.nullable().optional(),
});
export type UserProfile = z.infer<typeof UserProfileSchema>;

/**
 * The profile fields every view of a user carries after its id: name, work and picture. Both the list summary
 * and the signed-in user pick them, so the two cannot drift apart.
 */
export const USER_CARD_FIELDS = {
  firstname: true,
  lastname: true,
  company: true,
  job_title: true,
  /** Path of the profile picture (fetched through user.getProfilePicture), or null. */
  profile_picture: true,
} as const satisfies Partial<Record<keyof UserProfile, true>>;

/** A user as lists show them (participants, users in a room, logged users, summaries). */
export const UserSummarySchema = UserProfileSchema.pick({ id: true, ...USER_CARD_FIELDS }).extend({
  /** The login name: only for viewers the contact rule lets see it (access.ts `mayViewContact`). */
  username: z.string().max(254).optional(),
  user_status: UserStatusSchema.optional(),
  roles: z.array(RoleSchema).optional(),
});
export type UserSummary = z.infer<typeof UserSummarySchema>;

/** A list of users. */
export const UserListSchema = z.object({ users: z.array(UserSummarySchema) });
export type UserList = z.infer<typeof UserListSchema>;

/** A field checked for length (first) and allowed characters; messages are the spec's. */
function profileText(allowed: RegExp, forbidden: string, tooLong: string) {
  return z.string().trim().max(MAX, tooLong).regex(allowed, forbidden);
}
/** An optional field: absent or '' is accepted (the user cleared it). */
function optionalText(allowed: RegExp, forbidden: string, tooLong: string) {
  return z.union([z.literal(''), profileText(allowed, forbidden, tooLong)]).optional();
}

const NAME_CHARS = /^[\p{L}\p{M}\p{N} .-]*$/u;
const TITLE_CHARS = /^[\p{L}\p{M}\p{N} .&-]*$/u;
const PHONE_CHARS = /^[\p{L}\p{N} +.-]*$/u;
const EMAIL_CHARS = /^[\p{L}\p{N} &.@_-]*$/u;
const LINKEDIN_CHARS = /^[\p{L}\p{N} ./:@-]*$/u;
/** A host with a 1-6 letter suffix, optional scheme, port and path. */
const WEBPAGE = /^(https?:\/\/)?([\p{L}\p{N}-]+\.)+\p{L}{1,6}(:\d{1,5})?(\/[^\s]*)?$/u;

/** Required name field: empty or too long is 'invalid', bad characters 'forbidden'. */
function requiredName(invalid: string, forbidden: string) {
  return z.string({ error: invalid }).trim().min(1, invalid).max(MAX, invalid).regex(NAME_CHARS, forbidden);
}

/** The e-mail field: a valid address first, then only the allowed characters. */
const ProfileEmailSchema = z
  .string({ error: PROFILE_ERROR_TEXTS.EMAIL_INVALID })
  .trim()
  .superRefine((value, ctx) => {
    if (value.length === 0 || value.length > MAX || !z.email().safeParse(value).success) {
      ctx.addIssue({ code: 'custom', message: PROFILE_ERROR_TEXTS.EMAIL_INVALID });
    } else if (!EMAIL_CHARS.test(value)) {
      ctx.addIssue({ code: 'custom', message: PROFILE_ERROR_TEXTS.EMAIL_FORBIDDEN });
    }
  });

/**
 * PATCH user/user/{id} body and the profile-information form (spec 02 §5): each field at most 100 characters;
 * name, last name and email required; the optional ones may be '' to clear them.
 */
export const ProfileUpdateSchema = z.object({
  firstname: requiredName(PROFILE_ERROR_TEXTS.NAME_INVALID, PROFILE_ERROR_TEXTS.NAME_FORBIDDEN),
  lastname: requiredName(PROFILE_ERROR_TEXTS.LASTNAME_INVALID, PROFILE_ERROR_TEXTS.LASTNAME_FORBIDDEN),
  job_title: optionalText(
    TITLE_CHARS,
    PROFILE_ERROR_TEXTS.JOB_TITLE_FORBIDDEN,
    `Job title must be at most ${MAX} characters`,
  ),
  company: optionalText(
    TITLE_CHARS,
    PROFILE_ERROR_TEXTS.COMPANY_FORBIDDEN,
    `Company must be at most ${MAX} characters`,
  ),
  phone_number: optionalText(
    PHONE_CHARS,
    PROFILE_ERROR_TEXTS.PHONE_FORBIDDEN,
    `Phone number must be at most ${MAX} characters`,
  ),
  email: ProfileEmailSchema,
  webpage: z
    .union(
      [
        z.literal(''),
        z
          .string()
          .trim()
          .max(MAX, PROFILE_ERROR_TEXTS.WEBPAGE_INVALID)
          .regex(WEBPAGE, PROFILE_ERROR_TEXTS.WEBPAGE_INVALID),
      ],
      {
        error: PROFILE_ERROR_TEXTS.WEBPAGE_INVALID,
      },
    )
    .optional(),
  linkedin: optionalText(
    LINKEDIN_CHARS,
    PROFILE_ERROR_TEXTS.LINKEDIN_FORBIDDEN,
    `Linkedin must be at most ${MAX} characters`,
  ),
});
export type ProfileUpdate = z.infer<typeof ProfileUpdateSchema>;

/** PATCH user/user/{id} answer: the stored profile replaces the app's copy. */
export const ProfileUpdateResponseSchema = z.object({ message: z.string(), user: UserProfileSchema });
export type ProfileUpdateResponse = z.infer<typeof ProfileUpdateResponseSchema>;

/** GET user/user/{id} answer: `data.user`. */
export const UserResponseSchema = z.object({ data: z.object({ user: UserProfileSchema }) });
export type UserResponse = z.infer<typeof UserResponseSchema>;
