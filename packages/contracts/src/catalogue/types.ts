/**
 * The shape of one provider call in the REST catalogue (ts-rest contract style).
 * The mock provider registers its routes from these entries, the gateway's provider client derives its
 * calls from them and the OpenAPI document is generated from them.
 */
import type { z } from 'zod';

/** The provider's service groups; `database` is the collaboration backend under `/api/database`. */
export const SERVICE_GROUPS = [
  'auth',
  'conversation',
  'event',
  'businesscard',
  'presentation',
  'content',
  'user',
  'database',
] as const;
export type ServiceGroup = (typeof SERVICE_GROUPS)[number];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may make the call, checked by the provider (and, for every kind but `public`, by the gateway too).
 * - `public`: no token (sign-in, sign-up, providers, password reset, OAuth2, login-page FAQs).
 * - `user`: any valid bearer token.
 * - `manager`: a valid token with role admin or event-admin.
 * - `recruiter`: a valid token with role event-admin in mode 'Recruiting' (the recruiting dashboard's calls,
 *   spec 02 §2.2 "Recruiting dashboard shows only for role event-admin with mode 'Recruiting'").
 */
export type CallAuth = 'public' | 'user' | 'manager' | 'recruiter';

/**
 * What the call answers with.
 * - `json`: a JSON body parsed by `responses[200]`.
 * - `file`: bytes with their own content type (images, PDF), streamed.
 * - `csv`: a `text/csv` download, streamed.
 * - `redirect`: a 302 the browser follows (OAuth2).
 * @default 'json'
 */
export type CallAnswer = 'json' | 'file' | 'csv' | 'redirect';

/** One call of the provider's catalogue. */
export interface RestCall {
  /** The spec's service group. */
  service: ServiceGroup;
  method: HttpMethod;
  /** The spec's path inside its service group, with `:name` for path parameters, e.g. `/user/:id`. */
  path: string;
  /** Path parameters, by the names used in `path`. */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** `multipart/form-data` upload (picture, CSV import) instead of a JSON body. */
  multipart?: boolean;
  /** Answer schemas by HTTP status; `200` (or `201`) is the success shape. */
  responses: Partial<Record<200 | 201 | 302 | 400 | 401 | 403 | 404 | 409 | 413 | 429, z.ZodType>>;
  /** Who may call it. */
  auth: CallAuth;
  /** @default 'json' */
  answer?: CallAnswer;
  /** Calls that may safely be retried by a client (GET, and PUT/DELETE that are idempotent). */
  idempotent?: boolean;
  /** One line for the OpenAPI document. */
  summary: string;
}

/** Base path of the versioned API on the provider's host. */
export const PROVIDER_API_PREFIX = '/api/v1';
/** Base path of the collaboration backend on the provider's host. */
export const PROVIDER_DATABASE_PREFIX = '/api/database';

/** The full path of a call on the provider's host, with `:name` parameters left in place. */
export function callPath(call: Pick<RestCall, 'service' | 'path'>): string {
  return call.service === 'database'
    ? `${PROVIDER_DATABASE_PREFIX}${call.path}`
    : `${PROVIDER_API_PREFIX}/${call.service}${call.path}`;
}

/** Fills `:name` path parameters with their URI-encoded values. */
export function fillPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter "${name}"`);
    return encodeURIComponent(String(value));
  });
}
