// The event's mini-map (its size and room areas) and the rooms the user may enter with who is in each now.
import { MINI_MAP_FILENAME, type Room } from '@showfloor/contracts';
import { fileUrl } from '../../../lib/api/files.ts';
import { trpc } from '../../../lib/api/trpc.ts';
import { mayEnterRoomId } from '../../../lib/shell/room-path.ts';

export function useMiniMap(eventCode: string, isEnabled: boolean) {
  return trpc.content.getMiniMap.useQuery({ event_code: eventCode }, { enabled: isEnabled, retry: false });
}

/** The mini-map's image, proxied by the gateway. */
export const miniMapImageUrl = (eventCode: string): string =>
  fileUrl('mini_map', eventCode, MINI_MAP_FILENAME);

/** Counts refresh this often while the Rooms list is open. */
const COUNTS_REFRESH_MS = 15_000;

/**
 * The event's active rooms the user may enter (their room_access), the lobby first; with `withCounts`, how many
 * people are in each (the room's user list, refreshed while shown).
 */
export function useEnterableRooms(
  user: { event_code: string; room_access: readonly number[] },
  isEnabled: boolean,
  withCounts: boolean,
) {
  const listed = trpc.content.listRooms.useQuery(
    { event_code: user.event_code, active: true },
    { enabled: isEnabled, retry: false },
  );
  const rooms: Room[] = (listed.data?.event_rooms ?? [])
    .flatMap((group) => group.rooms)
    .filter((room) => room.event_code === user.event_code && room.active && mayEnterRoomId(user, room.id))
    .sort((a, b) => Number(b.type === 'lobby') - Number(a.type === 'lobby'));
  const counts = trpc.useQueries((t) =>
    rooms.map((room) =>
      t.user.getRoomUsers(
        { id: room.id },
        { enabled: withCounts, retry: false, refetchInterval: withCounts ? COUNTS_REFRESH_MS : false },
      ),
    ),
  );
  return {
    rooms,
    isLoading: listed.isPending && listed.fetchStatus !== 'idle',
    error: listed.error,
    countOf: (index: number): number | undefined => counts[index]?.data?.users.length,
  };
}
