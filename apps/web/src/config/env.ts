// The only reader of import.meta.env in the web app. Everything the app talks to sits on its own origin
// (tRPC at /trpc, the socket at /messaging, files under /api), so the defaults need no configuration.
import { z } from 'zod';

const EnvSchema = z.object({
  /** Base URL of the gateway; empty means the page's own origin. @default '' */
  VITE_GATEWAY_URL: z.string().default(''),
  /** External policy pages (spec 02 §2.10); the defaults are placeholders an operator replaces. */
  VITE_PRIVACY_POLICY_URL: z.url().default('https://showfloor.example/privacy'),
  VITE_COOKIE_POLICY_URL: z.url().default('https://showfloor.example/cookies'),
  VITE_TERMS_OF_USE_URL: z.url().default('https://showfloor.example/terms'),
  /** The one event with its own welcome text and terms of use (spec 01 §2 login page). @default 'VIP' */
  VITE_SPECIAL_EVENT_CODE: z.string().default('VIP'),
  VITE_SPECIAL_EVENT_TERMS_URL: z.url().default('https://showfloor.example/vip-terms'),
  /** Vite's own flags. */
  DEV: z.boolean().default(false),
  MODE: z.string().default('production'),
});

function parseEnv() {
  const result = EnvSchema.safeParse(import.meta.env);
  if (!result.success) {
    const bad = result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new Error(`Invalid web environment: ${bad}`);
  }
  return result.data;
}

const parsed = parseEnv();

export const env = {
  gatewayUrl: parsed.VITE_GATEWAY_URL.replace(/\/$/, ''),
  isDev: parsed.DEV,
  isTest: parsed.MODE === 'test',
  privacyPolicyUrl: parsed.VITE_PRIVACY_POLICY_URL,
  cookiePolicyUrl: parsed.VITE_COOKIE_POLICY_URL,
  termsOfUseUrl: parsed.VITE_TERMS_OF_USE_URL,
  specialEventCode: parsed.VITE_SPECIAL_EVENT_CODE,
  specialEventTermsUrl: parsed.VITE_SPECIAL_EVENT_TERMS_URL,
  /** tRPC endpoint on the gateway. */
  trpcUrl: `${parsed.VITE_GATEWAY_URL.replace(/\/$/, '')}/trpc`,
} as const;
