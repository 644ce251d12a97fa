// A room's content items (content.getRoomContent): the transition video, the popups and their attributes.
import { trpc } from '../../../lib/api/trpc.ts';

export function useRoomContent(roomId: number) {
  return trpc.content.getRoomContent.useQuery({ id: roomId }, { retry: false });
}
