// The room of the scene behind the drawer: the lobby (a path containing 'lobby'), or /room/{id} when the user may
// enter it (a room they may not enter is never read: its link would come with it). The shell (the room's kind),
// room chat and the participant list all ask this, with the room scene's own inputs, so it comes from the query
// cache. `pathname` is the scene's path ('' without a scene: no room).
import type { CurrentUser } from '@showfloor/contracts';
import { trpc } from '../lib/api/trpc.ts';
import { isLobbyPath, mayEnterRoomId, roomIdFromPath } from '../lib/shell/room-path.ts';

export function useSceneRoom(pathname: string, user: CurrentUser | null) {
  const isLobby = isLobbyPath(pathname);
  const roomId = roomIdFromPath(pathname);
  const mayEnter = roomId !== undefined && mayEnterRoomId(user, roomId);
  const room = trpc.content.getRoom.useQuery({ id: roomId ?? 0 }, { enabled: mayEnter, retry: false });
  const lobby = trpc.content.getLobby.useQuery(
    { event_code: user?.event_code },
    { enabled: isLobby && Boolean(user), retry: false },
  );
  const query = isLobby ? lobby : mayEnter ? room : undefined;
  return {
    /** The scene is the lobby (read only with a user). */
    isLobby,
    /** The room or lobby read, undefined while it is read, when it failed, or without one. */
    room: query?.data,
    /** Still being read (not: disabled, never asked). */
    isPending: query ? query.isPending && query.fetchStatus !== 'idle' : false,
  };
}
