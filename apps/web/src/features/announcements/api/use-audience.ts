// Who an announcement can go to (spec 02 §2.8, §7): the event's rooms (plus 'All Rooms') and everyone signed in
// to the event now ("logged users … all for notifications").
import { useMemo } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';

export function useEventRooms(eventCode: string) {
  const query = trpc.content.listRooms.useQuery(
    { event_code: eventCode, active: true },
    { enabled: eventCode !== '', staleTime: 60_000 },
  );
  const rooms = useMemo(
    () =>
      (query.data?.event_rooms ?? [])
        .filter((group) => group.event === eventCode)
        .flatMap((group) => group.rooms),
    [query.data, eventCode],
  );
  return { ...query, rooms };
}

export function useLoggedUsers(eventCode: string, options: { enabled?: boolean } = {}) {
  return trpc.user.getLoggedUsers.useQuery(
    { event_code: eventCode },
    { enabled: eventCode !== '' && (options.enabled ?? true), staleTime: 15_000 },
  );
}
