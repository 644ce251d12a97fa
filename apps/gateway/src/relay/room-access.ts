/**
 * Room access after a role rule changes (the `auth.putAccess` effect): every node forgets its cached answers
 * for the user and moves the user's tabs out of rooms they lost; the user's tabs hear `user_access_change` with
 * the rooms they may access now, re-read from the provider with the user's own token.
 *
 * Each node re-checks only the user's own sockets on it (their `user:<id>` room), all at once. A tab that moves
 * (enter_room) while its old room is being checked is not touched by that answer: the check is asked again for
 * the room it is in now (its move may have been let in on an answer cached before the change).
 *
 * Fail-open: when the provider fails the check (not a refusal: an error or no answer), the tab stays in its room,
 * though its access there may just have been taken away; a provider outage must not empty every room. The check
 * is asked again with back-off (`ROOM_CHECK_RETRY`, ~1 min in all) while the socket is connected
 * (retry-while-connected.ts). Past that the tab stays until what corrects it later: the user's next access change
 * (checked afresh) or the tab's next move (which leaves this room).
 */
import {
  AccessChangedSchema,
  SOCKET_ROOMS,
  type AccessibleRoom,
  type SocketData,
} from '@showfloor/contracts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';
import { ROOM_CHECK_RETRY, retryWhileConnected } from './retry-while-connected.ts';
import { moveCount } from './room-moves.ts';

/** The relay's room-access rechecks; listens for other nodes' changes from construction on. */
export class RoomAccess {
  constructor(private readonly ctx: RelayContext) {
    ctx.io.on('access_changed', (payload) => {
      const parsed = AccessChangedSchema.safeParse(payload);
      if (parsed.success) void this.#recheckLocal(parsed.data.user_id);
    });
  }

  /** Every node forgets and re-checks; the user's tabs hear which rooms they may access now. */
  async changed(userId: number): Promise<void> {
    const { io, metrics, logger } = this.ctx;
    if (this.ctx.adapterState() !== 'memory') io.serverSideEmit('access_changed', { user_id: userId });
    await this.#recheckLocal(userId);
    try {
      const sockets = await io.in(SOCKET_ROOMS.user(userId)).fetchSockets();
      const holder = sockets[0];
      if (!holder) return;
      const rooms = await this.#accessibleRooms(holder.data);
      io.to(SOCKET_ROOMS.user(userId)).emit('user_access_change', { accessibleRooms: rooms });
      metrics.deliveries.inc({ topic: 'user_access_change' });
    } catch (error) {
      logger.warn({ err: error, userId }, 'relay: could not tell a user their new room access');
    }
  }

  /** The rooms of the user's event the provider lets them load, read with their own token. */
  async #accessibleRooms(user: SocketData): Promise<AccessibleRoom[]> {
    const { provider, directory } = this.ctx;
    const answer = await provider.call(
      'content',
      'listRooms',
      { event_code: user.eventCode },
      { token: user.token },
    );
    const rooms = answer.event_rooms.flatMap((group) => group.rooms).filter((room) => room.active);
    const isAllowed = await Promise.all(
      rooms.map((room) => directory.canAccessRoom(user, room.id).catch(() => false)),
    );
    return rooms
      .filter((_, index) => isAllowed[index])
      .map((room) => ({ roomId: room.id, roomName: room.name }));
  }

  /** Forgets this node's cached access of the user and moves their tabs on this node out of rooms they lost. */
  async #recheckLocal(userId: number): Promise<void> {
    const { io, directory } = this.ctx;
    directory.forgetRoomAccess(userId);
    const nsp = io.of('/');
    const ids = nsp.adapter.rooms.get(SOCKET_ROOMS.user(userId)) ?? new Set<string>();
    const sockets = [...ids].flatMap((id) => nsp.sockets.get(id) ?? []);
    await Promise.all(sockets.map((socket) => this.#recheckSocket(socket, 0)));
  }

  /**
   * Checks the room the tab is in and moves it out if refused. An answer about a room the tab has left meanwhile
   * (it moved) is not acted on: its new room is checked instead. A failed check keeps the tab in (fail-open) and
   * is asked again later; `attempt` counts the failed checks before this one.
   */
  async #recheckSocket(socket: RelaySocket, attempt: number): Promise<void> {
    const { directory, logger } = this.ctx;
    const { data } = socket;
    for (;;) {
      const roomId = data.roomId;
      if (roomId === undefined || !socket.connected) return;
      const move = moveCount(socket);
      let isAllowed: boolean;
      try {
        isAllowed = await directory.canAccessRoom(data, roomId);
      } catch (error) {
        if (data.roomId !== roomId || moveCount(socket) !== move) continue;
        if (attempt === 0)
          logger.warn(
            { err: error, userId: data.userId, roomId },
            'relay: room access re-check failed; tab kept in',
          );
        const next = attempt + 1;
        const outcome = retryWhileConnected(socket, ROOM_CHECK_RETRY, next, () => {
          void this.#recheckSocket(socket, next);
        });
        if (outcome === 'exhausted')
          logger.warn(
            { userId: data.userId, roomId },
            'relay: gave up re-checking room access; tab kept in until its next move or access change',
          );
        return;
      }
      // The tab moved while the provider answered (each move is one of its own packets, so this ends).
      if (data.roomId !== roomId || moveCount(socket) !== move) continue;
      if (!isAllowed) {
        void socket.leave(SOCKET_ROOMS.room(data.eventCode, roomId));
        delete data.roomId;
      }
      return;
    }
  }
}
