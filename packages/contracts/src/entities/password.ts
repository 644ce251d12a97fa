/** Password reset and change (spec 01 §3, §5; spec 02 §5). */
import { z } from 'zod';
import { MAX_TEXT_LENGTH } from '../constants.ts';
import { UI_ERROR_TEXTS } from '../errors.ts';
import { EventCodeSchema } from './common.ts';
import { NewPasswordSchema } from './sign-up.ts';

/** Password call types. */
export const PASSWORD_REQUEST_TYPES = ['reset', 'change'] as const;
/** POST auth/password query: `type=reset` or `type=change`. */
export const PasswordQuerySchema = z.object({
  type: z.enum(PASSWORD_REQUEST_TYPES, { error: 'type must be reset or change' }),
});
export type PasswordRequestType = z.infer<typeof PasswordQuerySchema>['type'];

const UsernameSchema = z.string().trim().min(1, 'Username is required').max(MAX_TEXT_LENGTH);

/** Reset body: the username (e-mail) and the event. */
export const PasswordResetBodySchema = z.object({
  username: UsernameSchema,
  event_code: EventCodeSchema,
});
const PasswordChangeFieldsSchema = z.object({
  username: UsernameSchema,
  password: z.string().min(1, 'Current password is required').max(MAX_TEXT_LENGTH),
  new_password: NewPasswordSchema,
});
const NEW_PASSWORD_DIFFERS = {
  message: 'The new password must differ from the old one',
  path: ['new_password'],
};

/** Change body: the username, the current password and the new one (min 8, different from the current). */
export const PasswordChangeBodySchema = PasswordChangeFieldsSchema.refine(
  (b) => b.password !== b.new_password,
  NEW_PASSWORD_DIFFERS,
);

/**
 * POST auth/password body, for both types: reset sends username and event_code, change sends username,
 * password and new_password. The query's `type` says which; {@link PasswordRequestSchema} checks both together.
 */
export const PasswordBodySchema = z
  .object({
    username: UsernameSchema,
    event_code: EventCodeSchema.optional(),
    password: z.string().min(1, 'Current password is required').max(MAX_TEXT_LENGTH).optional(),
    new_password: NewPasswordSchema.optional(),
  })
  .refine((b) => b.event_code !== undefined || (b.password !== undefined && b.new_password !== undefined), {
    message: 'Send event_code (reset) or password and new_password (change)',
  });
export type PasswordBody = z.infer<typeof PasswordBodySchema>;

/** A whole password request, type included: reset or change. */
export const PasswordRequestSchema = z.discriminatedUnion('type', [
  PasswordResetBodySchema.extend({ type: z.literal('reset') }),
  PasswordChangeFieldsSchema.extend({ type: z.literal('change') }).refine(
    (b) => b.password !== b.new_password,
    NEW_PASSWORD_DIFFERS,
  ),
]);
export type PasswordRequest = z.infer<typeof PasswordRequestSchema>;

/** The profile's change-password form (spec 02 §5): all three needed, old differs from new, new equals confirm. */
export const PasswordChangeFormSchema = z
  .object({
    username: UsernameSchema,
    oldPassword: z.string().min(1, 'Current password is required').max(MAX_TEXT_LENGTH),
    newPassword: NewPasswordSchema,
    confirmPassword: z.string().min(1, 'Please confirm the new password'),
  })
  .refine((f) => f.oldPassword !== f.newPassword, {
    message: 'The new password must differ from the old one',
    path: ['newPassword'],
  })
  .refine((f) => f.newPassword === f.confirmPassword, {
    message: UI_ERROR_TEXTS.PASSWORDS_MISMATCH,
    path: ['confirmPassword'],
  });
export type PasswordChangeForm = z.infer<typeof PasswordChangeFormSchema>;
