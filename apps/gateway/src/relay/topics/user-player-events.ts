/**
 * `user_player_events`: a player update inside a room; passed to the room's other members. A `mute` (contracts'
 * PLAYER_EVENTS: an event-admin or admin mutes one participant or the whole room) is refused from anyone else and
 * its data must parse; it is recorded as its targets' microphone state (muted, with a version set here:
 * microphones.ts `record`, or `muteAll` for the room in one call) and goes reliably to the whole room, the
 * moderator's tabs included (their participant list applies it): the muted tabs report nothing more, where each
 * used to report its microphone to the whole room (N² socket writes and N script calls for a mute-all in a room of
 * N). A `microphone` report is delivered reliably as well: it is a state the others keep (the participant list)
 * and nothing repeats it, so a dropped one would leave it wrong; it goes to the whole room, the sender's tab
 * included (its own row in the list), and is recorded for tabs that join the room later (microphones.ts). Every
 * other player event (moves: frequent, each superseded by the next) is volatile: dropped for a member whose
 * connection is busy.
 */
import {
  MicrophoneDataSchema,
  MuteDataSchema,
  PLAYER_EVENTS,
  type MicrophoneData,
  type MuteData,
  PlayerEventSchema,
  RELAY_ERRORS,
  SOCKET_ROOMS,
  isManager,
} from '@showfloor/contracts';
import { defineTopic, okThen, refuse, refuseInvalidPayload, type TopicHandler } from '../context.ts';
import { roomPassThrough } from './room-scoped.ts';

// Player updates are frequent and superseded by the next one: dropped rather than buffered for slow clients.
const passVolatile = roomPassThrough('user_player_events', PlayerEventSchema, { isVolatile: true });

/**
 * A microphone report (its data checked): given its version here (microphones.ts `stampFor`, above the `heard` the
 * tab sent, within its bound; a version the client sent is replaced, and `heard` or any other field of its data
 * is not passed on), recorded, then to everyone in the room, the sender included.
 */
const passMicrophone = defineTopic({
  topic: 'user_player_events',
  schema: PlayerEventSchema,
  handle: (ctx, socket, event) => {
    // Room 0 names no room: there is nobody to pass it to.
    if (event.room_id === 0) return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
    // Its data was checked against MicrophoneDataSchema before this handler was chosen.
    const { muted, heard } = event.data as MicrophoneData;
    const { eventCode } = socket.data;
    const state = {
      muted,
      version: ctx.microphones.stampFor(eventCode, event.room_id, event.user_id, heard),
    };
    ctx.microphones.record(eventCode, event.room_id, event.user_id, state);
    return okThen(() => {
      ctx.io
        .to(SOCKET_ROOMS.room(eventCode, event.room_id))
        .emit('user_player_events', { ...event, data: state });
      ctx.metrics.deliveries.inc({ topic: 'user_player_events' });
    });
  },
});

/**
 * A moderator's mute (role and data checked): recorded as its targets' muted microphone with a version set here
 * (one the client sent is replaced), then to everyone in the room, the moderator's tabs included. A mute of the
 * moderator themself mutes nobody (the web app ignores its own user's mute): nothing is recorded.
 */
const passMute = defineTopic({
  topic: 'user_player_events',
  schema: PlayerEventSchema,
  handle: (ctx, socket, event) => {
    if (event.room_id === 0) return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
    // Its data was checked against MuteDataSchema before this handler was chosen.
    const { target, by } = event.data as MuteData;
    const { eventCode } = socket.data;
    // A one-user mute goes above the state of that user this node holds or read (a report of theirs stamped above
    // a `heard`, say); a mute-all above every state of the room it holds or read (microphones.ts).
    const version =
      target === 'all'
        ? ctx.microphones.stampMuteAll(eventCode, event.room_id)
        : ctx.microphones.stampFor(eventCode, event.room_id, target);
    if (target === 'all') ctx.microphones.muteAll(eventCode, event.room_id, event.user_id, version);
    else if (target !== event.user_id)
      ctx.microphones.record(eventCode, event.room_id, target, { muted: true, version });
    return okThen(() => {
      ctx.io
        .to(SOCKET_ROOMS.room(eventCode, event.room_id))
        .emit('user_player_events', { ...event, data: { target, by, version } });
      ctx.metrics.deliveries.inc({ topic: 'user_player_events' });
    });
  },
});

/** Whether the payload is a player event of this name (its data not yet checked). */
const isEvent = (payload: unknown, name: string): payload is { event: string; data?: unknown } =>
  typeof payload === 'object' && payload !== null && (payload as { event?: unknown }).event === name;

export const handleUserPlayerEvents: TopicHandler = (ctx, socket, payload) => {
  if (isEvent(payload, PLAYER_EVENTS.MICROPHONE)) {
    if (!MicrophoneDataSchema.safeParse(payload.data).success)
      return refuseInvalidPayload('microphone: data');
    return passMicrophone(ctx, socket, payload);
  }
  if (!isEvent(payload, PLAYER_EVENTS.MUTE)) return passVolatile(ctx, socket, payload);
  if (!isManager(socket.data.roles)) return refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN);
  if (!MuteDataSchema.safeParse(payload.data).success) return refuseInvalidPayload('mute: data');
  return passMute(ctx, socket, payload);
};
