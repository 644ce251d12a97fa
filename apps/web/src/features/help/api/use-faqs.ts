// The event's FAQs for the help menu (spec 02 §7 "Help: FAQs (frontend visitor, event_code)").
import { trpc } from '../../../lib/api/trpc.ts';
import { FRONTEND } from '../../../config/frontend.ts';

export function useFaqs(eventCode: string) {
  return trpc.event.getEventFaqs.useQuery(
    { id: eventCode, frontend: FRONTEND },
    { enabled: eventCode !== '', staleTime: 5 * 60_000 },
  );
}
