/**
 * The mock provider's configuration: the only reader of process.env in this service.
 * Parsed once with zod; a bad environment fails with one message listing every bad variable.
 */
import { z } from 'zod';
import { HttpUrlSchema } from '@showfloor/contracts';

const EnvSchema = z.object({
  /** @default 4010 */
  PORT: z.coerce.number().int().min(0).max(65535).default(4010),
  /** @default '127.0.0.1' */
  HOST: z.string().min(1).default('127.0.0.1'),
  /**
   * '1' runs the demo mode: the demo SSO provider's stand-in identity page (signs anyone in as any account),
   * `POST /__admin/reset` (restores the demo fixture), `GET /__admin/room-entries` (every recorded
   * enter_room) and `GET /__admin/help-requests` (the help desk's questions). Never set it where real people
   * sign in.
   */
  MOCK_PROVIDER_DEMO: z
    .enum(['0', '1', 'true', 'false', ''])
    .default('0')
    .transform((value) => value === '1' || value === 'true'),
  /** The origin browsers reach the provider on (documentation only; redirects stay relative). */
  PUBLIC_URL: z.url().optional(),
  /**
   * A file that keeps the state across restarts: read at start when it exists, written on SIGTERM/SIGINT
   * after in-flight requests finish. Absent = the demo fixture on every start.
   */
  MOCK_PROVIDER_STATE_FILE: z.string().min(1).optional(),
  /**
   * The origin browsers reach the demo room pages on (this provider as the browser sees it); the demo rooms
   * link there. @default 'http://127.0.0.1:<PORT>'
   */
  DEMO_ROOMS_URL: HttpUrlSchema.optional(),
  /** Comma-separated app origins that may frame the demo rooms (exact). @default none */
  DEMO_ROOMS_APP_ORIGINS: z
    .string()
    .default('')
    .transform((value, ctx) => {
      const origins = value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean);
      for (const origin of origins) {
        let isOrigin: boolean;
        try {
          isOrigin = new URL(origin).origin === origin.replace(/\/$/, '');
        } catch {
          isOrigin = false;
        }
        if (!isOrigin)
          ctx.addIssue({
            code: 'custom',
            message: `"${origin}" is not an origin like http://localhost:8080`,
          });
      }
      return origins.map((origin) => origin.replace(/\/$/, ''));
    }),
  /**
   * The gateway's CALL_TOKEN_SECRET: the stand-in call widget (/call-widget/) then checks each call token's
   * signature, audience, issuer and expiry as a real widget does. Absent = only its room and expiry.
   */
  CALL_WIDGET_TOKEN_SECRET: z.string().min(32).optional(),
  /** pino log level. @default 'info' */
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type ProviderEnv = z.infer<typeof EnvSchema>;

/** Parses the environment (defaults to `process.env`); throws one error naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined> = process.env): ProviderEnv {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map(
      (issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`,
    );
    throw new Error(`Invalid mock-provider environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
