/** Sign-in request and answer (spec 01 §3, §5), also the answer of the OAuth2 callback. */
import { z } from 'zod';
import {
  ACCESS_CODE_MAX_LENGTH,
  EMAIL_PATTERN,
  EVENT_CODE_MAX_LENGTH,
  EVENT_CODE_PATTERN,
  MAX_TEXT_LENGTH,
} from '../constants.ts';
import { UI_ERROR_TEXTS } from '../errors.ts';
import { FrontendTypeSchema } from './common.ts';
import { CurrentUserSchema } from './current-user.ts';

/** The login form's e-mail: trimmed, a valid address, else '*Please enter a valid email-address'. */
export const LoginEmailSchema = z
  .string({ error: UI_ERROR_TEXTS.EMAIL_INVALID })
  .trim()
  .max(MAX_TEXT_LENGTH, UI_ERROR_TEXTS.EMAIL_INVALID)
  .pipe(z.email({ pattern: EMAIL_PATTERN, error: UI_ERROR_TEXTS.EMAIL_INVALID }));

/**
 * The login form's password: not empty and not whitespace only, else '*Please enter your password'. It is not
 * trimmed: the password is sent as typed (spaces may belong to it).
 */
export const LoginPasswordSchema = z
  .string({ error: UI_ERROR_TEXTS.PASSWORD_MISSING })
  .max(MAX_TEXT_LENGTH, UI_ERROR_TEXTS.PASSWORD_MISSING)
  .refine((value) => value.trim().length >= 1, UI_ERROR_TEXTS.PASSWORD_MISSING);

/** The login form's event code: trimmed, non-empty, else '*Please enter a valid event code'. */
export const LoginEventCodeSchema = z
  .string({ error: UI_ERROR_TEXTS.EVENT_CODE_INVALID })
  .trim()
  .min(1, UI_ERROR_TEXTS.EVENT_CODE_INVALID)
  .max(EVENT_CODE_MAX_LENGTH, UI_ERROR_TEXTS.EVENT_CODE_INVALID)
  .regex(EVENT_CODE_PATTERN, UI_ERROR_TEXTS.EVENT_CODE_INVALID);

/** An access code (optional second factor of some events). */
export const AccessCodeSchema = z
  .string()
  .trim()
  .min(1, 'Please enter the access code')
  .max(ACCESS_CODE_MAX_LENGTH, `Access code must be at most ${ACCESS_CODE_MAX_LENGTH} characters`);

/** POST auth/signin body. */
export const SignInRequestSchema = z.object({
  email: LoginEmailSchema,
  password: LoginPasswordSchema,
  event_code: LoginEventCodeSchema,
  access_code: AccessCodeSchema.optional(),
  /** The web app sends `visitor`. */
  frontend: FrontendTypeSchema,
  /** End a session held elsewhere instead of being refused. */
  force_login: z.boolean().default(false),
});
export type SignInRequest = z.infer<typeof SignInRequestSchema>;

/**
 * A sign-in answer. On success `user_data` is the current user; error answers carry `message` and may carry
 * `error_code` and `retry_token` (OAuth2: send it with the next attempt).
 */
export const SignInResponseSchema = z.object({
  user_data: CurrentUserSchema,
  message: z.string(),
  error_code: z.string().optional(),
  retry_token: z.string().optional(),
});
export type SignInResponse = z.infer<typeof SignInResponseSchema>;
