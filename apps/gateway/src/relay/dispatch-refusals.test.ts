/**
 * Every refusal the dispatcher makes itself (dispatch.ts), before any handler: an unknown or non-string event
 * name, a server-only topic, another event's chat topic, a fan-out topic over the user's limit or the size cap,
 * and a packet over the connection's emit rate (`refuseLimited`). Each is acked exactly once with its exact
 * `{statusCode: 400, message}`, counted once under its reason in `relay_rejections_total` (and under no other
 * reason), and its emit and ack latency counted under its topic's label. Then what the dispatcher makes of a
 * handler's failures: a handler's own `not_stored` refusal passed on as it is, and a handler that throws (at
 * once or in its promise) answered with the `internal` text, never its error, logged once; a `ProviderError` it
 * lets out answered as `provider_failed` with the provider's text after its own, whatever the topic (chat and
 * a catch-up too: their own refusals of the provider are their handlers' to make). The dispatcher runs
 * on a stand-in socket (the packet middleware is called as socket.io calls it) with the relay's real metrics on
 * a registry of its own, so the counts are exact; the rates are set so that nothing refills while the test runs.
 */
import { Registry } from 'prom-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RELAY_ERRORS, RELAY_EVENTS, TOPICS, chatTopic } from '@showfloor/contracts';
import { ProviderError } from '../provider/errors.ts';
import type { RelayContext, TopicHandler } from './context.ts';
import { installDispatcher } from './dispatch.ts';
import { FanoutLimits } from './fanout-limit.ts';
import type { RelaySocket } from './io.ts';
import { createRelayMetrics } from './metrics.ts';
import type * as CallAnsweredModule from './topics/call-answered.ts';

/** The handler of `call_answered` while a test sets one (a handler that fails); the real one otherwise. */
const standIn = vi.hoisted(() => ({ handle: undefined as TopicHandler | undefined }));
vi.mock('./topics/call-answered.ts', async (importOriginal) => {
  const real = await importOriginal<typeof CallAnsweredModule>();
  const handleCallAnswered: TopicHandler = (ctx, socket, payload) =>
    (standIn.handle ?? real.handleCallAnswered)(ctx, socket, payload);
  return { handleCallAnswered };
});

type Middleware = (packet: unknown[], next: (error?: Error) => void) => void;

/** Nothing refills while a test runs: one token a million seconds. */
const NO_REFILL = 1e-6;
const MAX_BYTES = 64;

/**
 * A dispatcher on a stand-in socket of user 61 of DEMO, with the relay's metrics on a registry of its own;
 * `parts` are the handlers' stand-in context (provider, directory). What is logged as an error is kept.
 */
function setup(burst = 100, parts: Record<string, unknown> = {}) {
  const registry = new Registry();
  const metrics = createRelayMetrics(registry);
  const errors: Array<{ fields: unknown; message: unknown }> = [];
  const ctx = {
    metrics,
    io: { of: () => ({ adapter: { rooms: new Map() } }) },
    logger: {
      error: (fields: unknown, message: unknown) => {
        errors.push({ fields, message });
      },
      warn: () => undefined,
      info: () => undefined,
    },
    ...parts,
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
  /**
   * Emits like `emit`, for a handler that answers later: every answer the ack was called with, once the first
   * came and the loop has turned once more (a second ack would come from the same chain of promises).
   */
  const request = async (name: unknown, payload: unknown = {}): Promise<unknown[]> => {
    const answers: unknown[] = [];
    await new Promise<void>((resolve) => {
      const ack = (answer: unknown): void => {
        answers.push(answer);
        resolve();
      };
      middleware!([name, payload, ack], () => {
        throw new Error('the dispatcher passed a packet on to socket.io');
      });
    });
    await new Promise((resolve) => setImmediate(resolve));
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
    request,
    errors,
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

describe("what the dispatcher makes of a handler's failures", () => {
  afterEach(() => {
    standIn.handle = undefined;
  });

  it("passes a handler's own not_stored refusal on as it is (chat, the provider down), counted under not_stored", async () => {
    const stores: unknown[] = [];
    const { request, rejections, emits, acked, errors } = setup(100, {
      directory: { areEventMembers: async () => true },
      provider: {
        callParsed: async (...call: unknown[]) => {
          stores.push(call);
          throw new ProviderError(503, { message: 'The provider is unavailable' }, 'unreachable');
        },
      },
    });
    const message = { type: 'text', action: 'message', message: 'hello', from: 61, to: [62] };
    expect(await request(chatTopic('DEMO'), message)).toEqual([
      refusal(`${RELAY_ERRORS.NOT_STORED}: The provider is unavailable`),
    ]);
    expect(stores).toHaveLength(1);
    expect(await rejections()).toEqual({ not_stored: 1 });
    expect(await emits()).toEqual({ chat: 1 });
    expect(await acked()).toEqual({ chat: 1 });
    // A refusal, not a failure: nothing is logged as the handler's.
    expect(errors).toEqual([]);
  });

  /** What a failing handler carries that no client may read: its message names a host and a password. */
  const SECRET = 'connect ECONNREFUSED redis://:hunter2@10.0.0.7:6379';
  const thrown = new Error(SECRET);
  const failures: Array<{ what: string; handle: TopicHandler; error: unknown }> = [
    {
      what: 'throws at once',
      handle: () => {
        throw thrown;
      },
      error: thrown,
    },
    {
      what: 'rejects its promise',
      handle: async () => {
        await Promise.resolve();
        throw thrown;
      },
      error: thrown,
    },
    {
      what: 'throws what is not an Error',
      handle: () => {
        throw SECRET;
      },
      error: SECRET,
    },
  ];

  for (const { what, handle, error } of failures) {
    it(`answers a handler that ${what} with the internal text alone, counted under internal and logged once`, async () => {
      standIn.handle = handle;
      const { request, rejections, emits, acked, errors } = setup();
      const answers = await request(RELAY_EVENTS.CALL_ANSWERED, { user_id: 61, conversation_id: 'conv-1' });
      // Exactly the text: neither the error's message nor its stack.
      expect(answers).toEqual([refusal(RELAY_ERRORS.INTERNAL)]);
      expect(await rejections()).toEqual({ internal: 1 });
      expect(await emits()).toEqual({ [RELAY_EVENTS.CALL_ANSWERED]: 1 });
      expect(await acked()).toEqual({ [RELAY_EVENTS.CALL_ANSWERED]: 1 });
      // The cause stays on the gateway, with the topic and the user.
      expect(errors).toEqual([
        {
          fields: { err: error, topic: RELAY_EVENTS.CALL_ANSWERED, userId: 61 },
          message: 'relay handler failed',
        },
      ]);
    });
  }

  /**
   * A ProviderError a handler lets out, by topic: always `provider_failed`. For chat and a catch-up it comes from
   * a check before their own provider call or, for chat, after the message was stored: "could not be stored" or
   * "could not be loaded" would not be true.
   */
  const timeout = (): ProviderError =>
    new ProviderError(504, { message: 'The provider did not answer in time' }, 'timeout');
  const escapes: Array<{
    what: string;
    name: string;
    label: string;
    payload: unknown;
    parts: Record<string, unknown>;
    reason: string;
    message: string;
  }> = [
    {
      what: 'a topic that stores nothing (call_answered)',
      name: RELAY_EVENTS.CALL_ANSWERED,
      label: RELAY_EVENTS.CALL_ANSWERED,
      payload: { user_id: 61, conversation_id: 'conv-1' },
      parts: {},
      reason: 'provider_failed',
      message: `${RELAY_ERRORS.PROVIDER_FAILED}: The provider did not answer in time`,
    },
    {
      what: "a catch-up (its room's access check)",
      name: RELAY_EVENTS.CATCH_UP,
      label: RELAY_EVENTS.CATCH_UP,
      payload: { conversation_id: 'room-3', after_seq: 0, limit: 50 },
      parts: {
        directory: {
          canAccessRoom: async () => {
            throw timeout();
          },
        },
      },
      reason: 'provider_failed',
      message: `${RELAY_ERRORS.PROVIDER_FAILED}: The provider did not answer in time`,
    },
    {
      what: "chat (its recipients' check, before the store)",
      name: chatTopic('DEMO'),
      label: 'chat',
      payload: { type: 'text', action: 'message', message: 'hello', from: 61, to: [62] },
      parts: {
        directory: {
          areEventMembers: async () => {
            throw timeout();
          },
        },
      },
      reason: 'provider_failed',
      message: `${RELAY_ERRORS.PROVIDER_FAILED}: The provider did not answer in time`,
    },
    {
      what: 'chat after the message was stored (its delivery)',
      name: chatTopic('DEMO'),
      label: 'chat',
      payload: { type: 'text', action: 'message', message: 'hello', from: 61, to: [62] },
      parts: {
        directory: { areEventMembers: async () => true },
        provider: {
          callParsed: async () => ({
            id: 'm-1',
            conversation: 'conv-1',
            type: 'text',
            action: 'message',
            message: 'hello',
            from: 61,
            to: [62],
          }),
        },
        delivered: {
          deliverOnce: async () => {
            throw timeout();
          },
        },
      },
      reason: 'provider_failed',
      message: `${RELAY_ERRORS.PROVIDER_FAILED}: The provider did not answer in time`,
    },
  ];

  for (const { what, name, label, payload, parts, reason, message } of escapes) {
    it(`answers a ProviderError let out by ${what} as ${reason} with the provider's text after its own, not as a failure`, async () => {
      standIn.handle = async () => {
        throw timeout();
      };
      const { request, rejections, emits, acked, errors } = setup(100, parts);
      expect(await request(name, payload)).toEqual([refusal(message)]);
      expect(await rejections()).toEqual({ [reason]: 1 });
      expect(await emits()).toEqual({ [label]: 1 });
      expect(await acked()).toEqual({ [label]: 1 });
      expect(errors).toEqual([]);
    });
  }
});
