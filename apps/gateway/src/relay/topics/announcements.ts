/**
 * `announcements`: only an event-admin or admin; to listed user_ids, else room_id 0 (the whole event) or one
 * room of the sender's event. Listeners get type, message, title and duration.
 */
import { AnnouncementSendSchema, RELAY_ERRORS, SOCKET_ROOMS, type Announcement } from '@showfloor/contracts';
import { defineTopic, okThen, refuse } from '../context.ts';

export const handleAnnouncements = defineTopic({
  topic: 'announcements',
  schema: AnnouncementSendSchema,
  handle: async (ctx, socket, send) => {
    const { title, message, type, duration, room_id: roomId, user_ids: userIds } = send;
    const { eventCode } = socket.data;
    // Listed users must belong to the sender's event (user rooms span events).
    if (userIds.length > 0 && !(await ctx.directory.areEventMembers(socket.data, userIds))) {
      return refuse('recipient_not_in_event', RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
    }
    const announcement: Announcement = { title, message, type, duration };
    const audience =
      userIds.length > 0
        ? userIds.map((id) => SOCKET_ROOMS.user(id))
        : roomId === null || roomId === 0
          ? [SOCKET_ROOMS.event(eventCode)]
          : [SOCKET_ROOMS.room(eventCode, roomId)];
    return okThen(() => {
      ctx.io.to(audience).emit('announcements', announcement);
      ctx.metrics.deliveries.inc({ topic: 'announcements' });
    });
  },
});
