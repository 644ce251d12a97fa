/**
 * What the gateway's parts share, built once per app in buildApp: config, logger, provider client, token
 * verifier, revocation list, metrics and the call events the relay listens to. Passed to the relay as-is.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env.ts';
import type { ProviderClient } from './provider/client.ts';
import type { TokenVerifier, VerifiedUser } from './auth/token-verifier.ts';
import type { RevocationList } from './auth/revocations.ts';
import type { GatewayMetrics } from './observability/metrics.ts';

/** A catalogue call that succeeded through the gateway's tRPC API. */
export interface CallSucceeded {
  /** Router key (auth, conversation, event, businesscard, agenda, content, user, database). */
  router: string;
  /** Catalogue call name, e.g. `signin`. */
  name: string;
  input: unknown;
  output: unknown;
  /** The verified caller; undefined for public calls. */
  user: VerifiedUser | undefined;
  requestId: string;
}

export type CallSucceededListener = (event: CallSucceeded) => void;

/**
 * Call successes, for the relay's server-originated events (logout, refresh, profile_picture_change,
 * user_access_change, user_recruiting_status). A listener that throws is logged and never fails the call.
 */
export class GatewayEvents {
  readonly #listeners = new Set<CallSucceededListener>();

  constructor(private readonly logger: FastifyBaseLogger) {}

  /** Calls `listener` after every successful procedure; returns the unsubscribe function. */
  onCallSucceeded(listener: CallSucceededListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emitCallSucceeded(event: CallSucceeded): void {
    for (const listener of this.#listeners) {
      try {
        listener(event);
      } catch (error) {
        this.logger.error({ err: error, call: `${event.router}.${event.name}` }, 'call listener failed');
      }
    }
  }
}

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
}
