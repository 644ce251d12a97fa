// What the current page's room is: the user list needs a multiplayer room (spec 02 §2.2).
import { useLocation } from 'react-router-dom';
import type { RoomKind } from '../../../lib/menu.ts';
import { isLobbyPath, roomIdFromPath } from '../../../lib/room-path.ts';
import { trpc } from '../../../lib/trpc.ts';

export function useRoomKind(): RoomKind {
  const { pathname } = useLocation();
  const roomId = roomIdFromPath(pathname);
  const room = trpc.content.getRoom.useQuery({ id: roomId ?? 0 }, { enabled: roomId !== undefined, retry: false });
  if (isLobbyPath(pathname)) return 'lobby';
  if (roomId === undefined || !room.data) return 'none';
  return room.data.multiplayer ? 'multiplayer' : 'single';
}
