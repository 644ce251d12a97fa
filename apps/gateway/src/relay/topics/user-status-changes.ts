/**
 * `user_status_changes`: a user announces their own status (available, busy, offline); passed at once to their
 * own tabs and the room the sending tab shows, and to the rest of their event in the next `user_status_batch`
 * (status-fanout.ts). The relay itself announces 'offline' when a user's last tab disconnects (presence.ts).
 * The payload's `room_id` is the client's word: the room is the one the relay joined the tab to.
 */
import { UserStatusChangeSchema } from '@showfloor/contracts';
import { defineTopic, okThen } from '../context.ts';

export const handleUserStatusChanges = defineTopic({
  topic: 'user_status_changes',
  schema: UserStatusChangeSchema,
  handle: (ctx, socket, change) =>
    okThen(() => {
      ctx.status.announce(socket.data.eventCode, change, { roomId: socket.data.roomId, toOwnTabs: true });
    }),
});
