/**
 * The error catalogue: the provider's error body, its error codes, and every user-facing error text of the
 * spec (01 §8, 02 §8). Texts are the spec's, letter for letter (typos included: they are requirements).
 */

/** Error codes the provider sets on an error answer. */
export const ERROR_CODES = {
  /** Missing, invalid or revoked token: sign out, clear the stored user, reload. */
  INVALID_TOKEN: '401.1',
  /** Login session expired (OAuth2 retry, password reset): go to /auth/login after 4 s. */
  SESSION_EXPIRED: '401.2',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

/** Backend messages of spec 01 §5 and §8 (and the provider's own, where the spec leaves one unstated). */
export const BACKEND_MESSAGES = {
  CARD_UPDATE_NEEDS_FIELD: 'approved or notes must be specified',
  ROOM_UPDATE_NEEDS_FIELD: 'one field must be specified',
  ROOM_EXTERNAL_NEEDS_LINK: 'link must be specified for type external',
  MINI_MAP_NEEDS_ATTRIBUTE: 'Must have at least one attribute (roomid, shape, coords)',
  LOGIN_SESSION_EXPIRED: 'Login session expired.',
  SIGN_UP_SUCCESSFUL: 'Sign up successful!',
  /** `{item}` is the store item's name. */
  INSUFFICIENT_BALANCE: 'Insufficient balance to buy {item}. Please collect achievements to get more coins.',
  SOCKET_TOPIC_INVALID: 'the socket topic is invalid',
  // Not shown in the spec: chosen here, once.
  WRONG_CREDENTIALS: 'Wrong email or password.',
  EVENT_CLOSED: 'The event is currently closed.',
  /** Sign-in (and the event's public reads) with an event code no event has. */
  EVENT_UNKNOWN: 'There is no event with this code. Please check the event code.',
  ACCESS_CODE_REQUIRED: 'Please enter the access code for this event.',
  ACCESS_CODE_INVALID: 'Invalid access code. Please use a different code.',
  ALREADY_LOGGED_IN:
    'You are already logged in on another device. Sign in again with force_login to end that session.',
  INVALID_TOKEN: 'Invalid or expired token.',
  FORBIDDEN: 'You are not allowed to do this.',
  NOT_FOUND: 'Not found.',
  TEXT_TOO_LONG: 'Text must be at most 2000 characters.',
  PAYLOAD_TOO_LARGE: 'Request body is too large.',
  RATE_LIMITED: 'Too many requests, please try again later.',
  /** event.sendEmail over CONTENT_EMAIL_LIMIT. */
  EMAILS_RATE_LIMITED: 'Too many e-mails. Please try again later.',
  /** content.getFile of a type that is not public (access.ts PUBLIC_FILE_TYPES), without a valid token. */
  SIGN_IN_FOR_FILE: 'Sign in to see this file.',
  /** A room (its chat, its people, its meeting) the caller may not enter (access.ts `mayEnterRoom`). */
  ROOM_FORBIDDEN: 'You are not allowed to access this room.',
  PROVIDER_UNAVAILABLE: 'The event service is unavailable. Please try again shortly.',
  PROVIDER_TIMEOUT: 'The event service did not answer in time. Please try again shortly.',
  INTERNAL: 'Something went wrong. Please try again.',
} as const;

/** Fills `{name}` placeholders of a catalogue text. */
export function formatMessage(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));
}

/** The most issues {@link describeIssues} names; a bad input with more shows its first ones. */
export const MAX_DESCRIBED_ISSUES = 5;

/** A validation issue as {@link describeIssues} reads it: zod's issues fit, without importing zod here. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/**
 * Validation issues as one readable line, the text every boundary answers a bad input with (tRPC input, relay
 * payload, provider client, mock provider): `path: message` (the message alone at the root), repeats dropped,
 * at most {@link MAX_DESCRIBED_ISSUES}, joined by '; '. E.g. `to.0: Invalid input; type: type must be text,
 * video or audio`.
 */
export function describeIssues(issues: readonly IssueLike[]): string {
  const lines = new Set<string>();
  for (const issue of issues) {
    const path = issue.path.map(String).join('.');
    lines.add(path ? `${path}: ${issue.message}` : issue.message);
    if (lines.size === MAX_DESCRIBED_ISSUES) break;
  }
  return [...lines].join('; ');
}

/** User-facing error texts of the app (spec 01 §8, spec 02 §8). */
export const UI_ERROR_TEXTS = {
  UNEXPECTED: 'Unexpected error occurred',
  FATAL: 'A fatal error happened. You can only try ro reload.',
  PAGE_NOT_FOUND: 'Page not found!',
  SOMETHING_WENT_WRONG: 'Something went wrong.',
  INVALID_ACCESS_CODE: 'Invalid access code. Please use a different code.',
  SWITCHED_DEVICES: 'Did you switch devices? We noticed you logged in somewhere else.',
  SESSION_PROBLEM: 'Please log in again. If the error persists, please reach out to the helpdesk...',
  SUBMISSION_FAILED: 'Oops, submission failed!',
  ROOM_INSTANCES_FAILED: 'Could not retrieve room instances, try to reload the page.',
  ACCESS_DENIED_TITLE: 'Access Denied',
  ACCESS_DENIED_MESSAGE: 'You are not allowed to access this room.',
  EVENT_CLOSED_TITLE: 'Information',
  EVENT_CLOSED_MESSAGE: 'The event is currently closed. We look forward to seeing you soon.',
  /** `{from}` and `{to}` are formatted dates. */
  EVENT_OPEN_WINDOW: 'Event will be open from {from} to {to}',
  EMAIL_INVALID: '*Please enter a valid email-address',
  PASSWORD_MISSING: '*Please enter your password',
  EVENT_CODE_INVALID: '*Please enter a valid event code',
  PASSWORDS_MISMATCH: '*Please make sure that your passwords match',
  HELP_PHONE_INVALID: '*Please enter a valid phone number',
  HELP_EMAIL_INVALID: '*Please enter a valid email adress',
  HELP_QUESTION_SHORT: '*Please explain your problems or question to us in more detail.',
  PARTICIPANTS_EMPTY_GROUP: 'Participant list is empty.!',
  PARTICIPANTS_EMPTY_ROOM: 'Participant list is empty!',
  NO_SEARCH_RESULTS: 'No search results',
  NO_ACHIEVEMENTS: 'No achievements.',
  GOODIES_EMPTY: 'Goodies list is empty.',
} as const;

/** Profile field validation texts (spec 02 §5). */
export const PROFILE_ERROR_TEXTS = {
  NAME_FORBIDDEN: 'Name contains forbidden characters',
  NAME_INVALID: 'Name is invalid',
  LASTNAME_FORBIDDEN: 'Last name contains forbidden characters',
  LASTNAME_INVALID: 'Last name is invalid',
  JOB_TITLE_FORBIDDEN: 'Job title contains forbidden characters',
  COMPANY_FORBIDDEN: 'Company contains forbidden characters',
  PHONE_FORBIDDEN: 'Phone number contains forbidden characters',
  EMAIL_FORBIDDEN: 'Email contains forbidden characters',
  EMAIL_INVALID: 'Email is invalid',
  WEBPAGE_INVALID: 'Webpage is invalid or contains forbidden characters',
  LINKEDIN_FORBIDDEN: 'Linkedin contains forbidden characters',
  INTEREST_FORBIDDEN: 'Interest contains forbidden characters',
  SKILL_FORBIDDEN: 'Skill contains forbidden characters',
} as const;
