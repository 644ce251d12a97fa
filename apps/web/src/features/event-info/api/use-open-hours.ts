// The event's open hours (event.getOpenHours), asked once there is an event code.
import { trpc } from '../../../lib/api/trpc.ts';

export function useOpenHours(eventCode: string) {
  return trpc.event.getOpenHours.useQuery({ id: eventCode }, { enabled: eventCode !== '', retry: false });
}
