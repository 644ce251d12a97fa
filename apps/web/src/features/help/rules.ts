// The help-desk form's rules are the contracts' HelpDeskContactSchema (spec 02 §5): phone in an international or
// local pattern, a simple e-mail pattern, a question of at least 10 characters, all required. Its messages are
// the spec's English texts; the form shows them in the UI language (English letter for letter).
import { HelpDeskContactSchema, UI_ERROR_TEXTS, type HelpDeskContact } from '@showfloor/contracts';

export type HelpDeskField = keyof HelpDeskContact;

/** The contracts' text → key under the help catalogue's `helpDesk.errors`. */
const ERROR_KEYS: Record<string, string> = {
  [UI_ERROR_TEXTS.HELP_PHONE_INVALID]: 'phone',
  [UI_ERROR_TEXTS.HELP_EMAIL_INVALID]: 'email',
  [UI_ERROR_TEXTS.HELP_QUESTION_SHORT]: 'text',
};

/** Each field's first rule broken, as a catalogue key (undefined: the field is fine). */
export function helpDeskErrors(values: HelpDeskContact): Partial<Record<HelpDeskField, string>> {
  const parsed = HelpDeskContactSchema.safeParse(values);
  if (parsed.success) return {};
  const errors: Partial<Record<HelpDeskField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as HelpDeskField;
    if (errors[field] !== undefined) continue;
    errors[field] = ERROR_KEYS[issue.message] ?? `${field}TooLong`;
  }
  return errors;
}
