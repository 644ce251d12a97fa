/**
 * Room access after a role rule changes (the `auth.putAccess` effect): every node forgets its cached answers
 * for the user and moves the user's tabs out of rooms they lost; the user's tabs hear `user_access_change` with
 * the rooms they may access now, re-read from the provider with the user's own token.
 *
 * Each node re-checks only the user's own sockets on it (their `user:<id>` room), all at once. A tab that moves
 * (enter_room) while its old room is being checked is not touched by that answer: the check is asked again for
 * the room it is in now (its move may have been let in on an answer cached before the change).
 *
 * The same list answers a tab's `access_catch_up` after a reconnect ({@link RoomAccess.read}): the change it
 * missed while its socket was down. A user's asks on this node while one read is under way share that read (a
 * mass reconnect costs the provider one list per user and node, not one per tab); an access change forgets it,
 * so an ask after the change reads afresh. That answer is all or nothing: a room the provider failed to check
 * (an error, not a refusal) fails the read (the tab keeps what it had), rather than leave out a room the user may
 * still access. (`user_access_change` itself still leaves such a room out of its list, as before.)
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

/** What RoomAccess uses of the relay's context (it is part of the context: `ctx.roomAccess`). */
export type RoomAccessContext = Omit<RelayContext, 'roomAccess'>;

/** The relay's room-access rechecks; listens for other nodes' changes from construction on. */
export class RoomAccess {
  /** The read under way per user (by id) on this node, shared by their asks; gone once it settles. */
  readonly #reading = new Map<number, Promise<AccessibleRoom[]>>();

  constructor(private readonly ctx: RoomAccessContext) {
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
      const rooms = await this.#accessibleRooms(holder.data, 'left-out');
      io.to(SOCKET_ROOMS.user(userId)).emit('user_access_change', { accessibleRooms: rooms });
      metrics.deliveries.inc({ topic: 'user_access_change' });
    } catch (error) {
      logger.warn({ err: error, userId }, 'relay: could not tell a user their new room access');
    }
  }

  /**
   * The rooms of the user's event they may access now (`user_access_change`'s list), for the socket's user: the
   * read under way for them on this node if there is one, else a new one. Rejects (a ProviderError) when the
   * provider failed the list or any room's check.
   */
  read(user: SocketData): Promise<AccessibleRoom[]> {
    const { userId } = user;
    const under = this.#reading.get(userId);
    if (under) return under;
    const reading = this.#accessibleRooms(user, 'fails').finally(() => {
      if (this.#reading.get(userId) === reading) this.#reading.delete(userId);
    });
    this.#reading.set(userId, reading);
    return reading;
  }

  /**
   * The rooms of the user's event the provider lets them load, read with their own token. A room whose check the
   * provider failed (an error, not a refusal) is left out of the list, or `fails` the whole read.
   */
  async #accessibleRooms(user: SocketData, failedCheck: 'left-out' | 'fails'): Promise<AccessibleRoom[]> {
    const { provider, directory } = this.ctx;
    const answer = await provider.call(
      'content',
      'listRooms',
      { event_code: user.eventCode },
      { token: user.token },
    );
    const rooms = answer.event_rooms.flatMap((group) => group.rooms).filter((room) => room.active);
    const isAllowed = await Promise.all(
      rooms.map((room) => {
        const check = directory.canAccessRoom(user, room.id);
        return failedCheck === 'fails' ? check : check.catch(() => false);
      }),
    );
    return rooms
      .filter((_, index) => isAllowed[index])
      .map((room) => ({ roomId: room.id, roomName: room.name }));
  }

  /** Forgets this node's cached access of the user and moves their tabs on this node out of rooms they lost. */
  async #recheckLocal(userId: number): Promise<void> {
    const { io, directory } = this.ctx;
    directory.forgetRoomAccess(userId);
    // A read under way may predate the change: asks from now on read afresh (its own askers get its answer).
    this.#reading.delete(userId);
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
