// The helpdesk address: the event's help_desk_email preference, else the default (spec 01 §2 error page).
import { DEFAULT_HELPDESK_EMAIL, findPreference } from '@showfloor/contracts';
import { useEventCode } from './use-event-code.ts';
import { useEventPreferences } from './use-event-preferences.ts';

export function useHelpdeskEmail(): string {
  const { preferences } = useEventPreferences(useEventCode());
  const email = findPreference(preferences, 'help_desk_email');
  return email || DEFAULT_HELPDESK_EMAIL;
}
