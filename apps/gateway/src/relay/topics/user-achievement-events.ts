/**
 * `user_achievement_events`: an achievement a user earned with a content item, for their own event; passed to
 * the user's tabs (the achievement toast) and the room's other members.
 */
import { AchievementEventSchema, RELAY_ERRORS, SOCKET_ROOMS } from '@showfloor/contracts';
import { defineTopic, okThen, refuse } from '../context.ts';

// The catalogue has no call that records an achievement (passport badges are the provider's own), so it is
// passed on only.
export const handleUserAchievementEvents = defineTopic({
  schema: AchievementEventSchema,
  senderField: 'user_id',
  handle: (ctx, socket, achievement) => {
    const { data } = socket;
    if (achievement.event_code !== data.eventCode)
      return refuse('topic_foreign_event', RELAY_ERRORS.TOPIC_FOREIGN_EVENT);
    return okThen(() => {
      const audience = [SOCKET_ROOMS.user(data.userId)];
      if (achievement.room_id > 0 && achievement.room_id === data.roomId) {
        audience.push(SOCKET_ROOMS.room(data.eventCode, achievement.room_id));
      }
      ctx.io.to(audience).emit('user_achievement_events', achievement);
      ctx.metrics.deliveries.inc({ topic: 'user_achievement_events' });
    });
  },
});
