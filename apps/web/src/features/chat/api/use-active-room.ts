// The room room chat is about (spec 02 §2.3 "Room chat: RoomChatMessage, RoomChatParticipantList"): the room of the
// scene behind the drawer — the lobby, or /room/{id} when the user may enter it. Without one (no scene, a room the
// user may not enter, a room that is gone or not active) there is no room chat. The read is the scene's own
// (`useSceneRoom`), so it comes from the query cache.
import type { CurrentUser } from '@showfloor/contracts';
import { useSceneRoom } from '../../../hooks/use-scene-room.ts';
import type { SceneLocation } from '../../../lib/shell/scene.ts';

export interface ActiveRoom {
  id: number;
  name: string;
}

export type ActiveRoomState =
  { status: 'pending' } | { status: 'none' } | { status: 'ready'; room: ActiveRoom };

export function useActiveRoom(scene: SceneLocation | null, user: CurrentUser | null): ActiveRoomState {
  const { room, isPending } = useSceneRoom(scene?.pathname ?? '', user);
  if (isPending) return { status: 'pending' };
  if (!room?.active) return { status: 'none' };
  return { status: 'ready', room: { id: room.id, name: room.name } };
}
