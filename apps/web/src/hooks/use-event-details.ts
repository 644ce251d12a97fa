// The event's own name (event.getEvent, public): the header, the auth pages and /info name the event, not just
// the product. Read once per event code and kept; an unknown code answers 404 (isError).
import { trpc } from '../lib/api/trpc.ts';

/** `eventCode`: a valid code, or '' (nothing is read). */
export function useEventDetails(eventCode: string) {
  return trpc.event.getEvent.useQuery(
    { id: eventCode },
    { enabled: eventCode !== '', retry: false, staleTime: Infinity },
  );
}
