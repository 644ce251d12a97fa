/**
 * `access_catch_up` (topics/access-catch-up.ts, room-access.ts `catchUp`): a tab that reconnects asks which rooms
 * its user may access now, since a `user_access_change` sent while its socket was down never reached it. One
 * gateway node in front of the mock provider, whose answers the tests can hold back or fail (503). The node is
 * told it started a minute ago (the relay's `startedAt` option; the process's clock is left alone): one node answers
 * `unchanged` only for a time away it was up through (its map holds the changes since it started).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { RELAY_ERRORS, RELAY_EVENTS, type AccessCatchUpAck } from '@showfloor/contracts';
import { callProcedure, startGateway, type RunningGateway } from '../../test/gateway.ts';
import { connectAs, until, type TestClient } from './testing/clients.ts';
import { RoomAccess } from './room-access.ts';
import { gatedProvider } from './testing/gated-provider.ts';
import { relayEnv, signIn, type SignedIn } from './testing/stack.ts';

const VIP_LOUNGE = 5;
const EXPO_HALL = 4;
const ROOMS = 'GET /api/v1/content/rooms';
/** How long the node says it has been up. */
const UP_MS = 60_000;

let gateway: RunningGateway;
let ada: SignedIn;
let grace: SignedIn;
let linus: SignedIn;
let root: SignedIn;
const clients: TestClient[] = [];

/** The provider's answers: held back, failed (503) and counted by `METHOD path`. */
const gated = gatedProvider();
const { asked, failing, hold } = gated;

/** Every request about rooms asked of the provider so far: the list and each room's check. */
const roomCalls = (): number =>
  [...asked].reduce((sum, [key, count]) => (key.startsWith(ROOMS) ? sum + count : sum), 0);

/** Grants `user` the VIP Lounge through the gateway (the `auth.putAccess` effect: the relay hears the change). */
async function grantLounge(user: SignedIn): Promise<void> {
  const stored = await callProcedure(
    gateway.url,
    'auth.putAccess',
    { type: 'role', rule: { type: 'role', role_id: 'presenter', room_id: VIP_LOUNGE, user_id: user.userId } },
    { token: root.token },
  );
  expect(stored.error, JSON.stringify(stored.error)).toBeUndefined();
}

beforeAll(async () => {
  const url = await gated.app.listen({ port: 0, host: '127.0.0.1' });
  gateway = await startGateway(url, relayEnv(undefined), { relay: { startedAt: Date.now() - UP_MS } });
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
  await gated.app.close();
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
  if (!('accessibleRooms' in ack)) throw new Error('answered unchanged');
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
    // Away a minute at most: the change falls in it.
    const ack = await ask(back, { down_ms: 60_000 });
    expect(ack.statusCode === 200 && 'accessibleRooms' in ack && ack.accessibleRooms).toContainEqual({
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
    // Counts the asks: with no `down_ms` an ask joins or starts its read in the loop turn `catchUp` is called in.
    const catchUps = vi.spyOn(RoomAccess.prototype, 'catchUp');
    const [first, second] = [await tab(ada), await tab(ada)];
    const listsBefore = asked.get(ROOMS) ?? 0;
    const release = hold(ROOMS);
    const answers = [ask(first), ask(second)];
    // Both asks reached the relay while the first one's list is held at the provider.
    await until(() => catchUps.mock.calls.length === 2, 'both asks to be read');
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

  it('answers unchanged, asking the provider nothing, when the access did not change while the tab was away', async () => {
    const linusTab = await tab(linus);
    const before = roomCalls();
    expect(await ask(linusTab, { down_ms: 30_000 })).toEqual({ statusCode: 200, unchanged: true });
    expect(roomCalls()).toBe(before);
    // Without down_ms (an older tab) it cannot tell: it reads.
    expect(roomIds(await ask(linusTab))).toContain(VIP_LOUNGE);
    expect(roomCalls()).toBeGreaterThan(before);
  });

  it("reads when the user's access changed while the tab was away, and only for that user", async () => {
    const fresh = await signIn(gateway.url, 'erin@demo.test');
    const erinTab = await tab(fresh);
    const linusTab = await tab(linus);
    await grantLounge(fresh);
    // The change's own reads are done once erin's connected tab heard it.
    await until(() => erinTab.events('user_access_change').length === 1, 'the live user_access_change');
    const before = roomCalls();
    expect(await ask(linusTab, { down_ms: 10_000 })).toEqual({ statusCode: 200, unchanged: true });
    expect(roomCalls()).toBe(before);
    expect(roomIds(await ask(erinTab, { down_ms: 10_000 }))).toContain(VIP_LOUNGE);
    expect(roomCalls()).toBeGreaterThan(before);
  });

  it('does not share a read under way with an ask made after an access change: that ask reads afresh', async () => {
    // Counts the asks: with no `down_ms` an ask joins or starts its read in the loop turn `catchUp` is called in.
    const catchUps = vi.spyOn(RoomAccess.prototype, 'catchUp');
    const adaTab = await tab(ada);
    expect(roomIds(await ask(adaTab))).not.toContain(VIP_LOUNGE);
    const listsBefore = asked.get(ROOMS) ?? 0;
    const release = hold(ROOMS);
    const before = ask(adaTab);
    await until(() => (asked.get(ROOMS) ?? 0) === listsBefore + 1, 'the first list to be asked');
    await grantLounge(ada);
    // The change's own list (to tell ada's tab) is asked after it forgot the read under way.
    await until(() => (asked.get(ROOMS) ?? 0) === listsBefore + 2, "the change's list to be asked");
    const after = ask(adaTab);
    await until(() => catchUps.mock.calls.length === 3, 'the second ask to be read');
    release();
    await before;
    expect(roomIds(await after)).toContain(VIP_LOUNGE);
    // Its own list, not the one under way before the change.
    expect((asked.get(ROOMS) ?? 0) - listsBefore).toBe(3);
  });

  it('refuses a down_ms that is not a whole non-negative number', async () => {
    const adaTab = await tab(ada);
    const ack = await ask(adaTab, { down_ms: -1 });
    expect(ack.statusCode).toBe(400);
  });
});
