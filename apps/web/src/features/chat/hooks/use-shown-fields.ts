// Whether the event shows company and job title (preferences show_company / show_job_title: 'yes' turns them on).
import { findPreference } from '@showfloor/contracts';
import { useEventPreferences } from '../../../hooks/use-event-preferences.ts';
import type { ShownFields } from '../utils/conversation.ts';

export function useShownFields(eventCode: string): ShownFields {
  const { preferences } = useEventPreferences(eventCode);
  return {
    company: findPreference(preferences, 'show_company') === 'yes',
    jobTitle: findPreference(preferences, 'show_job_title') === 'yes',
  };
}
