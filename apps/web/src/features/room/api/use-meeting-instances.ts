// A meeting room's instances (database.getMeetingInstances), for the instance picker; read only for meeting links.
import { trpc } from '../../../lib/api/trpc.ts';

export function useMeetingInstances(meetingId: string | undefined, breakoutGroup: string | null | undefined) {
  return trpc.database.getMeetingInstances.useQuery(
    { meeting_id: meetingId ?? '', ...(breakoutGroup ? { breakout_group: breakoutGroup } : {}) },
    { enabled: meetingId !== undefined, retry: false },
  );
}
