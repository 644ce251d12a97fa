// What the current page's room is: the user list needs a multiplayer room (spec 02 §2.2). The lobby is a room
// too (a path containing 'lobby'), so its own multiplayer flag counts.
import { useLocation } from 'react-router-dom';
import type { RoomKind } from '../../../lib/menu.ts';
import { isLobbyPath, roomIdFromPath } from '../../../lib/room-path.ts';
import { useCurrentUser } from '../../../lib/session.ts';
import { trpc } from '../../../lib/trpc.ts';

export function useRoomKind(): RoomKind {
  const { pathname } = useLocation();
  const user = useCurrentUser();
  const inLobby = isLobbyPath(pathname);
  const roomId = roomIdFromPath(pathname);
  const room = trpc.content.getRoom.useQuery(
    { id: roomId ?? 0 },
    { enabled: roomId !== undefined, retry: false },
  );
  const lobby = trpc.content.getLobby.useQuery(
    { event_code: user?.event_code },
    { enabled: inLobby && Boolean(user), retry: false },
  );
  if (inLobby) return lobby.data?.multiplayer ? 'multiplayer' : 'lobby';
  if (roomId === undefined || !room.data) return 'none';
  return room.data.multiplayer ? 'multiplayer' : 'single';
}
