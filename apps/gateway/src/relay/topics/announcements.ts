/**
 * `announcements`: only an event-admin or admin; to listed user_ids, else room_id 0 (the whole event) or one
 * room of the sender's event. Listeners get type, message, title and duration.
 */
import {
  AnnouncementSendSchema,
  RELAY_ERRORS,
  SOCKET_ROOMS,
  isManager,
  type Announcement,
} from '@showfloor/contracts';
import { okThen, refuse, type TopicHandler } from '../context.ts';
import { describeIssues } from '@showfloor/contracts';

export const handleAnnouncements: TopicHandler = async (ctx, socket, payload) => {
  const { eventCode, roles } = socket.data;
  if (!isManager(roles)) return refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN);
  const parsed = AnnouncementSendSchema.safeParse(payload);
  if (!parsed.success) {
    return refuse(
      'payload_invalid',
      `${RELAY_ERRORS.PAYLOAD_INVALID}: ${describeIssues(parsed.error.issues)}`,
    );
  }
  const { title, message, type, duration, room_id: roomId, user_ids: userIds } = parsed.data;
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
};
