/**
 * Building blocks shared by the entities: ids, event codes, timestamps, texts and the helpers that read
 * numbers and booleans from URL strings (path parameters and query strings arrive as text).
 */
import { z } from 'zod';
import { EVENT_CODE_MAX_LENGTH, EVENT_CODE_PATTERN, MAX_TEXT_LENGTH } from '../constants.ts';

/** A database id (user, room, event, card, content item, badge ...): a positive integer. */
export const IdSchema = z.number().int().positive();
export type Id = z.infer<typeof IdSchema>;

/**
 * An id in a path or query string: accepts `42` or `'42'` and yields the number, so the same schema serves
 * the provider (strings from the URL) and the gateway (numbers from tRPC input).
 */
export const IdParamSchema = z.coerce
  .number<string | number>({ error: 'Expected a numeric id' })
  .int('Expected a numeric id')
  .positive('Expected a numeric id');

/** A number in a query string (`'20'` or `20`). */
export const QueryNumberSchema = z.coerce.number<string | number>({ error: 'Expected a number' });

/** A boolean in a query string: `true`/`false` or `'true'`/`'false'`. */
export const QueryBooleanSchema = z.union(
  [z.boolean(), z.enum(['true', 'false']).transform((value) => value === 'true')],
  { error: 'Expected true or false' },
);

/** An event code, e.g. `DEMO`: what users type on the login page to pick their event. */
export const EventCodeSchema = z
  .string({ error: 'Expected an event code' })
  .trim()
  .min(1, 'Event code is required')
  .max(EVENT_CODE_MAX_LENGTH, `Event code must be at most ${EVENT_CODE_MAX_LENGTH} characters`)
  .regex(EVENT_CODE_PATTERN, 'Event code may contain only letters, digits, underscore and hyphen');
export type EventCode = z.infer<typeof EventCodeSchema>;

/**
 * How an event is named in `event/{id}` paths: its numeric id or its event code (pages outside the app shell,
 * such as /info, only know the code).
 */
export const EventKeySchema = z.union([IdSchema.transform(String), EventCodeSchema], {
  error: 'Expected an event id or event code',
});
export type EventKey = z.infer<typeof EventKeySchema>;

/** Milliseconds since the epoch as a number (open hours, agenda, last login). */
export const EpochMsSchema = z.number().int().nonnegative();

/** Milliseconds since the epoch as a decimal string, the chat's timestamp format (spec 02 §3). */
export const TimestampStringSchema = z
  .string()
  .regex(/^\d{1,16}$/, 'Timestamp must be milliseconds since the epoch as a string of digits');

/** Any text a user types: at most {@link MAX_TEXT_LENGTH} characters (spec 01 §5). */
export const TextSchema = z
  .string()
  .max(MAX_TEXT_LENGTH, `Text must be at most ${MAX_TEXT_LENGTH} characters`);

/** A non-empty user-typed text, trimmed. */
export const RequiredTextSchema = TextSchema.trim().min(1, 'This field is required');

/** A short name or label (room, bot, category ...). */
export const NameSchema = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(200, 'Name must be at most 200 characters');

/** An absolute http(s) URL. */
export const HttpUrlSchema = z.url({ protocol: /^https?$/, error: 'Expected an http or https URL' });

/** An e-mail address. */
export const EmailSchema = z.email('Expected a valid e-mail address').max(254);

/** A file name as stored by the provider (no path separators). */
export const FileNameSchema = z
  .string()
  .min(1, 'File name is required')
  .max(255)
  .regex(/^[^/\\]+$/, 'File name must not contain slashes');

/** The frontend types of the platform (spec 01 §4). */
export const FRONTEND_TYPES = ['visitor', 'backstage', 'light', 'admin', 'script'] as const;
/** A frontend type; the web app sends `visitor`. */
export const FrontendTypeSchema = z.enum(FRONTEND_TYPES, {
  error: `Frontend must be one of ${FRONTEND_TYPES.join(', ')}`,
});
export type FrontendType = z.infer<typeof FrontendTypeSchema>;
