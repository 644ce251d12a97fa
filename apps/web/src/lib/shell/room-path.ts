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
