/**
 * Shared check of the room-scoped pass-through topics (scene events, view_content, player events): the
 * payload's user is the sender and its room one they may access; then it goes to the room's other members.
 */
import { RELAY_ERRORS, SOCKET_ROOMS, type ServerToClientEvents } from '@showfloor/contracts';
import type { z } from 'zod';
import { defineTopic, okThen, refuse, type TopicHandler } from '../context.ts';

type RoomTopic = 'user_scene_events' | 'view_content' | 'user_player_events';

/** A handler that parses with `schema`, checks sender and room access, and passes the payload to the room. */
export function roomPassThrough<
  S extends z.ZodType<Parameters<ServerToClientEvents[T]>[0] & { user_id: number; room_id: number }>,
  T extends RoomTopic,
>(topic: T, schema: S, options: { isVolatile?: boolean } = {}): TopicHandler {
  return defineTopic<T, z.ZodType<{ user_id: number; room_id: number }>>({
    topic,
    schema,
    // The sender and the room (the tab's own or one the user may enter) were checked by defineTopic.
    handle: (ctx, socket, event) => {
      // Room 0 names no room: there is nobody to pass it to.
      if (event.room_id === 0) return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
      const room = SOCKET_ROOMS.room(socket.data.eventCode, event.room_id);
      return okThen(() => {
        const target = options.isVolatile ? socket.volatile.to(room) : socket.to(room);
        (target.emit as (name: string, value: unknown) => boolean)(topic, event);
        ctx.metrics.deliveries.inc({ topic });
      });
    },
  });
}
