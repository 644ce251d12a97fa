/**
 * `announcements`: only an event-admin or admin; to listed user_ids, else room_id 0 (the whole event) or one
 * room of the sender's event. Listeners get id, sent_at, type, message, title and duration. Kept for as long as
 * it is shown (announcement-log.ts) before the ack, so a tab reconnecting after the ack can recover it
 * (`announcements_catch_up`).
 */
import { randomUUID } from 'node:crypto';
import { AnnouncementSendSchema, RELAY_ERRORS, SOCKET_ROOMS, type Announcement } from '@showfloor/contracts';
import type { AnnouncementAudience } from '../announcement-log.ts';
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
    const announcement: Announcement = {
      id: randomUUID(),
      sent_at: ctx.announcements.now(),
      title,
      message,
      type,
      duration,
    };
    const kept: AnnouncementAudience =
      userIds.length > 0
        ? { user_ids: userIds }
        : roomId === null || roomId === 0
          ? { event: true }
          : { room_id: roomId };
    const audience =
      'user_ids' in kept
        ? kept.user_ids.map((id) => SOCKET_ROOMS.user(id))
        : 'room_id' in kept
          ? [SOCKET_ROOMS.room(eventCode, kept.room_id)]
          : [SOCKET_ROOMS.event(eventCode)];
    await ctx.announcements.record(eventCode, announcement, kept);
    return okThen(() => {
      ctx.io.to(audience).emit('announcements', announcement);
      ctx.metrics.deliveries.inc({ topic: 'announcements' });
    });
  },
});
