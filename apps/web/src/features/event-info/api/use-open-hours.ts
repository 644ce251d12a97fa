// The event's open hours (event.getOpenHours), asked once there is an event code. A public read
// (lib/api/gateway-reads.ts): the info page is shown before sign-in.
import { useGatewayRead } from '../../../lib/api/gateway-reads.ts';

export function useOpenHours(eventCode: string) {
  return useGatewayRead('event.getOpenHours', { id: eventCode }, { enabled: eventCode !== '', retry: false });
}
