// The event the page is about: the signed-in user's, else the `event` query parameter, else the last one used
// in this browser.
import { useSearchParams } from 'react-router-dom';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { useCurrentUser } from '../lib/session/session.ts';

export function useEventCode(): string {
  const user = useCurrentUser();
  const [params] = useSearchParams();
  const fromQuery = params.get('event')?.trim();
  if (user) return user.event_code;
  if (fromQuery) return fromQuery;
  return window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE) ?? '';
}
