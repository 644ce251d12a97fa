// What the scene's room is: the user list needs a multiplayer room (spec 02 §2.2). The lobby is a room too (a path
// containing 'lobby'), so its own multiplayer flag counts. 'pending' while the room is still being read.
import type { RoomKind } from '../../../lib/shell/menu.ts';
import { isLobbyPath, mayEnterRoomId, roomIdFromPath } from '../../../lib/shell/room-path.ts';
import type { CurrentUser } from '@showfloor/contracts';
import { trpc } from '../../../lib/api/trpc.ts';

export function useRoomKind(pathname: string, user: CurrentUser | null): RoomKind {
  const inLobby = isLobbyPath(pathname);
  const roomId = roomIdFromPath(pathname);
  const room = trpc.content.getRoom.useQuery(
    { id: roomId ?? 0 },
    // A room the user may not enter is never read (its link would come with it).
    { enabled: roomId !== undefined && mayEnterRoomId(user, roomId), retry: false },
  );
  const lobby = trpc.content.getLobby.useQuery(
    { event_code: user?.event_code },
    { enabled: inLobby && Boolean(user), retry: false },
  );
  if (inLobby) {
    if (lobby.isPending && lobby.fetchStatus !== 'idle') return 'pending';
    return lobby.data?.multiplayer ? 'multiplayer' : 'lobby';
  }
  if (roomId === undefined) return 'none';
  if (room.isPending && room.fetchStatus !== 'idle') return 'pending';
  if (!room.data) return 'none';
  return room.data.multiplayer ? 'multiplayer' : 'single';
}
