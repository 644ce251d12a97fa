// The event's lobby room (content.getLobby): its link is the lobby scene's frame.
import { trpc } from '../../../lib/api/trpc.ts';

export function useLobby(eventCode: string | undefined) {
  return trpc.content.getLobby.useQuery(
    { event_code: eventCode },
    { enabled: eventCode !== undefined, retry: false },
  );
}
