/**
 * The product's rules as plain functions, free of zod (types only), so that browser code such as the login
 * route can apply them without loading the schema library:
 * - the sign-in and registration field rules, from the same constants the zod schemas in
 *   `entities/sign-in.ts`, `entities/sign-up.ts` and `entities/common.ts` are built from (a property test checks
 *   that each predicate accepts exactly what its schema accepts);
 * - open hours, roles, preferences and the sign-up answer.
 */
import { BACKEND_MESSAGES } from './errors.ts';
import {
  ACCESS_CODE_MAX_LENGTH,
  EMAIL_PATTERN,
  EVENT_CODE_MAX_LENGTH,
  EVENT_CODE_PATTERN,
  MAX_TEXT_LENGTH,
  MIN_PASSWORD_LENGTH,
  RECRUITING_MODE,
} from './constants.ts';
import type { OpenHours } from './entities/event.ts';
import type { Preference, PreferenceName, PreferenceValueOf } from './entities/preference.ts';
import type { Role, RoleName } from './entities/role.ts';

/** An event code as typed (trimmed first): what `EventCodeSchema` and `LoginEventCodeSchema` accept. */
export function isEventCode(value: string): boolean {
  const code = value.trim();
  return code.length >= 1 && code.length <= EVENT_CODE_MAX_LENGTH && EVENT_CODE_PATTERN.test(code);
}

/** The login form's e-mail (trimmed first): what `LoginEmailSchema` accepts. */
export function isLoginEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= MAX_TEXT_LENGTH && EMAIL_PATTERN.test(email);
}

/**
 * The login form's password: what `LoginPasswordSchema` accepts. Whitespace only counts as empty (spec 01 §5
 * "Inputs are trimmed"); the password itself is kept as typed and sent unchanged.
 */
export function isLoginPassword(value: string): boolean {
  return value.trim().length >= 1 && value.length <= MAX_TEXT_LENGTH;
}

/** A new password (registration, reset): what `NewPasswordSchema` accepts. */
export function isNewPassword(value: string): boolean {
  return value.length >= MIN_PASSWORD_LENGTH && value.length <= MAX_TEXT_LENGTH;
}

/** An access code (trimmed first): what `AccessCodeSchema` accepts. */
export function isAccessCode(value: string): boolean {
  const code = value.trim();
  return code.length >= 1 && code.length <= ACCESS_CODE_MAX_LENGTH;
}

/** True when `now` lies in a window, or when there are no windows (spec 01 §2). */
export function isEventOpen(windows: readonly OpenHours[], now: number = Date.now()): boolean {
  return windows.length === 0 || windows.some((w) => w.from_timestamp <= now && now < w.to_timestamp);
}

/** Roles allowed to manage the event (the catalogue's `manager` calls). */
export const MANAGER_ROLES = ['admin', 'event-admin'] as const satisfies readonly RoleName[];

/** True when the roles include admin or event-admin. */
export function isManager(roles: readonly Role[]): boolean {
  return roles.some((r) => (MANAGER_ROLES as readonly string[]).includes(r.role));
}

/** True when the roles open the recruiting dashboard (event-admin with mode 'Recruiting'). */
export function isRecruiter(roles: readonly Role[]): boolean {
  return roles.some((r) => r.role === 'event-admin' && r.mode === RECRUITING_MODE);
}

/** Presenter-or-up for a room: presenter of that room, admin or event-admin (spec 01 §6). */
export function isPresenterOrUp(roles: readonly Role[], roomId: number | undefined): boolean {
  return roles.some(
    (r) =>
      r.role === 'admin' ||
      r.role === 'event-admin' ||
      (r.role === 'presenter' && roomId !== undefined && r.room_id === roomId),
  );
}

/** Looks a preference up in a read's list; `undefined` when the event does not set it. */
export function findPreference<N extends PreferenceName>(
  list: readonly Preference[],
  name: N,
): PreferenceValueOf<N> | undefined {
  const found = list.find((p) => p.name === name);
  return found === undefined ? undefined : (found.value as PreferenceValueOf<N>);
}

/** Menu visibility rule of spec 02 §2.2: a feature shows when its flag is 'yes' or 'auto'. */
export const isFlagOn = (value: string | undefined): boolean => value === 'yes' || value === 'auto';

/** True for the one sign-up message that means success (spec 01 §4). */
export const isSignUpSuccess = (answer: { message: string }): boolean =>
  answer.message === BACKEND_MESSAGES.SIGN_UP_SUCCESSFUL;
