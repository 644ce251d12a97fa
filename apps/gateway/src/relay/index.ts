/**
 * Plug point of the socket.io relay (issue 5): buildApp calls `attachRelay(app, deps)` once the HTTP server
 * exists. This placeholder does nothing; the relay engineer replaces this file.
 */
import type { FastifyInstance } from 'fastify';
import type { GatewayDeps } from '../deps.ts';

/**
 * Attaches the relay to the gateway's server. `app.server` is the HTTP server; register close hooks with
 * `app.addHook('onClose', ...)`, readiness checks with `app.readinessChecks.push(...)`, metrics on
 * `deps.metrics.registry`; listen to `deps.events.onCallSucceeded` and `deps.revocations.onRevoke`.
 */
export async function attachRelay(_app: FastifyInstance, _deps: GatewayDeps): Promise<void> {}
