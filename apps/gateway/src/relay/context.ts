/**
 * What every topic handler gets: the server, the provider client, the directory of cached authorisations,
 * once-only delivery, widget tokens, metrics and settings. A handler parses, authorises, acts and answers a
 * HandlerResult; the dispatcher acks it and then runs its delivery.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ackError, type AckError, type AckOk, type SocketData } from '@showfloor/contracts';
import type { ProviderClient } from '../provider/client.ts';
import type { CallTokenIssuer } from './call-tokens.ts';
import type { DeliveredMessages } from './delivered.ts';
import type { Directory } from './directory.ts';
import type { RelayServer, RelaySocket } from './io.ts';
import type { AdapterState, RejectReason, RelayMetrics } from './metrics.ts';

/** Shared parts of the relay. */
export interface RelayContext {
  io: RelayServer;
  provider: ProviderClient;
  directory: Directory;
  delivered: DeliveredMessages;
  callTokens: CallTokenIssuer;
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

/** A 400 result. */
export function refuse(reason: RejectReason, message: string): HandlerResult<never> {
  return { ack: ackError(message), reason };
}

/** The plain 200 result. */
export const OK: HandlerResult = Object.freeze({ ack: Object.freeze({ statusCode: 200 as const }) });

/** A 200 result that delivers after the ack. */
export function okThen(deliver: () => void | Promise<void>): HandlerResult {
  return { ack: OK.ack, deliver };
}

/** The identity part of socket data, as handlers read it. */
export type Identity = Pick<SocketData, 'userId' | 'eventCode' | 'roles' | 'token'>;
