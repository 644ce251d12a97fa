// Checks a decrypted stored user against the contracts' schema. session.ts loads this module only when a
// stored value exists, so a signed-out visitor's login page does not load the schema library.
import { CurrentUserSchema, type CurrentUser } from '@showfloor/contracts';

/** The stored user, or null when the text is not a valid current user. */
export function parseStoredUser(text: string): CurrentUser | null {
  try {
    const parsed = CurrentUserSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
