/**
 * One packet middleware per socket routes every client emit: rate limit, topic lookup (own chat topic, known
 * topic, server-only topic, or 'the socket topic is invalid'), handler, ack, then delivery. Nothing reaches
 * socket.io's own listeners, so an unknown event name can never slip past, and every emit that carries an ack
 * callback gets `{statusCode: 200}` or `{statusCode: 400, message}` while the connection stays usable.
 */
import {
  RELAY_ERRORS,
  RELAY_EVENTS,
  RELAY_SERVER_EVENTS,
  SERVER_EVENTS,
  TOPICS,
  chatTopic,
  isChatTopic,
} from '@showfloor/contracts';
import type { Event as PacketEvent } from 'socket.io';
import { ProviderError } from '../provider/errors.ts';
import type { Activity } from '../runtime/activity.ts';
import { refuse, type HandlerResult, type RelayContext, type TopicHandler } from './context.ts';
import type { RelaySocket } from './io.ts';
import { EmitLimiter, type EmitLimitOptions } from './rate-limit.ts';
import { handleAnnouncements } from './topics/announcements.ts';
import { handleCallAnswered } from './topics/call-answered.ts';
import { handleCatchUp } from './topics/catch-up.ts';
import { handleChat } from './topics/chat.ts';
import { handleSessionsTriggers } from './topics/sessions-triggers.ts';
import { handleUserAchievementEvents } from './topics/user-achievement-events.ts';
import { handleUserEvents } from './topics/user-events.ts';
import { handleUserPlayerEvents } from './topics/user-player-events.ts';
import { handleUserRoomEvents } from './topics/user-room-events.ts';
import { handleUserSceneEvents } from './topics/user-scene-events.ts';
import { handleUserStatusChanges } from './topics/user-status-changes.ts';
import { handleViewContent } from './topics/view-content.ts';

type AnyHandler = TopicHandler<{ statusCode: 200 }>;

/** Client topics and their handlers (the chat topic is matched separately). */
const HANDLERS: ReadonlyMap<string, AnyHandler> = new Map<string, AnyHandler>([
  [TOPICS.USER_EVENTS, handleUserEvents],
  [TOPICS.USER_SCENE_EVENTS, handleUserSceneEvents],
  [TOPICS.USER_ROOM_EVENTS, handleUserRoomEvents],
  [TOPICS.SESSIONS_TRIGGERS, handleSessionsTriggers],
  [TOPICS.USER_STATUS_CHANGES, handleUserStatusChanges],
  [TOPICS.ANNOUNCEMENTS, handleAnnouncements],
  [TOPICS.USER_PLAYER_EVENTS, handleUserPlayerEvents],
  [TOPICS.USER_ACHIEVEMENT_EVENTS, handleUserAchievementEvents],
  [TOPICS.VIEW_CONTENT, handleViewContent],
  [RELAY_EVENTS.CATCH_UP, handleCatchUp as AnyHandler],
  [RELAY_EVENTS.CALL_ANSWERED, handleCallAnswered],
]);

/** Names only the server emits: a client emitting them is told so. */
const SERVER_ONLY: ReadonlySet<string> = new Set([
  TOPICS.USER_ACCESS_CHANGE,
  ...Object.values(SERVER_EVENTS),
  ...Object.values(RELAY_SERVER_EVENTS),
]);

type Ack = (answer: unknown) => void;

/** Installs the dispatcher on a connected socket. */
export function installDispatcher(
  ctx: RelayContext,
  socket: RelaySocket,
  limits: EmitLimitOptions,
  /** Told of every packet, so idle-time work waits for a quiet node. */
  activity: Activity,
  /**
   * Settles once the handshake's room is joined (or refused). Packets wait for it, in order, so a catch-up
   * read never runs before the room's live messages reach the socket (they would vanish in between).
   */
  joined?: Promise<unknown>,
): void {
  const limiter = new EmitLimiter(limits);
  const { metrics } = ctx;
  // The socket's own chat topic: its event is the token's and never changes on this connection.
  const ownChatTopic = chatTopic(socket.data.eventCode);
  const open = (): void => {
    pending = undefined;
  };
  let pending: Promise<void> | undefined = joined?.then(open, open);
  socket.use((packet: PacketEvent, _next) => {
    activity.note();
    if (pending) void pending.then(() => dispatch(packet));
    else dispatch(packet);
  });

  const dispatch = (packet: PacketEvent): void => {
    const started = performance.now();
    const name = packet[0];
    const last = packet[packet.length - 1];
    const ack: Ack | undefined = typeof last === 'function' ? (last as Ack) : undefined;
    const payload: unknown = packet.length > (ack ? 2 : 1) ? packet[1] : undefined;

    let label: string;
    let handler: AnyHandler | undefined;
    let early: HandlerResult<never> | undefined;
    if (typeof name === 'string' && isChatTopic(name)) {
      label = 'chat';
      if (name === ownChatTopic) handler = handleChat as AnyHandler;
      else early = refuse('topic_foreign_event', RELAY_ERRORS.TOPIC_FOREIGN_EVENT);
    } else if (typeof name === 'string' && HANDLERS.has(name)) {
      label = name;
      handler = HANDLERS.get(name);
    } else if (typeof name === 'string' && SERVER_ONLY.has(name)) {
      label = name;
      early = refuse('topic_server_only', RELAY_ERRORS.TOPIC_SERVER_ONLY);
    } else {
      label = 'invalid';
      early = refuse('topic_invalid', RELAY_ERRORS.TOPIC_INVALID);
    }
    const series = metrics.forTopic(label);
    series.emits.inc();

    const verdict = limiter.take(started);
    if (verdict !== 'ok') {
      finish(refuse('rate_limited', RELAY_ERRORS.RATE_LIMITED));
      if (verdict === 'abusive') {
        metrics.disconnects.inc({ reason: 'abuse' });
        socket.disconnect(true);
      }
      return;
    }
    if (early || !handler) {
      finish(early ?? refuse('topic_invalid', RELAY_ERRORS.TOPIC_INVALID));
      return;
    }

    let result: HandlerResult<{ statusCode: 200 }> | Promise<HandlerResult<{ statusCode: 200 }>>;
    try {
      result = handler(ctx, socket, payload);
    } catch (error) {
      finish(failure(error));
      return;
    }
    if (result instanceof Promise) result.then(finish, (error: unknown) => finish(failure(error)));
    else finish(result);

    function finish(outcome: HandlerResult<{ statusCode: 200 }>): void {
      if (outcome.reason) metrics.rejections.inc({ reason: outcome.reason });
      ack?.(outcome.ack);
      series.ackLatency.observe((performance.now() - started) / 1000);
      const { deliver } = outcome;
      if (!deliver) return;
      const delivered = (): void => series.deliveryLatency.observe((performance.now() - started) / 1000);
      try {
        const pending = deliver();
        if (pending instanceof Promise) {
          pending.then(delivered, (error: unknown) =>
            ctx.logger.error({ err: error, topic: label }, 'relay delivery failed'),
          );
        } else {
          delivered();
        }
      } catch (error) {
        ctx.logger.error({ err: error, topic: label }, 'relay delivery failed');
      }
    }

    function failure(error: unknown): HandlerResult<never> {
      if (error instanceof ProviderError) {
        // The provider could not be asked (down, slow): the client may retry; the text says so.
        return refuse('not_stored', error.message);
      }
      ctx.logger.error({ err: error, topic: label, userId: socket.data.userId }, 'relay handler failed');
      return refuse('internal', RELAY_ERRORS.INTERNAL);
    }
  };
}
