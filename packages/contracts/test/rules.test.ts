// The zod-free field rules must accept exactly what the schemas built from the same constants accept.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  AccessCodeSchema,
  EMAIL_PATTERN,
  EventCodeSchema,
  LoginEmailSchema,
  LoginEventCodeSchema,
  LoginPasswordSchema,
  MAX_TEXT_LENGTH,
  NewPasswordSchema,
  isAccessCode,
  isEventCode,
  isLoginEmail,
  isLoginPassword,
  isNewPassword,
} from '../src/index.ts';

/** Strings near each rule's edges: addresses, codes, padding, lengths around the limits. */
const candidates = fc.oneof(
  fc.string({ maxLength: 80 }),
  fc.emailAddress(),
  fc.emailAddress().map((email) => ` ${email}\t`),
  fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/),
  fc.stringMatching(/^ ?[A-Za-z0-9_ .@-]{0,70} ?$/),
  fc.integer({ min: 0, max: MAX_TEXT_LENGTH + 2 }).map((n) => 'a'.repeat(n)),
  fc.integer({ min: 0, max: 260 }).map((n) => `${'b'.repeat(n)}@example.test`),
  fc.stringMatching(/^[ \t\n\u00a0]{0,6}(?:pw)?[ \t\n\u00a0]{0,6}$/),
  fc.constantFrom(
    '',
    ' ',
    '\t\n ',
    ' pw ',
    'a@b.co',
    'a..b@x.io',
    '.a@x.io',
    'a@x',
    'VIP-2026',
    'DEMO',
    'DE MO',
    'ä@x.io',
  ),
);

const pairs: Array<[string, (value: string) => boolean, z.ZodType]> = [
  ['isEventCode ≡ EventCodeSchema', isEventCode, EventCodeSchema],
  ['isEventCode ≡ LoginEventCodeSchema', isEventCode, LoginEventCodeSchema],
  ['isLoginEmail ≡ LoginEmailSchema', isLoginEmail, LoginEmailSchema],
  ['isLoginPassword ≡ LoginPasswordSchema', isLoginPassword, LoginPasswordSchema],
  ['isNewPassword ≡ NewPasswordSchema', isNewPassword, NewPasswordSchema],
  ['isAccessCode ≡ AccessCodeSchema', isAccessCode, AccessCodeSchema],
];

describe('field rules without zod', () => {
  it.each(pairs)('%s', (_name, predicate, schema) => {
    fc.assert(
      fc.property(candidates, (value) => predicate(value) === schema.safeParse(value).success),
      { numRuns: 2000, seed: 2026 },
    );
  });

  it('accepts and refuses the spec’s examples', () => {
    expect(isLoginEmail(' ada@demo.test ')).toBe(true);
    expect(isLoginEmail('ada@demo')).toBe(false);
    expect(isEventCode('VIP')).toBe(true);
    expect(isEventCode('V I P')).toBe(false);
    expect(isNewPassword('1234567')).toBe(false);
    expect(isNewPassword('12345678')).toBe(true);
    expect(isAccessCode('  ')).toBe(false);
  });

  it('counts a whitespace-only login password as empty but keeps a padded one as typed', () => {
    for (const blank of [' ', '   ', '\t', ' \n\u00a0 ']) {
      expect(isLoginPassword(blank)).toBe(false);
      expect(LoginPasswordSchema.safeParse(blank).error?.issues[0]?.message).toBe(
        '*Please enter your password',
      );
    }
    expect(isLoginPassword(' secret ')).toBe(true);
    expect(LoginPasswordSchema.parse(' secret ')).toBe(' secret ');
  });
});

describe('EMAIL_PATTERN', () => {
  it('is the pattern z.email() uses by default', () => {
    expect(EMAIL_PATTERN.source.replaceAll('\\-', '-')).toBe(z.regexes.email.source.replaceAll('\\-', '-'));
  });
});
