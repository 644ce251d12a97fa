// The agenda page's data (spec 01 §7 "Agenda"): the event's sessions, the rooms they take place in and their
// presenters' names.
import { useMemo } from 'react';
import type { Room, UserSummary } from '@showfloor/contracts';
import { useEventAgenda } from '../../../hooks/use-event-agenda.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { useCurrentUser } from '../../../lib/session/session.ts';

export function useAgenda() {
  return useEventAgenda(useCurrentUser()?.event_code);
}

/** The event's rooms by id (the sessions name their room by id). */
export function useAgendaRooms(): ReadonlyMap<number, Room> {
  const eventCode = useCurrentUser()?.event_code ?? '';
  const query = trpc.content.listRooms.useQuery(
    { event_code: eventCode },
    { enabled: eventCode !== '', staleTime: 60_000 },
  );
  return useMemo(
    () =>
      new Map(
        (query.data?.event_rooms ?? [])
          .filter((group) => group.event === eventCode)
          .flatMap((group) => group.rooms)
          .map((room) => [room.id, room]),
      ),
    [query.data, eventCode],
  );
}

/** The presenters' summaries by id (names; none while they load or when none is named). */
export function usePresenters(ids: readonly number[]): ReadonlyMap<number, UserSummary> {
  const sorted = [...new Set(ids)].sort((a, b) => a - b);
  const query = trpc.user.getSummaries.useQuery(
    { ids: sorted },
    { enabled: sorted.length > 0, staleTime: 5 * 60_000 },
  );
  return useMemo(() => new Map((query.data?.users ?? []).map((user) => [user.id, user])), [query.data]);
}
