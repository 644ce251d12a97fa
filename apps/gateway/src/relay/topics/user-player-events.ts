/** `user_player_events`: a player update inside a room; passed to the room's other members. */
import { PlayerEventSchema } from '@showfloor/contracts';
import { roomPassThrough } from './room-scoped.ts';

// Player updates are frequent and superseded by the next one: dropped rather than buffered for slow clients.
export const handleUserPlayerEvents = roomPassThrough('user_player_events', PlayerEventSchema, {
  isVolatile: true,
});
