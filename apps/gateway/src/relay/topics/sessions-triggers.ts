/**
 * `sessions_triggers`: an event-admin or admin makes clients reload (`refresh` with delay and url): listed
 * users (of their event), one room, or the whole event. The refresh gets an id and is kept (refresh-log.ts) before
 * the ack, so a tab reconnecting after the ack carries it out too (`refreshes_catch_up`).
 */
import { randomUUID } from 'node:crypto';
import {
  RELAY_ERRORS,
  SOCKET_ROOMS,
  SessionsTriggerSchema,
  type RecoveredRefresh,
} from '@showfloor/contracts';
import { defineTopic, okThen, refuse } from '../context.ts';
import type { KeptAudience } from '../kept-log.ts';

export const handleSessionsTriggers = defineTopic({
  topic: 'sessions_triggers',
  schema: SessionsTriggerSchema,
  handle: async (ctx, socket, trigger) => {
    const { user_ids: userIds = [], room_id: roomId, refresh_delay: delay, url } = trigger;
    const { eventCode } = socket.data;
    if (userIds.length > 0 && !(await ctx.directory.areEventMembers(socket.data, userIds))) {
      return refuse('recipient_not_in_event', RELAY_ERRORS.RECIPIENT_NOT_IN_EVENT);
    }
    const refresh: RecoveredRefresh = {
      id: randomUUID(),
      ...(delay === undefined ? {} : { refresh_delay: delay }),
      ...(url === undefined ? {} : { url }),
    };
    const kept: KeptAudience =
      userIds.length > 0 ? { user_ids: userIds } : roomId ? { room_id: roomId } : { event: true };
    const audience =
      'user_ids' in kept
        ? kept.user_ids.map((id) => SOCKET_ROOMS.user(id))
        : 'room_id' in kept
          ? [SOCKET_ROOMS.room(eventCode, kept.room_id)]
          : [SOCKET_ROOMS.event(eventCode)];
    await ctx.refreshes.record(eventCode, refresh, kept);
    return okThen(() => {
      ctx.io.to(audience).emit('refresh', refresh);
      ctx.metrics.deliveries.inc({ topic: 'sessions_triggers' });
    });
  },
});
