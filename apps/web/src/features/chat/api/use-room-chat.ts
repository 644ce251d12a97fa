// A room's chat conversation (`room-{id}`, its latest page read by the view) and the people in the room now
// (RoomChatParticipantList).
import { trpc } from '../../../lib/api/trpc.ts';

export function useRoomConversation(roomId: number | undefined) {
  return trpc.conversation.getRoomConversation.useQuery(
    { id: roomId ?? 0 },
    { enabled: roomId !== undefined, retry: false, staleTime: Infinity },
  );
}

export function useRoomUsers(roomId: number | undefined, options: { enabled?: boolean } = {}) {
  return trpc.user.getRoomUsers.useQuery(
    { id: roomId ?? 0 },
    { enabled: roomId !== undefined && (options.enabled ?? true), retry: false, staleTime: 10_000 },
  );
}
