// The profile's field rules are the contracts' schemas (spec 02 §5), whose messages are the spec's English texts.
// The page shows them in the UI language: English letter for letter (a test checks it), Deutsch translated.
import {
  MAX_PROFILE_FIELD_LENGTH,
  MAX_SKILL_LENGTH,
  MIN_PASSWORD_LENGTH,
  PROFILE_ERROR_TEXTS,
  ProfileUpdateSchema,
  TagSchema,
  UI_ERROR_TEXTS,
  type ProfileUpdate,
  type TagType,
} from '@showfloor/contracts';
import type { TFunction } from 'i18next';
import type { z } from 'zod';

/** PROFILE_ERROR_TEXTS name → key under the profile catalogue's `rules`. */
export const RULE_MESSAGE_KEYS = {
  NAME_FORBIDDEN: 'nameForbidden',
  NAME_INVALID: 'nameInvalid',
  LASTNAME_FORBIDDEN: 'lastnameForbidden',
  LASTNAME_INVALID: 'lastnameInvalid',
  JOB_TITLE_FORBIDDEN: 'jobTitleForbidden',
  COMPANY_FORBIDDEN: 'companyForbidden',
  PHONE_FORBIDDEN: 'phoneForbidden',
  EMAIL_FORBIDDEN: 'emailForbidden',
  EMAIL_INVALID: 'emailInvalid',
  WEBPAGE_INVALID: 'webpageInvalid',
  LINKEDIN_FORBIDDEN: 'linkedinForbidden',
  INTEREST_FORBIDDEN: 'interestForbidden',
  SKILL_FORBIDDEN: 'skillForbidden',
} as const satisfies Record<keyof typeof PROFILE_ERROR_TEXTS, string>;

/** The other texts of the contracts' rules the pages can meet, by their English text. */
const OTHER_MESSAGES: Record<string, { key: string; values?: Record<string, number> }> = {
  [`Job title must be at most ${MAX_PROFILE_FIELD_LENGTH} characters`]: {
    key: 'jobTitleTooLong',
    values: { max: MAX_PROFILE_FIELD_LENGTH },
  },
  [`Company must be at most ${MAX_PROFILE_FIELD_LENGTH} characters`]: {
    key: 'companyTooLong',
    values: { max: MAX_PROFILE_FIELD_LENGTH },
  },
  [`Phone number must be at most ${MAX_PROFILE_FIELD_LENGTH} characters`]: {
    key: 'phoneTooLong',
    values: { max: MAX_PROFILE_FIELD_LENGTH },
  },
  [`Linkedin must be at most ${MAX_PROFILE_FIELD_LENGTH} characters`]: {
    key: 'linkedinTooLong',
    values: { max: MAX_PROFILE_FIELD_LENGTH },
  },
  [`Tag must be at most ${MAX_SKILL_LENGTH} characters`]: {
    key: 'tagTooLong',
    values: { max: MAX_SKILL_LENGTH },
  },
  'Tag must not be empty': { key: 'tagEmpty' },
  'Current password is required': { key: 'oldPasswordRequired' },
  'Please confirm the new password': { key: 'confirmRequired' },
  'The new password must differ from the old one': { key: 'passwordUnchanged' },
  [`Password must be at least ${MIN_PASSWORD_LENGTH} characters`]: {
    key: 'passwordTooShort',
    values: { min: MIN_PASSWORD_LENGTH },
  },
  [UI_ERROR_TEXTS.PASSWORDS_MISMATCH]: { key: 'passwordsMismatch' },
};

const byText = new Map<string, { key: string; values?: Record<string, number> }>([
  ...Object.entries(RULE_MESSAGE_KEYS).map(
    ([name, key]) => [PROFILE_ERROR_TEXTS[name as keyof typeof PROFILE_ERROR_TEXTS], { key }] as const,
  ),
  ...Object.entries(OTHER_MESSAGES),
]);

/** A rule's message in the UI language; one the catalogue does not know is shown as the rule gave it. */
export function ruleMessage(t: TFunction, message: string): string {
  const known = byText.get(message);
  return known ? t(`profile:rules.${known.key}`, known.values ?? {}) : message;
}

/** The first message of a failed check, or undefined when the value passes. */
export function firstIssue(result: z.ZodSafeParseResult<unknown>): string | undefined {
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The profile-information fields, in the page's order (spec 02 §2.10). */
export const PROFILE_FIELDS = [
  'firstname',
  'lastname',
  'job_title',
  'company',
  'phone_number',
  'email',
  'webpage',
  'linkedin',
] as const satisfies ReadonlyArray<keyof ProfileUpdate>;
export type ProfileField = (typeof PROFILE_FIELDS)[number];

/** The message of one profile field's value (the contracts' rule), or undefined when it is valid. */
export function profileFieldIssue(field: ProfileField, value: string): string | undefined {
  return firstIssue(ProfileUpdateSchema.shape[field].safeParse(value));
}

/** The message of a new skill or interest, or undefined when it may be added. */
export function tagIssue(type: TagType, name: string): string | undefined {
  return firstIssue(TagSchema.safeParse({ tag_name: name, type }));
}
