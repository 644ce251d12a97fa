// What the scene's room is: the user list needs a multiplayer room (spec 02 §2.2). The lobby is a room too (a path
// containing 'lobby'), so its own multiplayer flag counts. 'pending' while the room is still being read.
import type { CurrentUser } from '@showfloor/contracts';
import { useSceneRoom } from '../../../hooks/use-scene-room.ts';
import type { RoomKind } from '../../../lib/shell/menu.ts';

export function useRoomKind(pathname: string, user: CurrentUser | null): RoomKind {
  const { isLobby, room, isPending } = useSceneRoom(pathname, user);
  if (isPending) return 'pending';
  if (isLobby) return room?.multiplayer ? 'multiplayer' : 'lobby';
  if (!room) return 'none';
  return room.multiplayer ? 'multiplayer' : 'single';
}
