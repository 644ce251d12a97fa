// The avatar designs offered (spec 02 §7 "Get avatars: with event code when use_event_avatars is 'yes', otherwise
// none"); failures are only logged (spec 02 §8).
import { useEffect } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';

export function useAvatars(eventCode: string, isOffered: boolean) {
  const query = trpc.database.getAvatars.useQuery(
    { event_code: eventCode },
    { enabled: isOffered, staleTime: 5 * 60_000 },
  );
  const { error } = query;
  useEffect(() => {
    if (error) console.warn('avatar list could not be loaded', error.message);
  }, [error]);
  return query;
}
