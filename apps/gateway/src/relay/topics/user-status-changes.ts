/**
 * `user_status_changes`: a user announces their own status (available, busy, offline); passed to everyone
 * in their event. The relay itself announces 'offline' when a user's last tab disconnects (presence.ts).
 */
import { RELAY_ERRORS, SOCKET_ROOMS, UserStatusChangeSchema } from '@showfloor/contracts';
import { okThen, refuse, type TopicHandler } from '../context.ts';
import { describeIssues } from '@showfloor/contracts';

export const handleUserStatusChanges: TopicHandler = (ctx, socket, payload) => {
  const parsed = UserStatusChangeSchema.safeParse(payload);
  if (!parsed.success) {
    return refuse(
      'payload_invalid',
      `${RELAY_ERRORS.PAYLOAD_INVALID}: ${describeIssues(parsed.error.issues)}`,
    );
  }
  const change = parsed.data;
  if (change.user_id !== socket.data.userId) return refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH);
  return okThen(() => {
    ctx.io.to(SOCKET_ROOMS.event(socket.data.eventCode)).emit('user_status_changes', change);
    ctx.metrics.deliveries.inc({ topic: 'user_status_changes' });
  });
};
