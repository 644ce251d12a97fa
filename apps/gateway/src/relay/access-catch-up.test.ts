/**
 * `access_catch_up` (topics/access-catch-up.ts, room-access.ts `read`): a tab that reconnects asks which rooms
 * its user may access now, since a `user_access_change` sent while its socket was down never reached it. One
 * gateway node in front of the mock provider, whose answers the tests can hold back or fail (503).
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildProvider } from '@showfloor/mock-provider';
import { RELAY_ERRORS, RELAY_EVENTS, type AccessCatchUpAck } from '@showfloor/contracts';
import { callProcedure, startGateway, type RunningGateway } from '../../test/gateway.ts';
import { connectAs, until, type TestClient } from './testing/clients.ts';
import { RoomAccess } from './room-access.ts';
import { relayEnv, signIn, type SignedIn } from './testing/stack.ts';

const VIP_LOUNGE = 5;
const EXPO_HALL = 4;
const ROOMS = 'GET /api/v1/content/rooms';

let provider: FastifyInstance;
let gateway: RunningGateway;
let ada: SignedIn;
let grace: SignedIn;
let linus: SignedIn;
let root: SignedIn;
const clients: TestClient[] = [];

/** Provider requests held back: `METHOD path` → the promise they wait for. */
const held = new Map<string, Promise<void>>();
/** Provider requests answered 503 (`METHOD path`). */
const failing = new Set<string>();
/** How many times each `METHOD path` was asked of the provider. */
const asked = new Map<string, number>();

/** Holds the provider's answers to `METHOD path` until the returned release is called. */
function hold(request: string): () => void {
  let release = (): void => undefined;
  held.set(
    request,
    new Promise<void>((resolve) => {
      release = resolve;
    }),
  );
  return () => {
    held.delete(request);
    release();
  };
}

beforeAll(async () => {
  provider = buildProvider({ logger: false });
  provider.addHook('onRequest', async (request, reply) => {
    const key = `${request.method} ${request.url.split('?')[0] ?? ''}`;
    asked.set(key, (asked.get(key) ?? 0) + 1);
    const gate = held.get(key);
    if (gate) await gate;
    if (failing.has(key)) return reply.code(503).send({ message: 'unavailable' });
    return undefined;
  });
  const url = await provider.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(url, relayEnv(undefined));
  ada = await signIn(gateway.url, 'ada@demo.test');
  grace = await signIn(gateway.url, 'grace@demo.test');
  linus = await signIn(gateway.url, 'linus@demo.test');
  root = await signIn(gateway.url, 'root@demo.test');
}, 30_000);

afterEach(() => {
  failing.clear();
  vi.restoreAllMocks();
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await gateway?.close();
  await provider?.close();
});

async function tab(user: SignedIn): Promise<TestClient> {
  const client = await connectAs(gateway.url, { token: user.token, userId: user.userId });
  clients.push(client);
  return client;
}

const ask = (client: TestClient, payload: unknown = {}) =>
  client.request<AccessCatchUpAck>(RELAY_EVENTS.ACCESS_CATCH_UP, payload);

/** The room ids of a 200 ack (throws on a refusal). */
function roomIds(ack: AccessCatchUpAck): number[] {
  if (ack.statusCode !== 200) throw new Error(`refused: ${ack.message}`);
  return ack.accessibleRooms.map((room) => room.roomId).sort((a, b) => a - b);
}

describe('access_catch_up', () => {
  it('answers the rooms granted while the socket was away', async () => {
    const away = await tab(grace);
    expect(roomIds(await ask(away))).not.toContain(VIP_LOUNGE);
    away.close();

    // Granted through the gateway while grace's tab is away: it cannot hear the user_access_change.
    const stored = await callProcedure(
      gateway.url,
      'auth.putAccess',
      {
        type: 'role',
        rule: { type: 'role', role_id: 'presenter', room_id: VIP_LOUNGE, user_id: grace.userId },
      },
      { token: root.token },
    );
    expect(stored.error, JSON.stringify(stored.error)).toBeUndefined();

    const back = await tab(grace);
    const ack = await ask(back);
    expect(ack.statusCode === 200 && ack.accessibleRooms).toContainEqual({
      roomId: VIP_LOUNGE,
      roomName: 'VIP Lounge',
    });
    expect(roomIds(ack)).toContain(EXPO_HALL);
  });

  it("answers the socket's own user, whoever the payload names: another user's token cannot read theirs", async () => {
    const linusTab = await tab(linus);
    const adaTab = await tab(ada);
    // Linus is granted the VIP Lounge by the fixture, ada is not.
    expect(roomIds(await ask(linusTab))).toContain(VIP_LOUNGE);
    const adas = roomIds(await ask(adaTab, { user_id: linus.userId }));
    expect(adas).not.toContain(VIP_LOUNGE);
    expect(adas).toContain(EXPO_HALL);
    expect(roomIds(await ask(adaTab, { user_id: linus.userId, userId: linus.userId }))).toEqual(adas);
  });

  it('answers a clear 400 when the provider fails the list or any room, not a shorter list; then answers again', async () => {
    const graceTab = await tab(grace);
    failing.add(ROOMS);
    expect(await ask(graceTab)).toEqual({ statusCode: 400, message: RELAY_ERRORS.ACCESS_UNAVAILABLE });
    failing.clear();

    // One room's check failing (erin has asked nothing yet: none of her checks is cached, the VIP Lounge's is asked).
    const fresh = await signIn(gateway.url, 'erin@demo.test');
    const erinTab = await tab(fresh);
    failing.add(`${ROOMS}/${VIP_LOUNGE}`);
    expect(await ask(erinTab)).toEqual({ statusCode: 400, message: RELAY_ERRORS.ACCESS_UNAVAILABLE });
    failing.clear();
    expect(roomIds(await ask(erinTab))).toContain(VIP_LOUNGE);
    expect(roomIds(await ask(graceTab))).toContain(EXPO_HALL);
  });

  it("shares one read among a user's asks while it is under way", async () => {
    const read = vi.spyOn(RoomAccess.prototype, 'read');
    const [first, second] = [await tab(ada), await tab(ada)];
    const listsBefore = asked.get(ROOMS) ?? 0;
    const release = hold(ROOMS);
    const answers = [ask(first), ask(second)];
    // Both asks reached the relay while the first one's list is held at the provider.
    await until(() => read.mock.calls.length === 2, 'both asks to be read');
    await until(() => (asked.get(ROOMS) ?? 0) > listsBefore, 'the list to be asked');
    release();
    const [one, two] = await Promise.all(answers);
    const rooms = roomIds(one as AccessCatchUpAck);
    expect(rooms).toContain(EXPO_HALL);
    expect(two).toEqual(one);
    expect((asked.get(ROOMS) ?? 0) - listsBefore).toBe(1);

    // Once it settled, the next ask reads again.
    expect(roomIds(await ask(first))).toEqual(rooms);
    expect((asked.get(ROOMS) ?? 0) - listsBefore).toBe(2);
  });
});
