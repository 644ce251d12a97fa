// The only reader of import.meta.env in the web app. Everything the app talks to sits on its own origin
// (tRPC at /trpc, the socket at /messaging, files under /api), so the defaults need no configuration.
import type { WebEnv } from './env-schema.ts';

/** Checked and defaulted by env-schema.ts when Vite starts (vite.config.ts, vitest.config.ts define it). */
declare const __SHOWFLOOR_WEB_ENV__: WebEnv;
const parsed = __SHOWFLOOR_WEB_ENV__;

export const env = {
  gatewayUrl: parsed.VITE_GATEWAY_URL.replace(/\/$/, ''),
  isDev: import.meta.env.DEV,
  isTest: import.meta.env.MODE === 'test',
  privacyPolicyUrl: parsed.VITE_PRIVACY_POLICY_URL,
  cookiePolicyUrl: parsed.VITE_COOKIE_POLICY_URL,
  termsOfUseUrl: parsed.VITE_TERMS_OF_USE_URL,
  specialEventCode: parsed.VITE_SPECIAL_EVENT_CODE,
  specialEventTermsUrl: parsed.VITE_SPECIAL_EVENT_TERMS_URL,
  onlyEventCode: parsed.VITE_ONLY_EVENT_CODE,
  /** tRPC endpoint on the gateway. */
  trpcUrl: `${parsed.VITE_GATEWAY_URL.replace(/\/$/, '')}/trpc`,
} as const;
