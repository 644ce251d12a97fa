/**
 * `user_room_events` (enter_room): the tab moves into a room it may access. Every enter_room is recorded at the
 * provider (content.enterRoom, with the user's own token), so the provider knows who is where and how often each
 * user entered each room; it is passed to the room's members once per entry (a repeat while already in that
 * room is recorded and acknowledged, not passed again). The socket leaves its previous room, so room chat and
 * room events follow where the tab is; the tab then hears the room's microphone states (microphones.ts).
 *
 * Moves complete in any order (the client does not wait for one ack before the next enter_room, and the
 * provider's answers need not keep the order of the asks): each takes a number on dispatch (room-moves.ts), and
 * one that is no longer the socket's latest when its record is answered leaves the socket's rooms as they are.
 * It is still recorded at the provider and acknowledged `{statusCode: 200}` (the entry was recorded; the tab's
 * later enter_room decides where it is), and it is not passed to the room the tab is not in.
 */
import { RELAY_ERRORS, SOCKET_ROOMS, UserRoomEventSchema } from '@showfloor/contracts';
import { OK, defineTopic, okThen, refuse, type TopicHandler } from '../context.ts';
import { tellMicrophones } from '../microphones.ts';
import { isLatestMove, takeMove } from '../room-moves.ts';

/** The handler of one move, numbered `move` (defineTopic checks the sender and the room before `handle`). */
const enterRoom = (move: number): TopicHandler =>
  defineTopic({
    topic: 'user_room_events',
    schema: UserRoomEventSchema,
    handle: async (ctx, socket, entry) => {
      const { data } = socket;
      // defineTopic let a move into another room through only if the user may enter it; a repeat for the tab's
      // own room is checked again here (its access may have been taken away since it entered).
      if (data.roomId === entry.room_id && !(await ctx.directory.canAccessRoom(data, entry.room_id)))
        return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
      await ctx.provider.call('content', 'enterRoom', { id: entry.room_id }, { token: data.token });
      // A later enter_room of this tab was dispatched meanwhile: that one decides the tab's room.
      if (!isLatestMove(socket, move)) return OK;
      if (data.roomId === entry.room_id) return OK;
      if (data.roomId !== undefined) void socket.leave(SOCKET_ROOMS.room(data.eventCode, data.roomId));
      data.roomId = entry.room_id;
      const room = SOCKET_ROOMS.room(data.eventCode, entry.room_id);
      void socket.join(room);
      return okThen(() => {
        socket.to(room).emit('user_room_events', entry);
        ctx.metrics.deliveries.inc({ topic: 'user_room_events' });
        void tellMicrophones(ctx, socket, entry.room_id);
      });
    },
  });

/** The move's number is taken here, as the dispatcher hands the packet over, before any check is awaited. */
export const handleUserRoomEvents: TopicHandler = (ctx, socket, payload) =>
  enterRoom(takeMove(socket))(ctx, socket, payload);
