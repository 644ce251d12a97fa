/**
 * The kit of a topic handler: what every handler gets (the server, the provider client, the directory of
 * cached authorisations, once-only delivery, widget tokens, metrics and settings) and the helpers it answers
 * with. A handler parses (`parsePayload`), authorises, acts and answers a HandlerResult (`refuse`, `OK`,
 * `okThen`); the dispatcher acks it and then runs its delivery.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import {
  RELAY_ERRORS,
  TOPIC_ACCESS,
  ackError,
  describeIssues,
  isManager,
  type TopicRule,
  type AckError,
  type AckOk,
  type SocketData,
} from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';
import type { AnnouncementLog } from './announcement-log.ts';
import type { RefreshLog } from './refresh-log.ts';
import type { CallTokenIssuer } from './call-tokens.ts';
import type { DeliveredMessages } from './delivered.ts';
import type { Directory } from './directory.ts';
import type { MicrophoneStates } from './microphones.ts';
import type { RoomAccess } from './room-access.ts';
import type { StatusFanout } from './status-fanout.ts';
import type { RelayServer, RelaySocket } from './io.ts';
import type { AdapterState, RejectReason, RelayMetrics } from './metrics.ts';

/** Shared parts of the relay. */
export interface RelayContext {
  io: RelayServer;
  provider: ProviderClient;
  directory: Directory;
  delivered: DeliveredMessages;
  callTokens: CallTokenIssuer;
  /** Status changes: at once to the user's tabs and room, batched to the event (status-fanout.ts). */
  status: StatusFanout;
  /** The latest microphone state per user per room, told to a tab joining the room (microphones.ts). */
  microphones: MicrophoneStates;
  /** The announcements sent, kept while shown, for tabs that reconnect (announcement-log.ts). */
  announcements: AnnouncementLog;
  /** Room access after a rule change, and the rooms a user may access now for `access_catch_up` (room-access.ts). */
  roomAccess: RoomAccess;
  /** The refreshes sent, kept a short while after due, for tabs that reconnect (refresh-log.ts). */
  refreshes: RefreshLog;
  metrics: RelayMetrics;
  logger: FastifyBaseLogger;
  /** 'memory' on a single node; else whether Redis currently carries cross-node traffic. */
  adapterState: () => AdapterState;
}

/** A handler's answer: the ack, why it was refused (for metrics), and what to do once acked. */
export interface HandlerResult<A extends { statusCode: 200 } = AckOk> {
  ack: A | AckError;
  reason?: RejectReason;
  /** Runs after the ack was sent (deliveries); its time is the delivery latency. */
  deliver?: () => void | Promise<void>;
}

/** A topic handler: `payload` is whatever the client sent, parsed inside. */
export type TopicHandler<A extends { statusCode: 200 } = AckOk> = (
  ctx: RelayContext,
  socket: RelaySocket,
  payload: unknown,
) => HandlerResult<A> | Promise<HandlerResult<A>>;

/** A 400 result: `message` is the client's ack text, `reason` the metric label of the refusal. */
export function refuse(reason: RejectReason, message: string): HandlerResult<never> {
  return { ack: ackError(message), reason };
}

/** The refusal of a malformed payload: 'The payload is invalid: <detail>'. */
export function refuseInvalidPayload(detail: string): HandlerResult<never> {
  return refuse('payload_invalid', `${RELAY_ERRORS.PAYLOAD_INVALID}: ${detail}`);
}

/** A payload after {@link parsePayload}: the parsed value, or the refusal the handler answers as it is. */
export type ParsedPayload<T> = { isValid: true; data: T } | { isValid: false; refusal: HandlerResult<never> };

/**
 * Parses what a client sent with the topic's contracts schema; a bad payload becomes the refusal 'The payload
 * is invalid: <issues>' (describeIssues). {@link defineTopic} calls it for every topic; a handler calls it
 * itself only when it must look at the raw payload first (chat's exact text for an over-long message):
 * `const parsed = parsePayload(XSchema, payload); if (!parsed.isValid) return parsed.refusal;`
 */
export function parsePayload<S extends z.ZodType>(schema: S, payload: unknown): ParsedPayload<z.output<S>> {
  const result = schema.safeParse(payload);
  return result.success
    ? { isValid: true, data: result.data }
    : { isValid: false, refusal: refuseInvalidPayload(describeIssues(result.error.issues)) };
}

/** A client topic with a rule in contracts' TOPIC_ACCESS (`chat` is the event's `chat_{event_code}`). */
export type RuledTopic = keyof typeof TOPIC_ACCESS;

/**
 * What a payload must carry for its topic's rule: the sender (`user_id`) for `sender`, also the room
 * (`room_id`) for `enterable-room`; nothing for `manager`, `conversation` and `self` (the handler reads its own
 * fields; `self` names nobody: the handler takes who asks from the socket).
 */
type RuleFields<T extends RuledTopic> = (typeof TOPIC_ACCESS)[T] extends 'sender'
  ? { user_id: number }
  : (typeof TOPIC_ACCESS)[T] extends 'enterable-room'
    ? { user_id: number; room_id: number }
    : unknown;

/** What a topic declares; {@link defineTopic} turns it into the handler the dispatcher calls. */
export interface TopicSpec<T extends RuledTopic, S extends z.ZodType, A extends { statusCode: 200 }> {
  /** The topic: its rule in contracts' TOPIC_ACCESS decides the checks run before `handle`. */
  topic: T;
  /** The payload's schema from `@showfloor/contracts` (realtime/); its output carries what the rule reads. */
  schema: S & z.ZodType<RuleFields<T>>;
  /** Acts on the parsed payload of an allowed sender: authorise what else depends on the payload, then answer. */
  handle: (
    ctx: RelayContext,
    socket: RelaySocket,
    payload: z.output<S>,
  ) => HandlerResult<A> | Promise<HandlerResult<A>>;
}

/**
 * A topic handler from its declaration. The topic's rule in contracts' TOPIC_ACCESS is enforced here, in one
 * place, in the order every topic checks: role (`manager`: admin or event-admin, before the payload is read),
 * payload (`schema`), sender (`sender`, `enterable-room`: the payload's `user_id` is the socket's user), room
 * (`enterable-room`: the payload's `room_id` is the tab's room or one the user may enter; 0 names none), then
 * `handle`.
 * `conversation` topics check their conversation in `handle`.
 */
export function defineTopic<T extends RuledTopic, S extends z.ZodType, A extends { statusCode: 200 } = AckOk>(
  spec: TopicSpec<T, S, A>,
): TopicHandler<A> {
  const { topic, schema, handle } = spec;
  const rule: TopicRule = TOPIC_ACCESS[topic];
  const isSenderRule = rule === 'sender' || rule === 'enterable-room';
  return (ctx, socket, payload) => {
    if (rule === 'manager' && !isManager(socket.data.roles)) {
      return refuse('role_forbidden', RELAY_ERRORS.ROLE_FORBIDDEN);
    }
    const parsed = parsePayload(schema, payload);
    if (!parsed.isValid) return parsed.refusal;
    const fields = parsed.data as { user_id?: unknown; room_id?: unknown };
    if (isSenderRule && fields.user_id !== socket.data.userId) {
      return refuse('sender_mismatch', RELAY_ERRORS.SENDER_MISMATCH);
    }
    // Room 0 names no room (an achievement earned outside one): nothing goes to a room, so there is none to check.
    if (rule !== 'enterable-room' || fields.room_id === socket.data.roomId || fields.room_id === 0) {
      return handle(ctx, socket, parsed.data);
    }
    const roomId = fields.room_id;
    return (async () => {
      if (typeof roomId !== 'number' || !(await ctx.directory.canAccessRoom(socket.data, roomId)))
        return refuse('room_forbidden', RELAY_ERRORS.ROOM_FORBIDDEN);
      return handle(ctx, socket, parsed.data);
    })();
  };
}

/** The plain 200 result. */
export const OK: HandlerResult = Object.freeze({ ack: Object.freeze({ statusCode: 200 as const }) });

/** A 200 result that delivers after the ack. */
export function okThen(deliver: () => void | Promise<void>): HandlerResult {
  return { ack: OK.ack, deliver };
}

/** The identity part of socket data, as handlers read it. */
export type Identity = Pick<SocketData, 'userId' | 'eventCode' | 'roles' | 'token'>;
