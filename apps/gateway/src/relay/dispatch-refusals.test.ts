/**
 * Every refusal the dispatcher makes itself (dispatch.ts), before any handler: an unknown or non-string event
 * name, a server-only topic, another event's chat topic, a fan-out topic over the user's limit or the size cap,
 * and a packet over the connection's emit rate (`refuseLimited`). Each is acked exactly once with its exact
 * `{statusCode: 400, message}`, counted once under its reason in `relay_rejections_total` (and under no other
 * reason), and its emit and ack latency counted under its topic's label. The dispatcher runs on a stand-in
 * socket (the packet middleware is called as socket.io calls it) with the relay's real metrics on a registry
 * of its own, so the counts are exact; the rates are set so that nothing refills while the test runs.
 */
import { Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { RELAY_ERRORS, TOPICS } from '@showfloor/contracts';
import type { RelayContext } from './context.ts';
import { installDispatcher } from './dispatch.ts';
import { FanoutLimits } from './fanout-limit.ts';
import type { RelaySocket } from './io.ts';
import { createRelayMetrics } from './metrics.ts';

type Middleware = (packet: unknown[], next: (error?: Error) => void) => void;

/** Nothing refills while a test runs: one token a million seconds. */
const NO_REFILL = 1e-6;
const MAX_BYTES = 64;

/** A dispatcher on a stand-in socket of user 61 of DEMO, with the relay's metrics on a registry of its own. */
function setup(burst = 100) {
  const registry = new Registry();
  const metrics = createRelayMetrics(registry);
  const ctx = {
    metrics,
    io: { of: () => ({ adapter: { rooms: new Map() } }) },
    logger: { error: () => undefined, warn: () => undefined, info: () => undefined },
  } as unknown as RelayContext;
  let middleware: Middleware | undefined;
  let disconnects = 0;
  const socket = {
    data: { userId: 61, eventCode: 'DEMO', roomId: 3 },
    use: (fn: Middleware) => {
      middleware = fn;
    },
    disconnect: () => {
      disconnects += 1;
    },
  };
  const fanout = new FanoutLimits({
    event: { perSecond: NO_REFILL, burst: 1 },
    room: { perSecond: NO_REFILL, burst: 1 },
    writes: { perSecond: NO_REFILL, burst: 1_000 },
    maxBytes: MAX_BYTES,
  });
  installDispatcher(
    ctx,
    socket as unknown as RelaySocket,
    { limits: { perSecond: NO_REFILL, burst }, fanout },
    { note: () => undefined } as never,
  );
  /** Emits `name` with `payload` and an ack; returns every answer the ack was called with. */
  const emit = (name: unknown, payload: unknown = {}): unknown[] => {
    const answers: unknown[] = [];
    middleware!([name, payload, (answer: unknown) => answers.push(answer)], () => {
      throw new Error('the dispatcher passed a packet on to socket.io');
    });
    return answers;
  };
  /** The values of a counter (or of a histogram's `_count`: `series`) by its one label. */
  const values = async (name: string, label: string, series = name): Promise<Record<string, number>> => {
    const metric = await registry.getSingleMetric(name)!.get();
    return Object.fromEntries(
      metric.values
        .filter((each) => ((each as { metricName?: string }).metricName ?? name) === series)
        .map((each) => [String(each.labels[label]), each.value]),
    );
  };
  return {
    emit,
    disconnects: () => disconnects,
    rejections: () => values('relay_rejections_total', 'reason'),
    emits: () => values('relay_emits_total', 'topic'),
    acked: () => values('relay_ack_latency_seconds', 'topic', 'relay_ack_latency_seconds_count'),
  };
}

const refusal = (message: string) => ({ statusCode: 400, message });

describe('the refusals of the dispatcher', () => {
  const cases: Array<{
    what: string;
    name: unknown;
    payload?: unknown;
    label: string;
    reason: string;
    message: string;
  }> = [
    {
      what: 'an unknown topic',
      name: 'no_such_topic',
      label: 'invalid',
      reason: 'topic_invalid',
      message: RELAY_ERRORS.TOPIC_INVALID,
    },
    {
      what: 'an event name that is not a string',
      name: 42,
      label: 'invalid',
      reason: 'topic_invalid',
      message: RELAY_ERRORS.TOPIC_INVALID,
    },
    {
      what: 'a server-only topic',
      name: TOPICS.USER_ACCESS_CHANGE,
      label: TOPICS.USER_ACCESS_CHANGE,
      reason: 'topic_server_only',
      message: RELAY_ERRORS.TOPIC_SERVER_ONLY,
    },
    {
      what: "another event's chat topic",
      name: 'chat_OTHER',
      label: 'chat',
      reason: 'topic_foreign_event',
      message: RELAY_ERRORS.TOPIC_FOREIGN_EVENT,
    },
    {
      what: 'a fan-out payload over the size cap',
      name: TOPICS.USER_SCENE_EVENTS,
      payload: { room_id: 3, pad: 'x'.repeat(MAX_BYTES) },
      label: TOPICS.USER_SCENE_EVENTS,
      reason: 'payload_too_large',
      message: `${RELAY_ERRORS.PAYLOAD_TOO_LARGE}: at most ${MAX_BYTES} bytes`,
    },
  ];

  for (const { what, name, payload, label, reason, message } of cases) {
    it(`answers ${what} once with its exact refusal, counted under '${reason}'`, async () => {
      const { emit, rejections, emits, acked } = setup();
      expect(emit(name, payload)).toEqual([refusal(message)]);
      expect(await rejections()).toEqual({ [reason]: 1 });
      expect(await emits()).toEqual({ [label]: 1 });
      expect(await acked()).toEqual({ [label]: 1 });
    });
  }

  it("refuses a fan-out emit over the user's limit as user_rate_limited, with the rate-limit text", async () => {
    const { emit, rejections, emits, acked } = setup();
    const big = { room_id: 3, pad: 'x'.repeat(MAX_BYTES) };
    // The one token of the user's room fan-out is taken by an emit refused for its size (a refused emit still
    // takes its token); the next has none.
    expect(emit(TOPICS.USER_SCENE_EVENTS, big)).toEqual([
      refusal(`${RELAY_ERRORS.PAYLOAD_TOO_LARGE}: at most ${MAX_BYTES} bytes`),
    ]);
    expect(emit(TOPICS.USER_SCENE_EVENTS, { room_id: 3 })).toEqual([refusal(RELAY_ERRORS.RATE_LIMITED)]);
    expect(await rejections()).toEqual({ payload_too_large: 1, user_rate_limited: 1 });
    expect(await emits()).toEqual({ [TOPICS.USER_SCENE_EVENTS]: 2 });
    expect(await acked()).toEqual({ [TOPICS.USER_SCENE_EVENTS]: 2 });
  });

  it("refuses the packets over the connection's burst as rate_limited, each acked once, without cutting it", async () => {
    const { emit, rejections, emits, acked, disconnects } = setup(5);
    const answers = Array.from({ length: 8 }, () => emit('no_such_topic'));
    expect(answers).toEqual([
      ...Array.from({ length: 5 }, () => [refusal(RELAY_ERRORS.TOPIC_INVALID)]),
      ...Array.from({ length: 3 }, () => [refusal(RELAY_ERRORS.RATE_LIMITED)]),
    ]);
    expect(await rejections()).toEqual({ topic_invalid: 5, rate_limited: 3 });
    expect(await emits()).toEqual({ invalid: 8 });
    expect(await acked()).toEqual({ invalid: 8 });
    // Fewer refused in a row than the burst: not abusive.
    expect(disconnects()).toBe(0);
  });
});
