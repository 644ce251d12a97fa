/**
 * The room a tab's handshake names (`query.roomId`: a reconnect names the room the tab shows, and the client sends
 * no enter_room for it). It is joined once the provider says the user may access it. When that check fails (the
 * provider slow or failing, as in the mass reconnect after a node restart) the tab would sit outside its room,
 * without its live room chat and events, until its next reconnect: so the check is asked again with back-off
 * while the socket is connected (retry-while-connected.ts), at most `ROOM_CHECK_RETRY.attempts` times. A
 * join that comes after a failure tells the socket `resync` (reason 'room_joined_late'): the client's catch-up
 * after connecting may have been read before the join, and a message stored in between reached it neither live
 * nor by that read.
 *
 * A retry stands back once the tab has moved (an enter_room was dispatched: room-moves.ts), or is in a room, or
 * has gone. The socket's packets wait only for the first answer (installDispatcher), not for the retries.
 */
import { RECONNECT_SPREAD_MS, SOCKET_ROOMS } from '@showfloor/contracts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';
import { tellMicrophones } from './microphones.ts';
import { ROOM_CHECK_RETRY, retryWhileConnected } from './retry-while-connected.ts';
import { hasMoved } from './room-moves.ts';

/**
 * Checks and joins the handshake's room; settles after the first answer (joined, refused, or failed: then the
 * retries go on in the background).
 */
export function joinHandshakeRoom(ctx: RelayContext, socket: RelaySocket, roomId: number): Promise<void> {
  const { data } = socket;
  /** Whether the handshake's room is still the socket's to join. */
  const isWanted = (): boolean => socket.connected && data.roomId === undefined && !hasMoved(socket);
  const join = (isLate: boolean): void => {
    data.roomId = roomId;
    void socket.join(SOCKET_ROOMS.room(data.eventCode, roomId));
    void tellMicrophones(ctx, socket, roomId);
    if (!isLate) return;
    ctx.metrics.resyncs.inc({ reason: 'room_joined_late' });
    // A late joiner waits a random part of the span the web app spreads its re-read after a reconnect over: a
    // node's reconnecting tabs do not all read at once.
    socket.emit('resync', { reason: 'room_joined_late', spread_ms: RECONNECT_SPREAD_MS });
  };

  /** Asks the check again after the back-off of retry `attempt`, or gives up past the last. */
  const retry = (attempt: number, error: unknown): void => {
    if (!isWanted()) return;
    const outcome = retryWhileConnected(socket, ROOM_CHECK_RETRY, attempt, () => {
      if (!isWanted()) return;
      ctx.directory.canAccessRoom(data, roomId).then(
        (isAllowed) => {
          if (isAllowed && isWanted()) join(true);
        },
        (failure: unknown) => retry(attempt + 1, failure),
      );
    });
    if (outcome === 'exhausted')
      ctx.logger.warn({ err: error, roomId }, 'relay: gave up joining the handshake room');
  };

  return ctx.directory.canAccessRoom(data, roomId).then(
    (isAllowed) => {
      if (isAllowed && isWanted()) join(false);
    },
    (error: unknown) => {
      ctx.logger.warn({ err: error, roomId }, 'relay: room access check failed at connect; asking again');
      retry(1, error);
    },
  );
}
