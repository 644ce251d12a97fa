// Which room a path shows (spec 01 §2): the segment after the first is the room id; a path containing 'lobby'
// means the lobby.

export function isLobbyPath(pathname: string): boolean {
  return pathname.includes('lobby');
}

/** The room id of /room/{id}, or undefined (lobby, other pages, a non-numeric id). */
export function roomIdFromPath(pathname: string): number | undefined {
  if (isLobbyPath(pathname)) return undefined;
  const [first, second] = pathname.split('/').filter(Boolean);
  if (first !== 'room' || !second || !/^\d+$/.test(second)) return undefined;
  const id = Number(second);
  return id > 0 ? id : undefined;
}

/**
 * Whether the user may enter a room (their room_access, kept current by the access-change event): a room they
 * may not enter is never read or framed.
 */
export function mayEnterRoomId(
  user: { room_access: readonly number[] } | null | undefined,
  roomId: number,
): boolean {
  return user?.room_access.includes(roomId) ?? false;
}
