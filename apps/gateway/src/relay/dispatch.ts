/**
 * One packet middleware per socket routes every client emit: the connection's rate limit (taken on arrival,
 * before the packet may wait for the handshake's room join), topic lookup (own chat topic, known topic,
 * server-only topic, or 'the socket topic is invalid'), the user's limit and size cap of topics that fan out to
 * a room or the event (fanout-limit.ts), handler, ack, then delivery. Nothing reaches socket.io's own
 * listeners, so an unknown event name can never slip past, and every emit that carries an ack callback gets
 * `{statusCode: 200}` or `{statusCode: 400, message}` while the connection stays usable.
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
import { FANOUT_TOPICS, audienceSize, type FanoutLimits } from './fanout-limit.ts';
import type { TopicSeries } from './metrics.ts';
import { EmitLimiter, type EmitLimitOptions } from './rate-limit.ts';
import { handleAccessCatchUp } from './topics/access-catch-up.ts';
import { handleAnnouncements } from './topics/announcements.ts';
import { handleAnnouncementsCatchUp } from './topics/announcements-catch-up.ts';
import { handleCallAnswered } from './topics/call-answered.ts';
import { handleCatchUp } from './topics/catch-up.ts';
import { handleChat } from './topics/chat.ts';
import { handleRefreshesCatchUp } from './topics/refreshes-catch-up.ts';
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
  [RELAY_EVENTS.ANNOUNCEMENTS_CATCH_UP, handleAnnouncementsCatchUp as AnyHandler],
  [RELAY_EVENTS.ACCESS_CATCH_UP, handleAccessCatchUp as AnyHandler],
  [RELAY_EVENTS.REFRESHES_CATCH_UP, handleRefreshesCatchUp as AnyHandler],
]);

/** Names only the server emits: a client emitting them is told so. */
const SERVER_ONLY: ReadonlySet<string> = new Set([
  TOPICS.USER_ACCESS_CHANGE,
  ...Object.values(SERVER_EVENTS),
  ...Object.values(RELAY_SERVER_EVENTS),
]);

type Ack = (answer: unknown) => void;

type Outcome = HandlerResult<{ statusCode: 200 }>;

/** Refusals that read nothing of the packet, made once (nothing is allocated per packet to refuse it). */
const TOPIC_INVALID = refuse('topic_invalid', RELAY_ERRORS.TOPIC_INVALID);
const RATE_LIMITED = refuse('rate_limited', RELAY_ERRORS.RATE_LIMITED);
const USER_RATE_LIMITED = refuse('user_rate_limited', RELAY_ERRORS.RATE_LIMITED);

/**
 * How a client topic is answered: its metric label, and its handler or an early refusal. Every route has all
 * four fields (one object shape at the per-packet lookup).
 */
interface Route {
  label: string;
  handler: AnyHandler | undefined;
  early: HandlerResult<never> | undefined;
  /** A topic of {@link FANOUT_TOPICS}: the user's fan-out limits and size cap apply (looked up once, here). */
  fansOut: boolean;
}

const handled = (label: string, handler: AnyHandler): Route => ({
  label,
  handler,
  early: undefined,
  fansOut: FANOUT_TOPICS.has(label),
});
const refused = (label: string, early: HandlerResult<never>): Route => ({
  label,
  handler: undefined,
  early,
  fansOut: false,
});

/** The routes of the known names (one object each, made once: nothing is allocated per packet to route it). */
const ROUTES: ReadonlyMap<string, Route> = new Map<string, Route>([
  ...[...HANDLERS].map(([name, handler]): [string, Route] => [name, handled(name, handler)]),
  ...[...SERVER_ONLY].map((name): [string, Route] => [
    name,
    refused(name, refuse('topic_server_only', RELAY_ERRORS.TOPIC_SERVER_ONLY)),
  ]),
]);
const FOREIGN_CHAT = refused('chat', refuse('topic_foreign_event', RELAY_ERRORS.TOPIC_FOREIGN_EVENT));
const INVALID = refused('invalid', TOPIC_INVALID);
const OWN_CHAT = handled('chat', handleChat as AnyHandler);

/** The route of an event name on a socket whose own chat topic is `ownChatTopic`. */
function route(name: unknown, ownChatTopic: string): Route {
  if (typeof name !== 'string') return INVALID;
  if (isChatTopic(name)) return name === ownChatTopic ? OWN_CHAT : FOREIGN_CHAT;
  return ROUTES.get(name) ?? INVALID;
}

/** The limits a dispatcher holds packets to. */
export interface DispatchLimits {
  /** The connection's own emit rate (rate-limit.ts), taken when a packet arrives. */
  limits: EmitLimitOptions;
  /** The node's per-user limits of topics that fan out to a room or the event (fanout-limit.ts). */
  fanout: FanoutLimits;
}

/** Installs the dispatcher on a connected socket. */
export function installDispatcher(
  ctx: RelayContext,
  socket: RelaySocket,
  { limits, fanout }: DispatchLimits,
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
    // The connection's limit is taken as the packet arrives, also while packets wait for the join: a packet
    // over it is refused at once and never queued, so the queue holds at most the burst plus the rate.
    const arrived = performance.now();
    const verdict = limiter.take(arrived);
    if (verdict !== 'ok') {
      refuseLimited(packet, arrived, verdict);
      return;
    }
    if (pending) void pending.then(() => dispatch(packet, performance.now()));
    else dispatch(packet, arrived);
  });

  /** A packet over the connection's rate: refused as it arrives; an abusive one also ends the connection. */
  const refuseLimited = (packet: PacketEvent, started: number, verdict: 'limited' | 'abusive'): void => {
    const { label } = route(packet[0], ownChatTopic);
    const series = metrics.forTopic(label);
    series.emits.inc();
    const last = packet[packet.length - 1];
    settle(ctx, RATE_LIMITED, typeof last === 'function' ? (last as Ack) : undefined, series, label, started);
    if (verdict === 'abusive') {
      metrics.disconnects.inc({ reason: 'abuse' });
      socket.disconnect(true);
    }
  };

  // This node's socket rooms: a fanning-out emit pays its audience's size there (fanout-limit.ts).
  const localRooms = ctx.io.of('/').adapter.rooms;

  /** Runs a packet; `started` is when it was dispatched (its arrival, unless it waited for the join). */
  const dispatch = (packet: PacketEvent, started: number): void => {
    const name = packet[0];
    const last = packet[packet.length - 1];
    const ack: Ack | undefined = typeof last === 'function' ? (last as Ack) : undefined;
    const payload: unknown = packet.length > (ack ? 2 : 1) ? packet[1] : undefined;

    const { label, handler, early, fansOut } = route(name, ownChatTopic);
    const series = metrics.forTopic(label);
    series.emits.inc();

    if (early || !handler) {
      settle(ctx, early ?? TOPIC_INVALID, ack, series, label, started);
      return;
    }
    // Topics that fan out to a room or the whole event: the user's own limit (all their tabs on this node),
    // then the payload's size.
    const fanoutVerdict = fansOut
      ? fanout.check(
          socket.data.userId,
          label,
          payload,
          audienceSize(localRooms, label, socket.data, payload),
          started,
        )
      : 'ok';
    if (fanoutVerdict === 'limited') {
      settle(ctx, USER_RATE_LIMITED, ack, series, label, started);
      return;
    }
    if (fanoutVerdict === 'too_large') {
      const message = `${RELAY_ERRORS.PAYLOAD_TOO_LARGE}: at most ${fanout.options.maxBytes} bytes`;
      settle(ctx, refuse('payload_too_large', message), ack, series, label, started);
      return;
    }

    let result: Outcome | Promise<Outcome>;
    try {
      result = handler(ctx, socket, payload);
    } catch (error) {
      settle(ctx, failure(ctx, socket, error, label), ack, series, label, started);
      return;
    }
    if (result instanceof Promise) {
      result.then(
        (outcome) => settle(ctx, outcome, ack, series, label, started),
        (error: unknown) => settle(ctx, failure(ctx, socket, error, label), ack, series, label, started),
      );
    } else {
      settle(ctx, result, ack, series, label, started);
    }
  };
}

/**
 * Every packet ends here, refused or handled: the refusal's metric, the ack, its latency, then the delivery (its
 * time is the delivery latency). A module function, so neither a socket nor a packet makes a closure for it.
 */
function settle(
  ctx: RelayContext,
  outcome: Outcome,
  ack: Ack | undefined,
  series: TopicSeries,
  label: string,
  started: number,
): void {
  if (outcome.reason) ctx.metrics.rejections.inc({ reason: outcome.reason });
  ack?.(outcome.ack);
  series.ackLatency.observe((performance.now() - started) / 1000);
  const { deliver } = outcome;
  if (!deliver) return;
  try {
    const delivering = deliver();
    if (delivering instanceof Promise) {
      delivering.then(
        () => series.deliveryLatency.observe((performance.now() - started) / 1000),
        (error: unknown) => ctx.logger.error({ err: error, topic: label }, 'relay delivery failed'),
      );
    } else {
      series.deliveryLatency.observe((performance.now() - started) / 1000);
    }
  } catch (error) {
    ctx.logger.error({ err: error, topic: label }, 'relay delivery failed');
  }
}

/**
 * The refusal of a handler that threw or rejected. A {@link ProviderError} it let out is answered, whatever the
 * topic, as the provider failed (`provider_failed`, `PROVIDER_FAILED`, the provider's text after ': '): a handler
 * that expects one (chat's store, a catch-up's read) catches it and refuses in its own words, so one let out was
 * not expected where it came from (for chat, e.g. after the message was stored) and is never answered as if that
 * step had failed.
 */
function failure(ctx: RelayContext, socket: RelaySocket, error: unknown, label: string): Outcome {
  if (error instanceof ProviderError) {
    // The provider could not be asked (down, slow) or refused: the client may retry; the text says so.
    return refuse('provider_failed', `${RELAY_ERRORS.PROVIDER_FAILED}: ${error.message}`);
  }
  ctx.logger.error({ err: error, topic: label, userId: socket.data.userId }, 'relay handler failed');
  return refuse('internal', RELAY_ERRORS.INTERNAL);
}
