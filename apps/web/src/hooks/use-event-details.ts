// The event's own name (event.getEvent, public): the header, the auth pages and /info name the event, not just
// the product. Read once per event code and kept; an unknown code answers 404 (isError). A public read
// (lib/api/gateway-reads.ts): /info shows it before sign-in.
import { useGatewayRead } from '../lib/api/gateway-reads.ts';

/** `eventCode`: a valid code, or '' (nothing is read). */
export function useEventDetails(eventCode: string) {
  return useGatewayRead(
    'event.getEvent',
    { id: eventCode },
    { enabled: eventCode !== '', retry: false, staleTime: Infinity },
  );
}
