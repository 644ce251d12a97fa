/**
 * `user_player_events`: a player update inside a room; passed to the room's other members. A `mute` (contracts'
 * PLAYER_EVENTS: an event-admin or admin mutes one participant or the whole room) is refused from anyone else,
 * its data must parse, and it is delivered reliably. So is a `microphone` report: it is a state the others keep
 * (the participant list) and nothing repeats it, so a dropped one would leave it wrong. Every other player event
 * (moves: frequent, each superseded by the next) is volatile: dropped for a member whose connection is busy.
 */
import {
  MicrophoneDataSchema,
  MuteDataSchema,
  PLAYER_EVENTS,
  PlayerEventSchema,
  RELAY_ERRORS,
  isManager,
} from '@showfloor/contracts';
import { refuse, refuseInvalidPayload, type TopicHandler } from '../context.ts';
import { roomPassThrough } from './room-scoped.ts';

// Player updates are frequent and superseded by the next one: dropped rather than buffered for slow clients.
const passVolatile = roomPassThrough('user_player_events', PlayerEventSchema, { isVolatile: true });
const passReliably = roomPassThrough('user_player_events', PlayerEventSchema);

/** Whether the payload is a player event of this name (its data not yet checked). */
const isEvent = (payload: unknown, name: string): payload is { event: string; data?: unknown } =>
  typeof payload === 'object' && payload !== null && (payload as { event?: unknown }).event === name;

export const handleUserPlayerEvents: TopicHandler = (ctx, socket, payload) => {
  if (isEvent(payload, PLAYER_EVENTS.MICROPHONE)) {
    if (!MicrophoneDataSchema.safeParse(payload.data).success)
      return refuseInvalidPayload('microphone: data');
    return passReliably(ctx, socket, payload);
  }
  if (!isEvent(payload, PLAYER_EVENTS.MUTE)) return passVolatile(ctx, socket, payload);
  if (!isManager(socket.data.roles)) return refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN);
  if (!MuteDataSchema.safeParse(payload.data).success) return refuseInvalidPayload('mute: data');
  return passReliably(ctx, socket, payload);
};
