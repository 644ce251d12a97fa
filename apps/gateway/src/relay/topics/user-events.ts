/** `user_events`: a user-level event, passed to the other members of the sender's event. */
import { RELAY_ERRORS, SOCKET_ROOMS, UserEventSchema } from '@showfloor/contracts';
import { okThen, refuse, type TopicHandler } from '../context.ts';
import { describeIssues } from '@showfloor/contracts';

export const handleUserEvents: TopicHandler = (ctx, socket, payload) => {
  const parsed = UserEventSchema.safeParse(payload);
  if (!parsed.success) {
    return refuse(
      'payload_invalid',
      `${RELAY_ERRORS.PAYLOAD_INVALID}: ${describeIssues(parsed.error.issues)}`,
    );
  }
  const event = parsed.data;
  if (event.user_id !== socket.data.userId) return refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH);
  return okThen(() => {
    socket.to(SOCKET_ROOMS.event(socket.data.eventCode)).emit('user_events', event);
    ctx.metrics.deliveries.inc({ topic: 'user_events' });
  });
};
