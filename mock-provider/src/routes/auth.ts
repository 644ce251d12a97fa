/**
 * The auth service: sign-in (credentials, open hours, access code, one live session unless force_login),
 * sign-up, passwords, sign-out and session ends, OAuth2 with the fake identity page, access rules and JWKS.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import {
  BACKEND_MESSAGES,
  ERROR_CODES,
  type AccessRule,
  type authCalls,
  type SessionEndReason,
  type SignInResponse,
  type SsoProvider,
} from '@showfloor/contracts';
import { hashPassword, verifyAccountPassword } from '../auth/password.ts';
import { badRequest, conflict, forbidden, notFound, ProviderHttpError } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { AccessRuleRecord, EventRecord, SessionRecord, UserRecord } from '../store/types.ts';
import { assertManages, createUser, isAdmin, toCurrentUser } from './shared.ts';
import type { HandlerTable, ProviderServices } from './types.ts';

const wrongCredentials = () => new ProviderHttpError(401, BACKEND_MESSAGES.WRONG_CREDENTIALS);
const sessionExpired = () =>
  new ProviderHttpError(401, BACKEND_MESSAGES.LOGIN_SESSION_EXPIRED, {
    error_code: ERROR_CODES.SESSION_EXPIRED,
  });

/** Starts a session and signs its token. */
export async function openSession(
  state: ProviderState,
  services: ProviderServices,
  user: UserRecord,
  origin: SessionRecord['origin'],
): Promise<string> {
  const now = state.now();
  const session: SessionRecord = {
    sid: randomUUID(),
    user_id: user.id,
    event_code: user.event_code,
    created_at: now,
    expires_at: now + services.tokenTtlSeconds * 1000,
    revoked: false,
    origin,
  };
  state.sessions.set(session.sid, session);
  return services.tokens.sign(
    { sub: String(user.id), event_code: user.event_code, roles: user.roles, sid: session.sid },
    services.tokenTtlSeconds,
  );
}

async function signedIn(
  state: ProviderState,
  services: ProviderServices,
  user: UserRecord,
  origin: SessionRecord['origin'],
): Promise<SignInResponse> {
  const token = await openSession(state, services, user, origin);
  user.last_login = state.now();
  if (user.status === 'offline') user.status = 'available';
  return { user_data: toCurrentUser(state, user, token), message: 'Sign in successful.' };
}

function requireOpenEvent(state: ProviderState, event: EventRecord): void {
  if (!state.isOpen(event.code)) throw new ProviderHttpError(403, BACKEND_MESSAGES.EVENT_CLOSED);
}

/** The access-code rule of an event; `retryToken` rides along on OAuth2 answers. */
function checkAccessCode(event: EventRecord, given: string | undefined, retryToken?: string): void {
  if (event.access_code === null) return;
  const extra = retryToken ? { retry_token: retryToken } : {};
  if (given === undefined) throw new ProviderHttpError(403, BACKEND_MESSAGES.ACCESS_CODE_REQUIRED, extra);
  if (given !== event.access_code)
    throw new ProviderHttpError(403, BACKEND_MESSAGES.ACCESS_CODE_INVALID, extra);
}

function providerView(state: ProviderState, event: EventRecord, name: string): SsoProvider | undefined {
  const p = state.ssoProviders.get(name);
  if (!p) return undefined;
  const query = new URLSearchParams({
    type: 'sso_button',
    event_code: event.code,
    filename: p.button_filename,
  });
  return {
    name: p.name,
    button_text: p.button_text,
    button_description: p.button_description,
    button_filename: p.button_filename,
    button_image: `/api/v1/content/files?${query.toString()}`,
    button_attributes: p.button_attributes,
    hover_attributes: p.hover_attributes,
    user_pass_login: event.user_pass_login,
  };
}

function ruleEventCode(state: ProviderState, rule: AccessRule): string | undefined {
  if (rule.type === 'role') return state.users.get(rule.user_id)?.event_code;
  return state.events.get(rule.event_id)?.code;
}

/** Role rules grant the user that role in that room; removing the rule takes it back. */
function applyRoleRule(state: ProviderState, rule: AccessRuleRecord, grant: boolean): void {
  if (rule.type !== 'role') return;
  const user = state.users.get(rule.user_id);
  if (!user) return;
  user.roles = user.roles.filter((r) => !(r.role === rule.role_id && r.room_id === rule.room_id));
  if (grant) user.roles.push({ role: rule.role_id, room_id: rule.room_id });
}

/**
 * How a session ended, from the provider's records: 'live' while it is not over; undefined when it was revoked
 * before its reason was recorded (a state file of an older build). A revocation counts only before the expiry
 * (`revokeSessions` leaves expired sessions alone), so the first way of ending is the one answered.
 */
function howEnded(
  session: SessionRecord | undefined,
  state: ProviderState,
  now: number,
): SessionEndReason | 'live' | undefined {
  if (!session) return 'unknown';
  if (session.revoked) return session.ended_by;
  if (session.expires_at <= now) return 'expired';
  // A user made inactive without their sessions revoked (a state file of an older build, or a fixture).
  if (!state.users.get(session.user_id)?.active) return 'deactivated';
  return 'live';
}

export const authHandlers: HandlerTable<typeof authCalls> = {
  async signin({ body, state, services }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw new ProviderHttpError(404, BACKEND_MESSAGES.EVENT_UNKNOWN);
    requireOpenEvent(state, event);
    if (!event.user_pass_login)
      throw new ProviderHttpError(403, 'User/password login is not enabled for this event.');
    const user = state.userByEmail(event.code, body.email);
    // The hash runs whether or not the account exists (and before the active check): equal timing.
    const isMatch = verifyAccountPassword(body.password, user?.passwordHash);
    if (!user || !user.active || !isMatch) throw wrongCredentials();
    checkAccessCode(event, body.access_code);
    // A sign-up's session is only the registration's; the first real sign-in replaces it.
    state.revokeSessions((s) => s.user_id === user.id && s.origin === 'signup', 'replaced');
    if (state.liveSessions(user.id).length > 0) {
      if (!body.force_login) throw conflict(BACKEND_MESSAGES.ALREADY_LOGGED_IN);
      state.revokeSessions((s) => s.user_id === user.id, 'replaced');
    }
    return signedIn(state, services, user, 'signin');
  },

  async signup({ body, state, services }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw badRequest(`Unknown event code ${body.event_code}.`);
    if (state.userByEmail(event.code, body.email))
      throw conflict('A user with this e-mail address is already registered for this event.');
    const firstname = body.firstname ?? '';
    const lastname = body.lastname ?? '';
    if (state.preferenceText(event.code, 'Firstname_Mandatory') === 'yes' && firstname === '')
      throw badRequest('First name is required.');
    if (state.preferenceText(event.code, 'Lastname_Mandatory') === 'yes' && lastname === '')
      throw badRequest('Last name is required.');
    const user = createUser(state, {
      event_code: event.code,
      email: body.email,
      passwordHash: hashPassword(body.password),
      firstname,
      lastname,
      active: body.active,
    });
    const token = await openSession(state, services, user, 'signup');
    return { message: BACKEND_MESSAGES.SIGN_UP_SUCCESSFUL, user_data: toCurrentUser(state, user, token) };
  },

  password({ query, body, state, caller }) {
    if (query.type === 'reset') {
      if (body.event_code === undefined) throw badRequest('event_code is required for a password reset.');
      const event = state.eventByCode(body.event_code);
      if (!event) throw badRequest(`Unknown event code ${body.event_code}.`);
      const user = state.userByEmail(event.code, body.username);
      // The same answer whether or not the account exists: the call must not reveal who is registered.
      if (user) state.passwordResets.push({ user_id: user.id, at: state.now() });
      return { message: 'If the account exists, an e-mail with a reset link is on its way.' };
    }
    if (body.password === undefined || body.new_password === undefined)
      throw badRequest('password and new_password are required to change a password.');
    if (body.password === body.new_password)
      throw badRequest('The new password must differ from the old one');
    const candidates = caller
      ? [caller.user].filter((u) => u.username.toLowerCase() === body.username.trim().toLowerCase())
      : [...state.users.values()].filter(
          (u) => u.username.toLowerCase() === body.username.trim().toLowerCase(),
        );
    const password = body.password;
    // Every candidate's hash runs (a dummy one when there is none), active or not: equal timing.
    const matches = (candidates.length > 0 ? candidates : [undefined]).filter((u) =>
      verifyAccountPassword(password, u?.passwordHash),
    );
    const user = matches.find((u) => u?.active);
    if (!user) throw wrongCredentials();
    user.passwordHash = hashPassword(body.new_password);
    return { message: 'Password changed successfully.' };
  },

  signout({ caller, state }) {
    state.revokeSessions((s) => s.sid === caller.session.sid, 'signed_out');
    caller.user.status = 'offline';
    return { message: 'Signed out.' };
  },

  deleteSession({ query, caller, state }) {
    if (query.user_id !== undefined) {
      const user = state.users.get(query.user_id);
      if (!user) throw notFound('User');
      assertManages(caller, user.event_code);
      const count = state.revokeSessions((s) => s.user_id === user.id, 'ended_by_manager');
      return { message: `Ended ${count} session(s) of user ${user.id}.` };
    }
    const event = state.eventByCode(query.event_code ?? '');
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    const count = state.revokeSessions((s) => s.event_code === event.code, 'ended_by_manager');
    return { message: `Ended ${count} session(s) of event ${event.code}.` };
  },

  oauth2({ query, state }) {
    if (!state.ssoProviders.has(query.provider)) throw notFound('Sign-in provider');
    if (query.event_code !== undefined) {
      const event = state.eventByCode(query.event_code);
      if (!event || !event.providers.includes(query.provider))
        throw badRequest('This sign-in provider is not offered by the event.');
    }
    const params = new URLSearchParams({ provider: query.provider, frontend: query.frontend });
    if (query.event_code !== undefined) params.set('event_code', query.event_code);
    // Relative, under the provider's own prefix, so a browser coming through the gateway's proxy reaches it.
    return { kind: 'redirect', location: `/api/v1/auth/oauth2/identity?${params.toString()}` };
  },

  async oauth2Callback({ query, body, state, services }) {
    const now = state.now();
    let identity: { email: string; firstname: string; lastname: string; provider: string };
    if (body.retry_token !== undefined) {
      const retry = state.retryTokens.get(body.retry_token);
      if (!retry || retry.expires_at <= now) throw sessionExpired();
      state.retryTokens.delete(body.retry_token);
      identity = retry;
    } else {
      const code = state.oauthCodes.get(query.code);
      if (!code || code.used || code.expires_at <= now) throw sessionExpired();
      code.used = true;
      identity = code;
    }
    if (identity.provider !== body.provider)
      throw badRequest('The code was issued by another sign-in provider.');
    const event = state.eventByCode(body.event_code);
    if (!event) throw badRequest(`Unknown event code ${body.event_code}.`);
    if (!event.providers.includes(body.provider))
      throw forbidden('This sign-in provider is not offered by the event.');
    requireOpenEvent(state, event);
    // The one-time code is spent: a retry token lets the app retry with an access code.
    const retryToken = randomBytes(24).toString('base64url');
    state.retryTokens.set(retryToken, {
      token: retryToken,
      ...identity,
      expires_at: now + services.retryTokenTtlSeconds * 1000,
    });
    checkAccessCode(event, body.access_code, retryToken);
    state.retryTokens.delete(retryToken);
    let user = state.userByEmail(event.code, identity.email);
    if (user && !user.active) throw forbidden('This account is deactivated.');
    if (!user) {
      // First SSO sign-in: the account is provisioned from the identity, as SSO backends do.
      user = createUser(state, {
        event_code: event.code,
        email: identity.email,
        passwordHash: hashPassword(randomBytes(24).toString('base64url')),
        firstname: identity.firstname,
        lastname: identity.lastname,
      });
    }
    const account = user;
    // An SSO sign-in proves the identity again: it ends sessions held elsewhere (there is no force_login here).
    state.revokeSessions((s) => s.user_id === account.id, 'replaced');
    return signedIn(state, services, account, 'sso');
  },

  providers({ query, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    const providers = event.providers
      .map((name) => providerView(state, event, name))
      .filter((p): p is SsoProvider => p !== undefined);
    return { providers, user_pass_login: event.user_pass_login };
  },

  putAccess({ query, body, caller, state }) {
    const rule = body.rule;
    if (rule.type !== query.type) throw badRequest('The rule type must match the query type.');
    if (rule.type === 'role') {
      const user = state.users.get(rule.user_id);
      const room = state.rooms.get(rule.room_id);
      if (!user) throw notFound('User');
      if (!room || room.event_code !== user.event_code) throw notFound('Room');
    } else if (!state.events.has(rule.event_id)) throw notFound('Event');
    const eventCode = ruleEventCode(state, rule);
    if (eventCode === undefined) throw notFound('Event');
    assertManages(caller, eventCode);
    const existing = rule.id === undefined ? undefined : state.accessRules.get(rule.id);
    if (rule.id !== undefined && !existing) throw notFound('Access rule');
    if (existing) {
      if (existing.type !== rule.type) throw badRequest('The rule type must match the query type.');
      applyRoleRule(state, existing, false);
    }
    const stored = { ...rule, id: existing?.id ?? state.nextId('accessRules') } as AccessRuleRecord;
    state.accessRules.set(stored.id, stored);
    applyRoleRule(state, stored, true);
    return { message: existing ? 'Access rule replaced.' : 'Access rule created.', rule: stored };
  },

  getAccess({ query, caller, state }) {
    const rules = [...state.accessRules.values()].filter(
      (r) => r.type === query.type && (isAdmin(caller) || ruleEventCode(state, r) === caller.user.event_code),
    );
    return { rules };
  },

  deleteAccess({ query, caller, state }) {
    const rule = state.accessRules.get(query.id);
    if (!rule || rule.type !== query.type) throw notFound('Access rule');
    assertManages(caller, ruleEventCode(state, rule) ?? '');
    state.accessRules.delete(rule.id);
    applyRoleRule(state, rule, false);
    return { message: 'Access rule deleted.' };
  },

  sessionStatus({ body, state }) {
    const now = state.now();
    const ended: string[] = [];
    const reasons: Array<[string, SessionEndReason]> = [];
    for (const sid of new Set(body.sids)) {
      const over = howEnded(state.sessions.get(sid), state, now);
      if (over === 'live') continue;
      ended.push(sid);
      if (over !== undefined) reasons.push([sid, over]);
    }
    // fromEntries defines own keys, so even a sid named `__proto__` keeps its reason.
    return { ended, reasons: Object.fromEntries(reasons) };
  },

  jwks({ services }) {
    return services.tokens.jwks();
  },
};
