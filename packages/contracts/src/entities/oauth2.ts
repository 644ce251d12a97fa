/** Single-sign-on (OAuth2) requests (spec 01 §4, §7). */
import { z } from 'zod';
import { EventCodeSchema, FrontendTypeSchema } from './common.ts';
import { AccessCodeSchema } from './sign-in.ts';

/** A provider key. */
export const ProviderNameSchema = z
  .string()
  .min(1, 'provider is required')
  .max(100)
  .regex(/^[A-Za-z0-9_-]+$/, 'provider may contain only letters, digits, underscore and hyphen');

/** GET auth/oauth2 query: starts the browser's navigation to the provider. */
export const OAuth2StartQuerySchema = z.object({
  frontend: FrontendTypeSchema,
  provider: ProviderNameSchema,
  // Not shown in the spec: the event code rides along so the callback knows the event.
  event_code: EventCodeSchema.optional(),
});
export type OAuth2StartQuery = z.infer<typeof OAuth2StartQuerySchema>;

/** POST auth/callback/oauth2 body; `retry_token` comes from the previous error answer. */
export const OAuth2CallbackSchema = z.object({
  frontend: FrontendTypeSchema,
  provider: ProviderNameSchema,
  event_code: EventCodeSchema,
  access_code: AccessCodeSchema.optional(),
  retry_token: z.string().min(1).max(2000).optional(),
});
export type OAuth2Callback = z.infer<typeof OAuth2CallbackSchema>;

/** POST auth/callback/oauth2 query: the provider's authorisation code. */
export const OAuth2CodeQuerySchema = z.object({ code: z.string().min(1, 'code is required').max(2000) });
