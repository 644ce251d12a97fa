/**
 * What the gateway's parts share, built once per app in buildApp: config, logger, provider client, token
 * verifier, revocation list, metrics, the call events the relay listens to (calls/call-events.ts) and the
 * traffic count (runtime/activity.ts). Passed to the relay as-is.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env.ts';
import type { ProviderClient } from './provider/client.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { RevocationList } from './auth/revocations.ts';
import type { GatewayMetrics } from './observability/metrics.ts';
import type { GatewayEvents } from './calls/call-events.ts';
import type { Activity } from './runtime/activity.ts';

/** A readiness check; `degraded` means "serving, but with reduced function" (e.g. Redis away). */
export type ReadinessCheck = () => Promise<{
  name: string;
  ok: boolean;
  degraded?: boolean;
  detail?: string;
}>;

/** The shared parts of one gateway instance (also what `attachRelay` receives). */
export interface GatewayDeps {
  env: Env;
  logger: FastifyBaseLogger;
  provider: ProviderClient;
  verifier: TokenVerifier;
  revocations: RevocationList;
  metrics: GatewayMetrics;
  events: GatewayEvents;
  /** Counts requests, connections and emits, for work that should wait for a quiet node (runtime/idle-gc.ts). */
  activity: Activity;
}
