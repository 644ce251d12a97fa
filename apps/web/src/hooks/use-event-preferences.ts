// The event's preferences (a public read: the auth pages need theme and form preferences before sign-in; the
// signed-in pages read the same cache, lib/api/gateway-reads.ts).
import { isEventCode, type Preference } from '@showfloor/contracts';
import { useGatewayRead } from '../lib/api/gateway-reads.ts';
import { FRONTEND } from '../config/frontend.ts';

const EMPTY: readonly Preference[] = [];

export function useEventPreferences(eventCode: string | undefined) {
  const valid = isEventCode(eventCode ?? '');
  const query = useGatewayRead(
    'event.getPreferences',
    { type: 'all', event_code: eventCode ?? '', frontend: FRONTEND },
    { enabled: valid, staleTime: 5 * 60_000 },
  );
  return { ...query, preferences: query.data ?? EMPTY };
}
