/** Single-sign-on providers offered on the login page (spec 01 §3). */
import { z } from 'zod';

/** Style attributes of a provider button (CSS property -> value). */
export const ButtonAttributesSchema = z.record(
  z.string().max(100),
  z.union([z.string().max(500), z.number()]),
);

/** One SSO provider of an event. */
export const SsoProviderSchema = z.object({
  /** Provider key, the last path segment of /auth/callback/oauth2/{name}. */
  name: z.string().min(1).max(100),
  button_text: z.string().max(200),
  button_description: z.string().max(2000).optional(),
  /** File name of the button image (files type sso_button). */
  button_filename: z.string().max(255).optional(),
  button_image: z.string().max(500).optional(),
  button_attributes: ButtonAttributesSchema.optional(),
  hover_attributes: ButtonAttributesSchema.optional(),
  /** User/password login is allowed alongside this provider. */
  user_pass_login: z.boolean(),
});
export type SsoProvider = z.infer<typeof SsoProviderSchema>;

/**
 * GET auth/providers answer.
 * Not shown in the spec: the top-level `user_pass_login` repeats the flag so an event with no SSO provider still says it.
 */
export const ProvidersResponseSchema = z.object({
  providers: z.array(SsoProviderSchema),
  user_pass_login: z.boolean(),
});
export type ProvidersResponse = z.infer<typeof ProvidersResponseSchema>;
