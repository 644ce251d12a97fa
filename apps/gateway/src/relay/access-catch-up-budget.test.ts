/**
 * `access_catch_up`'s budget covers the wait for a read turn (room-access.ts `catchUp`): with the provider holding
 * the room lists of MAX_READS catch-ups, one more is answered ACCESS_UNAVAILABLE (the refusal of a provider outage,
 * which the tab understands: it keeps its list) once its ACCESS_CATCH_UP_BUDGET_MS is spent, not after a turn
 * frees; so is one whose list the provider holds past its budget. The relay's room access and the topic's handler
 * over the real provider client and the mock provider behind its gate; the test spends the budgets itself (injected
 * deadlines and clock: no waiting, no timing).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ACCESS_CATCH_UP_BUDGET_MS, RELAY_ERRORS, type SocketData } from '@showfloor/contracts';
import { ProviderClient } from '../provider/client.ts';
import type { RelayContext } from './context.ts';
import { Directory } from './directory.ts';
import type { RelaySocket } from './io.ts';
import { MAX_READS, RoomAccess, type RoomAccessContext } from './room-access.ts';
import { until } from './testing/clients.ts';
import { gatedProvider } from './testing/gated-provider.ts';
import { heldDeadlines } from './testing/held-deadlines.ts';
import { handleAccessCatchUp } from './topics/access-catch-up.ts';

const ROOMS = 'GET /api/v1/content/rooms';

const gated = gatedProvider();
let provider: ProviderClient;

beforeAll(async () => {
  const url = await gated.app.listen({ port: 0, host: '127.0.0.1' });
  provider = new ProviderClient({ baseUrl: url });
});

afterAll(async () => {
  await provider?.close();
  await gated.app.close();
});

describe('access_catch_up budget', () => {
  it(`answers ACCESS_UNAVAILABLE when the budget is spent waiting past ${MAX_READS} busy reads, or during a read`, async () => {
    // The asks' deadlines, each ended by the test (`spend[i]`), and the node's clock, moved by the test.
    const { deadlines, made, spend } = heldDeadlines();
    const clock = { now: 1_000_000_000 };
    const noop = (): void => undefined;
    const logger = pino({ level: 'silent' });
    const base = {
      io: {
        on: noop,
        serverSideEmit: noop,
        of: () => ({ adapter: { rooms: new Map() }, sockets: new Map() }),
        in: () => ({ fetchSockets: async () => [] }),
      },
      provider,
      directory: new Directory(provider),
      logger,
      metrics: { deliveries: { inc: noop } },
      adapterState: () => 'memory',
    } as unknown as RoomAccessContext;
    const roomAccess = new RoomAccess(base, {
      redis: () => undefined,
      prefix: 'budget-test',
      now: () => clock.now,
      deadlines,
    });
    const ctx = { ...base, roomAccess } as unknown as RelayContext;
    const tab = (userId: number) =>
      ({
        data: { userId, eventCode: 'DEMO', token: `token-${userId}`, roles: [] } as unknown as SocketData,
      }) as unknown as RelaySocket;

    const release = gated.hold(ROOMS);
    try {
      // MAX_READS users' catch-ups, each held at the provider's room list: every turn is busy.
      const busy = Array.from({ length: MAX_READS }, (_, index) =>
        handleAccessCatchUp(ctx, tab(index + 1), {}),
      );
      await until(() => gated.asked.get(ROOMS) === MAX_READS, 'the busy reads to reach the provider');
      const waiting = handleAccessCatchUp(ctx, tab(MAX_READS + 1), {});
      expect(made).toEqual([ACCESS_CATCH_UP_BUDGET_MS]);
      expect(spend).toHaveLength(MAX_READS + 1);
      // Its budget runs out while it waits for a turn: the provider outage's refusal, not a later answer.
      clock.now += ACCESS_CATCH_UP_BUDGET_MS;
      spend[MAX_READS]?.();
      expect((await waiting).ack).toEqual({ statusCode: 400, message: RELAY_ERRORS.ACCESS_UNAVAILABLE });
      expect(gated.asked.get(ROOMS)).toBe(MAX_READS);
      // One whose list the provider still holds: answered the same when its budget runs out during the read.
      spend[0]?.();
      expect((await busy[0])?.ack).toEqual({ statusCode: 400, message: RELAY_ERRORS.ACCESS_UNAVAILABLE });
      release();
      await Promise.all(busy);
    } finally {
      release();
    }
  });
});
