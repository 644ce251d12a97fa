/**
 * `sessions_triggers`: an event-admin or admin makes clients reload (`refresh` with delay and url): listed
 * users (of their event), one room, or the whole event.
 */
import { RELAY_ERRORS, SOCKET_ROOMS, SessionsTriggerSchema, type RefreshEvent } from '@showfloor/contracts';
import { defineTopic, okThen, refuse } from '../context.ts';

export const handleSessionsTriggers = defineTopic({
  topic: 'sessions_triggers',
  schema: SessionsTriggerSchema,
  handle: async (ctx, socket, trigger) => {
    const { user_ids: userIds = [], room_id: roomId, refresh_delay: delay, url } = trigger;
    const { eventCode } = socket.data;
    if (userIds.length > 0 && !(await ctx.directory.areEventMembers(socket.data, userIds))) {
      return refuse('recipient_not_in_event', RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
    }
    const refresh: RefreshEvent = {
      ...(delay === undefined ? {} : { refresh_delay: delay }),
      ...(url === undefined ? {} : { url }),
    };
    const audience =
      userIds.length > 0
        ? userIds.map((id) => SOCKET_ROOMS.user(id))
        : roomId
          ? [SOCKET_ROOMS.room(eventCode, roomId)]
          : [SOCKET_ROOMS.event(eventCode)];
    return okThen(() => {
      ctx.io.to(audience).emit('refresh', refresh);
      ctx.metrics.deliveries.inc({ topic: 'sessions_triggers' });
    });
  },
});
