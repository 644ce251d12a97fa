/**
 * The built-in fake identity page of the demo SSO provider (not a catalogue call). GET shows a form, POST
 * issues a one-time code and sends the browser back to the app's RELATIVE callback
 * `/auth/callback/oauth2/{provider}?code=...`, so it lands on whatever origin served the app.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { EmailSchema, EventCodeSchema, ProviderNameSchema, describeIssues } from '@showfloor/contracts';
import { ProviderHttpError } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { ProviderServices } from './types.ts';

/** Where the fake identity page lives on the provider. */
export const IDENTITY_PAGE_PATH = '/api/v1/auth/oauth2/identity';

const PageQuerySchema = z.object({
  provider: ProviderNameSchema,
  frontend: z.string().max(50).optional(),
  event_code: EventCodeSchema.optional(),
});
const FormSchema = PageQuerySchema.extend({
  email: EmailSchema,
  firstname: z.string().trim().max(100).default(''),
  lastname: z.string().trim().max(100).default(''),
});

const escapeHtml = (text: string): string =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

function page(query: z.infer<typeof PageQuerySchema>, error?: string): string {
  const hidden = Object.entries(query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(String(v))}">`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Demo SSO sign-in</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font-family:system-ui,sans-serif;display:grid;place-items:center;min-height:100vh;margin:0;background:#f1f3f5}
form{background:#fff;padding:2rem;border-radius:8px;box-shadow:0 2px 12px #0002;display:grid;gap:.75rem;min-width:18rem}
label{display:grid;gap:.25rem}input{padding:.5rem;font-size:1rem}button{padding:.6rem;font-size:1rem;background:#1c7ed6;color:#fff;border:0;border-radius:4px}
.error{color:#c92a2a}</style></head><body>
<form method="post" action="${IDENTITY_PAGE_PATH}">
<h1>Demo SSO</h1><p>Sign in to <b>${escapeHtml(query.provider)}</b> to continue to Showfloor.</p>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ''}
<label>E-mail <input name="email" type="email" required autocomplete="email" value="ada@demo.test"></label>
<label>First name <input name="firstname" autocomplete="given-name"></label>
<label>Last name <input name="lastname" autocomplete="family-name"></label>
${hidden}
<button type="submit">Continue</button>
</form></body></html>`;
}

export function registerIdentityPage(
  app: FastifyInstance,
  state: ProviderState,
  services: ProviderServices,
): void {
  const csp = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
  app.get(IDENTITY_PAGE_PATH, async (request, reply) => {
    const query = PageQuerySchema.safeParse(request.query);
    if (!query.success) throw new ProviderHttpError(400, describeIssues(query.error.issues));
    if (!state.ssoProviders.has(query.data.provider))
      throw new ProviderHttpError(404, 'Sign-in provider not found.');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', csp)
      .send(page(query.data));
  });
  app.post(IDENTITY_PAGE_PATH, async (request, reply) => {
    const form = FormSchema.safeParse(request.body ?? {});
    if (!form.success) {
      const query = PageQuerySchema.safeParse(request.body ?? {});
      if (!query.success) throw new ProviderHttpError(400, describeIssues(form.error.issues));
      return reply
        .status(400)
        .type('text/html; charset=utf-8')
        .header('content-security-policy', csp)
        .send(page(query.data, describeIssues(form.error.issues)));
    }
    if (!state.ssoProviders.has(form.data.provider))
      throw new ProviderHttpError(404, 'Sign-in provider not found.');
    const code = randomBytes(18).toString('base64url');
    const [local = 'user'] = form.data.email.split('@');
    state.oauthCodes.set(code, {
      code,
      provider: form.data.provider,
      email: form.data.email.toLowerCase(),
      firstname: form.data.firstname || local,
      lastname: form.data.lastname || 'SSO',
      expires_at: state.now() + services.retryTokenTtlSeconds * 1000,
      used: false,
    });
    const params = new URLSearchParams({ code });
    if (form.data.event_code) params.set('event', form.data.event_code);
    return reply.redirect(
      `/auth/callback/oauth2/${encodeURIComponent(form.data.provider)}?${params.toString()}`,
      302,
    );
  });
}
