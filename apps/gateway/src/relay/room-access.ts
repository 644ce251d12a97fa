/**
 * Room access after a role rule changes (the `auth.putAccess` effect): every node forgets its cached answers
 * for the user and moves the user's tabs out of rooms they lost; the user's tabs hear `user_access_change` with
 * the rooms they may access now, re-read from the provider with the user's own token.
 */
import {
  AccessChangedSchema,
  SOCKET_ROOMS,
  type AccessibleRoom,
  type SocketData,
} from '@showfloor/contracts';
import type { RelayContext } from './context.ts';

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

  /** Forgets this node's cached access of the user and moves their tabs out of rooms they lost. */
  async #recheckLocal(userId: number): Promise<void> {
    const { io, directory } = this.ctx;
    directory.forgetRoomAccess(userId);
    for (const socket of io.of('/').sockets.values()) {
      const { data } = socket;
      if (data.userId !== userId || data.roomId === undefined) continue;
      const roomId = data.roomId;
      const isAllowed = await directory.canAccessRoom(data, roomId).catch(() => true);
      if (!isAllowed) {
        void socket.leave(SOCKET_ROOMS.room(data.eventCode, roomId));
        delete data.roomId;
      }
    }
  }
}
