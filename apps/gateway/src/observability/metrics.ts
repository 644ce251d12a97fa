/**
 * Prometheus metrics of one gateway instance. Each app gets its own registry so several apps can live in one
 * process (tests, the bench); the relay registers its own metrics on the same registry.
 */
import { collectDefaultMetrics, Counter, Histogram, Registry } from 'prom-client';

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** The gateway's metric handles. */
export interface GatewayMetrics {
  registry: Registry;
  /** Every HTTP request, labelled by route (not raw URL, to keep cardinality bounded). */
  httpRequestDuration: Histogram<'method' | 'route' | 'status_code'>;
  /** Every tRPC procedure call, by procedure path and result code ('OK' or the tRPC error code). */
  procedureDuration: Histogram<'procedure' | 'code'>;
  /** Every provider call, by catalogue call (`service.name`) and HTTP status ('error' when none arrived). */
  providerCallDuration: Histogram<'call' | 'status'>;
  /** Errors answered to clients, by tRPC code and provider error_code ('' when none). */
  errors: Counter<'code' | 'error_code'>;
  /** Full collections run while the node was quiet (runtime/idle-gc.ts), by pause. */
  idleCollections: Histogram;
}

/** Creates a registry with process metrics and the gateway's histograms. */
export function createMetrics(): GatewayMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  return {
    registry,
    httpRequestDuration: new Histogram({
      name: 'gateway_http_request_duration_seconds',
      help: 'HTTP request latency by route',
      labelNames: ['method', 'route', 'status_code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    procedureDuration: new Histogram({
      name: 'gateway_trpc_procedure_duration_seconds',
      help: 'tRPC procedure latency by procedure and result code',
      labelNames: ['procedure', 'code'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    providerCallDuration: new Histogram({
      name: 'gateway_provider_call_duration_seconds',
      help: 'Provider call latency by catalogue call and HTTP status',
      labelNames: ['call', 'status'],
      buckets: LATENCY_BUCKETS,
      registers: [registry],
    }),
    errors: new Counter({
      name: 'gateway_errors_total',
      help: 'Errors answered to clients by tRPC code and provider error_code',
      labelNames: ['code', 'error_code'],
      registers: [registry],
    }),
    idleCollections: new Histogram({
      name: 'gateway_idle_gc_pause_seconds',
      help: 'Full garbage collections run while the node had no traffic, by pause',
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1],
      registers: [registry],
    }),
  };
}
