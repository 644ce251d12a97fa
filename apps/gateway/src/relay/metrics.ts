/**
 * The relay's Prometheus metrics, registered on the gateway's registry: connected sockets, emits by topic,
 * 400s by reason, ack and delivery latency histograms, the Redis adapter's state and what the status fan-out holds.
 */
import { Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { hotCounter, hotHistogram } from '../observability/hot-series.ts';
import type { StatusHeld } from './status-fanout.ts';

/** Seconds; the relay's goals sit around 20–50 ms, so the buckets are dense there. */
const RELAY_LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.02, 0.03, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** Adapter states, as the `relay_adapter_state` gauge's `state` label. */
export const ADAPTER_STATES = ['memory', 'connected', 'degraded'] as const;
export type AdapterState = (typeof ADAPTER_STATES)[number];

/** What a node did with a broadcast its Redis subscriber heard (`relay_adapter_heard_total`'s `outcome`). */
export const ADAPTER_HEARD = ['own', 'not_here', 'decoded'] as const;
export type AdapterHeard = (typeof ADAPTER_HEARD)[number];

/** Why a client emit was refused (the `reason` label of `relay_rejections_total`). */
export type RejectReason =
  | 'topic_invalid'
  | 'topic_foreign_event'
  | 'topic_server_only'
  | 'payload_invalid'
  | 'text_too_long'
  | 'sender_mismatch'
  | 'recipient_not_in_event'
  | 'room_forbidden'
  | 'not_participant'
  | 'role_forbidden'
  | 'rate_limited'
  | 'user_rate_limited'
  | 'payload_too_large'
  | 'not_stored'
  | 'catch_up_failed'
  | 'access_unavailable'
  | 'provider_failed'
  | 'internal';

export interface RelayMetrics {
  connectedSockets: Gauge;
  connectionsRefused: Counter<'reason'>;
  emits: Counter<'topic'>;
  rejections: Counter<'reason'>;
  /** From the emit's arrival to its ack, by topic family. */
  ackLatency: Histogram<'topic'>;
  /** From the emit's arrival to the delivery broadcast leaving this node. */
  deliveryLatency: Histogram<'topic'>;
  /**
   * Broadcasts, one per message whatever its audience; `user_status_batch`: one per event and interval in which
   * its tabs here were written a batch, however many phase groups and chunks it took (status-fanout.ts).
   */
  deliveries: Counter<'topic'>;
  adapterState: Gauge<'state'>;
  /** Cross-node publishes dropped while Redis was away. */
  adapterDroppedPublishes: Counter;
  /**
   * Broadcasts this node's Redis subscriber heard, by what became of them: its own (dropped undecoded), for a
   * room or rooms it has no socket in (dropped undecoded), or decoded and passed to its sockets; and their bytes.
   */
  adapterHeard: Record<AdapterHeard, { inc(): void }>;
  adapterHeardBytes: { inc(bytes: number): void };
  /** `resync` requests sent to this node's sockets, by reason. */
  resyncs: Counter<'reason'>;
  disconnects: Counter<'reason'>;
  /** Session status requests the provider did not answer (handshake: let through; sweep: asked again next time). */
  sessionChecksFailed: Counter<'where'>;
  setAdapterState(state: AdapterState): void;
  /** Where `relay_status_held` reads what the status fan-out keeps, at each scrape (status-fanout.ts `held()`). */
  watchStatusFanout(read: () => StatusHeld): void;
  /**
   * The per-topic series of the hot path, resolved once per topic label: plain numbers added to the metrics
   * when they are read (`observability/hot-series.ts`: no labels object, label check or hash per emit).
   */
  forTopic(topic: string): TopicSeries;
}

/** One topic's hot-path series. */
export interface TopicSeries {
  emits: { inc(): void };
  ackLatency: { observe(seconds: number): void };
  deliveryLatency: { observe(seconds: number): void };
  deliveries: { inc(): void };
}

/**
 * Creates the relay metrics on `registry`. Topic labels are bounded: every chat topic counts as `chat`, and
 * unknown names as `invalid`.
 */
export function createRelayMetrics(registry: Registry): RelayMetrics {
  const registers = [registry];
  const adapterState = new Gauge({
    name: 'relay_adapter_state',
    help: 'Socket.io adapter state: 1 for the current state (memory, connected, degraded)',
    labelNames: ['state'],
    registers,
  });
  const emits = new Counter({
    name: 'relay_emits_total',
    help: 'Client emits received, by topic',
    labelNames: ['topic'],
    registers,
  });
  const ackLatency = new Histogram({
    name: 'relay_ack_latency_seconds',
    help: 'From a client emit arriving to its acknowledgement, by topic',
    labelNames: ['topic'],
    buckets: RELAY_LATENCY_BUCKETS,
    registers,
  });
  const deliveryLatency = new Histogram({
    name: 'relay_delivery_latency_seconds',
    help: 'From a client emit arriving to its delivery leaving this node, by topic',
    labelNames: ['topic'],
    buckets: RELAY_LATENCY_BUCKETS,
    registers,
  });
  const deliveries = new Counter({
    name: 'relay_deliveries_total',
    help: 'Deliveries broadcast (one per message, whatever the audience), by topic; user_status_batch: one per event and interval in which its tabs on this node were written a batch, however many phase groups and chunks',
    labelNames: ['topic'],
    registers,
  });
  const adapterHeard = new Counter({
    name: 'relay_adapter_heard_total',
    help: "Broadcasts this node's Redis subscriber heard, by outcome: own (dropped undecoded), not_here (rooms none of which has a socket here, dropped undecoded), decoded",
    labelNames: ['outcome'],
    registers,
  });
  let readStatusHeld: (() => StatusHeld) | undefined;
  new Gauge({
    name: 'relay_status_held',
    help: 'What the status fan-out keeps for the phased user_status_batch: events with a tab on this node (kind=events) and status changes not yet written to every phase group (kind=changes, at most one RELAY_STATUS_BATCH_MS of them per event)',
    labelNames: ['kind'],
    registers,
    collect() {
      const held = readStatusHeld?.();
      if (!held) return;
      this.set({ kind: 'events' }, held.events);
      this.set({ kind: 'changes' }, held.changes);
    },
  });
  // Topic labels are bounded (every chat topic is 'chat', unknown names 'invalid'), so this map stays small.
  const series = new Map<string, TopicSeries>();
  return {
    connectedSockets: new Gauge({
      name: 'relay_connected_sockets',
      help: 'Sockets connected to this node',
      registers,
    }),
    sessionChecksFailed: new Counter({
      name: 'relay_session_checks_failed_total',
      help: 'Session status requests the provider did not answer, by where they were asked',
      labelNames: ['where'],
      registers,
    }),
    connectionsRefused: new Counter({
      name: 'relay_connections_refused_total',
      help: 'Handshakes refused, by reason',
      labelNames: ['reason'],
      registers,
    }),
    emits,
    rejections: new Counter({
      name: 'relay_rejections_total',
      help: 'Client emits acknowledged with 400, by reason',
      labelNames: ['reason'],
      registers,
    }),
    ackLatency,
    deliveryLatency,
    deliveries,
    adapterState,
    adapterDroppedPublishes: new Counter({
      name: 'relay_adapter_dropped_publishes_total',
      help: 'Cross-node publishes skipped while Redis was unreachable (local delivery continued)',
      registers,
    }),
    adapterHeard: {
      own: adapterHeard.labels('own'),
      not_here: adapterHeard.labels('not_here'),
      decoded: adapterHeard.labels('decoded'),
    },
    adapterHeardBytes: new Counter({
      name: 'relay_adapter_heard_bytes_total',
      help: "Bytes of the broadcasts this node's Redis subscriber heard (messages, without Redis framing)",
      registers,
    }),
    resyncs: new Counter({
      name: 'relay_resyncs_total',
      help: 'Times this node asked its sockets to catch up because live fan-out may have dropped messages, by reason',
      labelNames: ['reason'],
      registers,
    }),
    disconnects: new Counter({
      name: 'relay_disconnects_total',
      help: 'Sockets closed, by reason',
      labelNames: ['reason'],
      registers,
    }),
    setAdapterState(state) {
      for (const candidate of ADAPTER_STATES)
        adapterState.set({ state: candidate }, candidate === state ? 1 : 0);
    },
    watchStatusFanout(read) {
      readStatusHeld = read;
    },
    forTopic(topic) {
      let found = series.get(topic);
      if (!found) {
        found = {
          emits: hotCounter(emits, { topic }),
          ackLatency: hotHistogram(ackLatency, { topic }),
          deliveryLatency: hotHistogram(deliveryLatency, { topic }),
          deliveries: hotCounter(deliveries, { topic }),
        };
        series.set(topic, found);
      }
      return found;
    },
  };
}
