// The web app's build-time configuration (VITE_* variables), checked when Vite starts or builds: a bad value
// stops the build with a clear message instead of breaking the page, and the browser gets the checked values
// as one constant (`__SHOWFLOOR_WEB_ENV__`, see env.ts) without loading the schema library.
import { z } from 'zod';

export const WebEnvSchema = z.object({
  /** Base URL of the gateway; empty means the page's own origin. @default '' */
  VITE_GATEWAY_URL: z.string().default(''),
  /** External policy pages (spec 02 §2.10); the defaults are placeholders an operator replaces. */
  VITE_PRIVACY_POLICY_URL: z.url().default('https://showfloor.example/privacy'),
  VITE_COOKIE_POLICY_URL: z.url().default('https://showfloor.example/cookies'),
  VITE_TERMS_OF_USE_URL: z.url().default('https://showfloor.example/terms'),
  /** The one event with its own welcome text and terms of use (spec 01 §2 login page). @default 'VIP' */
  VITE_SPECIAL_EVENT_CODE: z.string().default('VIP'),
  VITE_SPECIAL_EVENT_TERMS_URL: z.url().default('https://showfloor.example/vip-terms'),
  /**
   * The deployment's only event, if it runs one: a signed-out visitor on a fresh browser is sent to its login
   * page instead of being asked for a code they may not know. @default '' (none: the last event used, else ask)
   */
  VITE_ONLY_EVENT_CODE: z.string().trim().default(''),
});
export type WebEnv = z.infer<typeof WebEnvSchema>;

/** The checked configuration, or an error naming every bad variable. */
export function parseWebEnv(source: Record<string, string | undefined>): WebEnv {
  // Only this schema's keys: a build must not embed any other variable of the environment.
  const known = Object.fromEntries(
    Object.keys(WebEnvSchema.shape).map((key) => [key, source[key] === '' ? undefined : source[key]]),
  );
  const result = WebEnvSchema.safeParse(known);
  if (!result.success) {
    const bad = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid web environment: ${bad}`);
  }
  return result.data;
}
