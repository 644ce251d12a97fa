// The event's open hours (spec 01 §2): outside them the visitor goes to the event's info page. The login page and
// the signed-in shell both ask (a public read, lib/api/gateway-reads.ts); the info page itself reads the windows
// to list them.
import { isEventOpen } from '@showfloor/contracts';
import { useGatewayRead } from '../lib/api/gateway-reads.ts';

/** The event-closed information page of an event. */
export const infoPath = (eventCode: string): string => `/info?event=${encodeURIComponent(eventCode)}`;

/** True once the event's open hours are known and now lies outside them (no hours: open). */
export function useEventClosed(eventCode: string, enabled = eventCode !== ''): boolean {
  const hours = useGatewayRead('event.getOpenHours', { id: eventCode }, { enabled, retry: false });
  return hours.data !== undefined && !isEventOpen(hours.data.event_open_hours);
}
