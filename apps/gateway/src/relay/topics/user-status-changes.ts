/**
 * `user_status_changes`: a user announces their own status (available, busy, offline); passed to everyone
 * in their event. The relay itself announces 'offline' when a user's last tab disconnects (presence.ts).
 */
import { SOCKET_ROOMS, UserStatusChangeSchema } from '@showfloor/contracts';
import { defineTopic, okThen } from '../context.ts';

export const handleUserStatusChanges = defineTopic({
  schema: UserStatusChangeSchema,
  senderField: 'user_id',
  handle: (ctx, socket, change) =>
    okThen(() => {
      ctx.io.to(SOCKET_ROOMS.event(socket.data.eventCode)).emit('user_status_changes', change);
      ctx.metrics.deliveries.inc({ topic: 'user_status_changes' });
    }),
});
