// The people in the scene's room now (the room itself: `useSceneRoom`, src/hooks/use-scene-room.ts).
import { trpc } from '../../../lib/api/trpc.ts';

/** Who is in the room is read again this often while the list is open (entries and exits change it). */
const PARTICIPANTS_REFRESH_MS = 10_000;

export function useParticipants(roomId: number | undefined) {
  return trpc.user.getRoomUsers.useQuery(
    { id: roomId ?? 0 },
    { enabled: roomId !== undefined, retry: false, refetchInterval: PARTICIPANTS_REFRESH_MS },
  );
}
