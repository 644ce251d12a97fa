/**
 * `user_events`: a user-level event, passed to the other members of the sender's event. It goes to every tab of
 * the event, so only an event-admin or admin sends it (contracts' TOPIC_ACCESS `manager`: the spec's client and
 * the web app never do); the payload's user is the sender. Each user's emits are also limited (fanout-limit.ts).
 */
import { RELAY_ERRORS, SOCKET_ROOMS, UserEventSchema } from '@showfloor/contracts';
import { defineTopic, okThen, refuse } from '../context.ts';

export const handleUserEvents = defineTopic({
  topic: 'user_events',
  schema: UserEventSchema,
  handle: (ctx, socket, event) => {
    // The `manager` rule checked the role, not the payload's user: that is checked here.
    if (event.user_id !== socket.data.userId) return refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH);
    return okThen(() => {
      socket.to(SOCKET_ROOMS.event(socket.data.eventCode)).emit('user_events', event);
      ctx.metrics.deliveries.inc({ topic: 'user_events' });
    });
  },
});
