/** Sign-up (registration) request and answer (spec 01 §3, §5). */
import { z } from 'zod';
import { MAX_TEXT_LENGTH, MIN_PASSWORD_LENGTH } from '../constants.ts';
import { UI_ERROR_TEXTS } from '../errors.ts';
import { QueryBooleanSchema } from './common.ts';
import { CurrentUserSchema } from './current-user.ts';
import { LoginEmailSchema, LoginEventCodeSchema } from './sign-in.ts';

/** A new password: at least 8 characters; numbers and uppercase letters are not required. */
export const NewPasswordSchema = z
  .string()
  .min(MIN_PASSWORD_LENGTH, `Password must be at least ${MIN_PASSWORD_LENGTH} characters`)
  .max(MAX_TEXT_LENGTH, `Password must be at most ${MAX_TEXT_LENGTH} characters`);

/**
 * POST auth/signup body. First and last name are required only when the event's registration preferences
 * say so (Firstname_Mandatory / Lastname_Mandatory), so they are optional here.
 */
export const SignUpRequestSchema = z.object({
  firstname: z.string().trim().max(100, 'First name must be at most 100 characters').optional(),
  lastname: z.string().trim().max(100, 'Last name must be at most 100 characters').optional(),
  email: LoginEmailSchema,
  password: NewPasswordSchema,
  /** Whether the account is active right away. */
  active: z.boolean().default(true),
  event_code: LoginEventCodeSchema,
});
export type SignUpRequest = z.infer<typeof SignUpRequestSchema>;

/** POST auth/signup query. */
export const SignUpQuerySchema = z.object({
  /** Send a confirmation e-mail. */
  send_email: QueryBooleanSchema.optional(),
});

/** The registration form: the request plus the confirmation, which must equal the password. */
export const SignUpFormSchema = SignUpRequestSchema.extend({
  confirm_password: z.string(),
}).refine((form) => form.confirm_password === form.password, {
  message: UI_ERROR_TEXTS.PASSWORDS_MISMATCH,
  path: ['confirm_password'],
});
export type SignUpForm = z.infer<typeof SignUpFormSchema>;

/** The sign-up answer; success only when `message` is 'Sign up successful!'. */
export const SignUpResponseSchema = z.object({
  message: z.string(),
  user_data: CurrentUserSchema,
});
export type SignUpResponse = z.infer<typeof SignUpResponseSchema>;
