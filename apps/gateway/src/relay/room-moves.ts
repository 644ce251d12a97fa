/**
 * The order of a tab's room moves. A socket's packets are not serialised: two `enter_room` sent quickly one after
 * the other (room A, then room B) run side by side, and the provider may answer B's checks and record before A's.
 * Each move takes a number when its packet is dispatched, before anything is awaited; only the socket's latest
 * move may change its rooms when it completes, so the tab ends where its last `enter_room` put it, whatever order
 * the answers came in. The handshake's room (attach-relay.ts) is joined only while the socket has taken no move.
 *
 * Kept beside the socket in a WeakMap, not in its data: only sockets that moved hold an entry, and it goes with
 * the socket.
 */

/** Per socket, the number of its latest move. */
const latest = new WeakMap<object, number>();

/** Takes the socket's next move number (call it when the packet is dispatched, before any await). */
export function takeMove(socket: object): number {
  const move = (latest.get(socket) ?? 0) + 1;
  latest.set(socket, move);
  return move;
}

/** Whether `move` is still the socket's latest (no later `enter_room` was dispatched since it was taken). */
export function isLatestMove(socket: object, move: number): boolean {
  return latest.get(socket) === move;
}

/**
 * The number of the socket's latest move (0 before its first): a task that awaits and then changes the socket's
 * rooms reads it before the await and acts only if it is unchanged after (room-access.ts).
 */
export function moveCount(socket: object): number {
  return latest.get(socket) ?? 0;
}

/** Whether the socket has taken a move (an `enter_room`) since it connected. */
export function hasMoved(socket: object): boolean {
  return latest.has(socket);
}
