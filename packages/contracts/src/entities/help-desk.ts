/** The help-desk contact form (spec 02 §3, §5) and the request it sends (spec 01 §7 POST help). */
import { z } from 'zod';
import { MAX_TEXT_LENGTH, MIN_HELP_QUESTION_LENGTH } from '../constants.ts';
import { UI_ERROR_TEXTS } from '../errors.ts';

/** International (+49 30 1234567) or local (030/1234-567) phone number. */
const PHONE = /^(\+|00)?[0-9][0-9 ()/.-]{4,30}$/;
/** The simple e-mail pattern of the form. */
const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const phone = z
  .string()
  .trim()
  .max(40, UI_ERROR_TEXTS.HELP_PHONE_INVALID)
  .regex(PHONE, UI_ERROR_TEXTS.HELP_PHONE_INVALID);
const email = z
  .string()
  .trim()
  .max(254, UI_ERROR_TEXTS.HELP_EMAIL_INVALID)
  .regex(SIMPLE_EMAIL, UI_ERROR_TEXTS.HELP_EMAIL_INVALID);
const question = z
  .string()
  .trim()
  .min(MIN_HELP_QUESTION_LENGTH, UI_ERROR_TEXTS.HELP_QUESTION_SHORT)
  .max(MAX_TEXT_LENGTH, `Text must be at most ${MAX_TEXT_LENGTH} characters`);

/** The help-desk form: phone, email and question, all required. */
export const HelpDeskContactSchema = z.object({ phone, email, text: question });
export type HelpDeskContact = z.infer<typeof HelpDeskContactSchema>;

/** POST event/help body (spec 01 §7: phoneNumber, message; the form's e-mail rides along). */
export const HelpRequestSchema = z.object({ phoneNumber: phone, email, message: question });
export type HelpRequest = z.infer<typeof HelpRequestSchema>;
