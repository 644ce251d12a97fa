/**
 * `user_achievement_events`: an achievement a user earned in a room of their own event. It is recorded at the
 * provider first (event.recordAchievement, with the user's own token: the badge that asks for the attribute
 * completes and its coins are credited, once), then passed to the user's tabs with the provider's result (their
 * passport changes from it, without a read) and to the room's other members without it. A record the provider
 * refuses (a room of another event) is refused with its message.
 */
import { AchievementEventSchema, RELAY_ERRORS, SOCKET_ROOMS } from '@showfloor/contracts';
import { defineTopic, okThen, refuse } from '../context.ts';

export const handleUserAchievementEvents = defineTopic({
  topic: 'user_achievement_events',
  schema: AchievementEventSchema,
  handle: async (ctx, socket, achievement) => {
    const { data } = socket;
    if (achievement.event_code !== data.eventCode)
      return refuse('topic_foreign_event', RELAY_ERRORS.TOPIC_FOREIGN_EVENT);
    const { achievement_attribute, room_id, content_id } = achievement;
    const result = await ctx.provider.call(
      'event',
      'recordAchievement',
      { achievement_attribute, room_id, ...(content_id === undefined ? {} : { content_id }) },
      { token: data.token },
    );
    return okThen(() => {
      const ownTabs = SOCKET_ROOMS.user(data.userId);
      ctx.io.to(ownTabs).emit('user_achievement_events', { ...achievement, result });
      if (achievement.room_id > 0 && achievement.room_id === data.roomId) {
        ctx.io
          .to(SOCKET_ROOMS.room(data.eventCode, achievement.room_id))
          .except(ownTabs)
          .emit('user_achievement_events', achievement);
      }
      ctx.metrics.deliveries.inc({ topic: 'user_achievement_events' });
    });
  },
});
