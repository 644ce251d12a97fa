// Spec 02 §4.5 "A delete action in a room reloads room data": the room's reads (the room, its content items and
// the people in it) are read again; the room chat's timeline is dropped by the caller so its view reads it anew.
import { useMemo } from 'react';
import { trpc } from '../../../lib/api/trpc.ts';

export function useRoomDataReload(): (roomId: number) => void {
  const utils = trpc.useUtils();
  return useMemo(
    () => (roomId: number) => {
      void utils.content.getRoom.invalidate({ id: roomId });
      void utils.content.getRoomContent.invalidate({ id: roomId });
      void utils.user.getRoomUsers.invalidate({ id: roomId });
    },
    [utils],
  );
}
