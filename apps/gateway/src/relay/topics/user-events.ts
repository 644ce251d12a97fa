/** `user_events`: a user-level event, passed to the other members of the sender's event. */
import { SOCKET_ROOMS, UserEventSchema } from '@showfloor/contracts';
import { defineTopic, okThen } from '../context.ts';

export const handleUserEvents = defineTopic({
  topic: 'user_events',
  schema: UserEventSchema,
  handle: (ctx, socket, event) =>
    okThen(() => {
      socket.to(SOCKET_ROOMS.event(socket.data.eventCode)).emit('user_events', event);
      ctx.metrics.deliveries.inc({ topic: 'user_events' });
    }),
});
