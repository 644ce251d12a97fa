/**
 * The auth service's calls (spec 01 §7 "Auth").
 * Result shapes the spec does not list (spec 01 §7: "Result shapes not listed here are not shown") are
 * chosen here once; notable choices carry a "Not shown in the spec" comment.
 */
import { z } from 'zod';
import { MessageSchema } from '../entities/provider-answer.ts';
import {
  AccessDeleteQuerySchema,
  AccessQuerySchema,
  AccessRuleListSchema,
  AccessRuleSchema,
  JwksSchema,
  OAuth2CallbackSchema,
  OAuth2CodeQuerySchema,
  OAuth2StartQuerySchema,
  PasswordBodySchema,
  PasswordQuerySchema,
  ProvidersResponseSchema,
  SessionDeleteQuerySchema,
  SignInRequestSchema,
  SignInResponseSchema,
  SignUpQuerySchema,
  SignUpRequestSchema,
  SignUpResponseSchema,
} from '../entities/index.ts';
import { FrontendEventQuerySchema, RedirectSchema, errorResponses } from './shared.ts';
import type { RestCall } from './types.ts';
import { URL_CALLS } from './url-calls.ts';

/** Body of PUT auth/access: one rule, whose `type` must equal the query's. */
export const AccessPutBodySchema = z.object({ rule: AccessRuleSchema });
/** Answer of PUT auth/access: the stored rule. */
export const AccessPutResultSchema = z.object({ message: z.string(), rule: AccessRuleSchema });

/** Most session ids one session-status request names. */
export const MAX_SESSION_STATUS_SIDS = 1_000;

/**
 * Body of POST auth/sessions/status: session ids (`sid` claims) whose state the asker wants to know. A sid is
 * as secret as its token (it is one of the token's claims), so whoever names one holds the token already.
 */
export const SessionStatusBodySchema = z.object({
  sids: z
    .array(z.string().min(1, 'a session id is required').max(200))
    .min(1, 'give at least one session id')
    .max(MAX_SESSION_STATUS_SIDS, `at most ${MAX_SESSION_STATUS_SIDS} session ids`),
});
/**
 * How a session ended, as the provider knows it (part of the answer of POST auth/sessions/status). Not shown in
 * the spec: our own design, so the gateway tells a tab what spec 01 §8 says for each way of ending.
 * - `signed_out`: its own sign-out (GET auth/signout), from any tab or device holding that session;
 * - `replaced`: a newer sign-in of the same user ended it (force_login, an SSO sign-in, or the first sign-in
 *   after a sign-up); the one way of ending whose tabs hear `logout` ("Did you switch devices?");
 * - `ended_by_manager`: an event admin or admin ended it (DELETE auth/session, by user or by event);
 * - `deactivated`: the user's account was deactivated (by a manager, or the user deleting their own account);
 * - `expired`: its lifetime ran out (the token's `exp`);
 * - `unknown`: the provider has no such session.
 * The first way a session ends is the one kept: a session signed out and later deactivated stays `signed_out`.
 */
export const SessionEndReasonSchema = z.enum([
  'signed_out',
  'replaced',
  'ended_by_manager',
  'deactivated',
  'expired',
  'unknown',
]);
export type SessionEndReason = z.infer<typeof SessionEndReasonSchema>;

/**
 * Answer of POST auth/sessions/status: the named sessions that are over (`ended`), and how each ended
 * (`reasons`, by sid). A provider that does not say how (an older one: no `reasons`, or a sid missing from it)
 * leaves the gateway to guess as before; a reason this contract does not know yet (a newer provider's text) is read
 * as not said, so the answer still closes the sessions instead of failing whole; a reason that is no text fails it.
 */
export const SessionStatusSchema = z.object({
  ended: z.array(z.string()),
  reasons: z
    .record(
      z.string(),
      z.union([SessionEndReasonSchema, z.string().transform((): SessionEndReason | undefined => undefined)]),
    )
    .optional(),
});
export type SessionStatusAnswer = z.infer<typeof SessionStatusSchema>;

/** Calls of the auth service. */
export const authCalls = {
  signin: {
    service: 'auth',
    method: 'POST',
    path: '/signin',
    body: SignInRequestSchema,
    // 409: a live session exists elsewhere and force_login was not set.
    responses: { 200: SignInResponseSchema, ...errorResponses(400, 401, 403, 404, 409, 429) },
    auth: 'public',
    summary: 'Sign in with e-mail, password and event code (optionally an access code)',
  },
  signup: {
    service: 'auth',
    method: 'POST',
    path: '/signup',
    query: SignUpQuerySchema,
    body: SignUpRequestSchema,
    responses: { 200: SignUpResponseSchema, ...errorResponses(400, 409, 429) },
    auth: 'public',
    summary: 'Register a new user for an event',
  },
  password: {
    service: 'auth',
    method: 'POST',
    path: '/password',
    query: PasswordQuerySchema,
    body: PasswordBodySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 429) },
    // Not shown in the spec: one public call; type=change proves identity with the current password instead of a token.
    auth: 'public',
    summary: 'Request a password reset (type=reset) or change a password (type=change)',
  },
  signout: {
    service: 'auth',
    method: 'GET',
    path: '/signout',
    responses: { 200: MessageSchema, ...errorResponses(401) },
    auth: 'user',
    idempotent: true,
    summary: "End the caller's session",
  },
  deleteSession: {
    service: 'auth',
    method: 'DELETE',
    path: '/session',
    query: SessionDeleteQuerySchema,
    // Not shown in the spec: answers `{message}`.
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: "End one user's sessions or every session of an event",
  },
  oauth2: {
    ...URL_CALLS.auth.oauth2,
    query: OAuth2StartQuerySchema,
    responses: { 302: RedirectSchema, ...errorResponses(400, 404) },
    auth: 'public',
    answer: 'redirect',
    idempotent: true,
    summary: "Send the browser to the SSO provider's login page",
  },
  oauth2Callback: {
    service: 'auth',
    method: 'POST',
    path: '/callback/oauth2',
    query: OAuth2CodeQuerySchema,
    body: OAuth2CallbackSchema,
    responses: { 200: SignInResponseSchema, ...errorResponses(400, 401, 403) },
    auth: 'public',
    summary: "Sign in with the SSO provider's authorisation code",
  },
  providers: {
    service: 'auth',
    method: 'GET',
    path: '/providers',
    query: FrontendEventQuerySchema,
    responses: { 200: ProvidersResponseSchema, ...errorResponses(400, 404) },
    auth: 'public',
    idempotent: true,
    summary: 'List the SSO providers of an event and whether user/password login is allowed',
  },
  putAccess: {
    service: 'auth',
    method: 'PUT',
    path: '/access',
    query: AccessQuerySchema,
    body: AccessPutBodySchema,
    // Not shown in the spec: PUT creates the rule, or replaces the one with the same id.
    responses: { 200: AccessPutResultSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Create or replace an action, screen or role access rule',
  },
  getAccess: {
    service: 'auth',
    method: 'GET',
    path: '/access',
    query: AccessQuerySchema,
    // Not shown in the spec: answers `{rules}` of the caller's event.
    responses: { 200: AccessRuleListSchema, ...errorResponses(400, 401, 403) },
    auth: 'manager',
    idempotent: true,
    summary: 'List the access rules of one kind',
  },
  deleteAccess: {
    service: 'auth',
    method: 'DELETE',
    path: '/access',
    query: AccessDeleteQuerySchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Delete an access rule by kind and id',
  },
  sessionStatus: {
    service: 'auth',
    method: 'POST',
    path: '/sessions/status',
    body: SessionStatusBodySchema,
    // Not shown in the spec: how the gateway learns of sessions ended at the provider (a sign-out, force_login
    // or deactivation it did not pass on), to close their sockets on every node within seconds.
    responses: { 200: SessionStatusSchema, ...errorResponses(400) },
    auth: 'public',
    idempotent: true,
    summary: 'Which of the named sessions are over',
  },
  jwks: {
    service: 'auth',
    method: 'GET',
    path: '/jwks',
    responses: { 200: JwksSchema },
    auth: 'public',
    idempotent: true,
    summary: "The provider's public signing keys (JWKS) for verifying tokens",
  },
} as const satisfies Record<string, RestCall>;
