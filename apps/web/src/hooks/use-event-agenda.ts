// The event's agenda (spec 01 §7 "Agenda": GET agenda, type event). The side menu shows the agenda's entry only
// when the event has sessions, and the agenda page lists them: both read this one query.
import { isEventCode } from '@showfloor/contracts';
import { trpc } from '../lib/api/trpc.ts';

export function useEventAgenda(eventCode: string | undefined) {
  return trpc.agenda.getAgenda.useQuery(
    { type: 'event', event_code: eventCode ?? '' },
    { enabled: isEventCode(eventCode ?? ''), staleTime: 5 * 60_000 },
  );
}
