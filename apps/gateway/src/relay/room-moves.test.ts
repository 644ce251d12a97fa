/**
 * Room moves that complete out of order. A tab's enter_room packets run side by side (the web client does not
 * wait for one ack before the next), so the provider can answer a later move before an earlier one: the tab must
 * end in the room its last enter_room named, never in the earlier one. The provider's answers are held back
 * here until the later move is acknowledged, so the order is certain. Also the handshake's room when its access
 * check fails at connect (the provider failing): asked again until it is joined, and the tab told to catch up.
 * And the re-check after an access change (room-access.ts): a tab that moved while its old room was checked stays
 * where it moved; a re-check the provider failed keeps the tab in and is asked again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  RECONNECT_SPREAD_MS,
  RELAY_ERRORS,
  SOCKET_ROOMS,
  type ResyncEvent,
  type UserRoomEvent,
} from '@showfloor/contracts';
import { callProcedure, startGateway, type RunningGateway } from '../../test/gateway.ts';
import { connectAs, settle, until, type TestClient } from './testing/clients.ts';
import { Directory } from './directory.ts';
import { ROOM_CHECK_RETRY } from './retry-while-connected.ts';
import type * as RetryModule from './retry-while-connected.ts';
import { gatedProvider } from './testing/gated-provider.ts';
import { relayEnv, signIn, type SignedIn } from './testing/stack.ts';

/**
 * The room-check retries whose back-off has run, by socket id, each with its task's end: the event that proves a
 * retry happened. The relay's own retryWhileConnected schedules them (real timers, real back-off); this only
 * records. `done` settles once the task has returned and, should it ever be async (a promise-returning task fits
 * its `() => void`), once that promise has settled: what the task asks of the directory is asked by then.
 */
const retriesRun = vi.hoisted(() => [] as Array<{ socketId: string; done: Promise<unknown> }>);
vi.mock('./retry-while-connected.ts', async (importOriginal) => {
  const actual = await importOriginal<typeof RetryModule>();
  const retryWhileConnected: typeof actual.retryWhileConnected = (socket, schedule, attempt, task) =>
    actual.retryWhileConnected(socket, schedule, attempt, () => {
      const ran: unknown = task();
      retriesRun.push({
        socketId: (socket as { id?: string }).id ?? '',
        done: Promise.resolve(ran).catch(() => undefined),
      });
    });
  return { ...actual, retryWhileConnected };
});

/** How many room-check retries of this client's socket have run. */
const retriesOf = (client: TestClient): number =>
  retriesRun.filter(({ socketId }) => socketId === client.socket.id).length;

/**
 * Waits until the room-check retries of this client's socket that have run are done, and every access check
 * asked since the `since`-th has been answered (and its answer acted on): nothing of those retries is to come.
 */
async function retriesSettled(client: TestClient, since: number): Promise<void> {
  await Promise.all(
    retriesRun.filter(({ socketId }) => socketId === client.socket.id).map(({ done }) => done),
  );
  await Promise.allSettled(accessAnswers.slice(since));
  // An answer's own handlers (the join, the resync) run in the turns after it settles.
  await new Promise<void>((resolve) => setImmediate(resolve));
}

/** Every room access check the relay asks (its directory's, cached or not): `userId:roomId`. */
const accessChecks = vi.hoisted(() => [] as string[]);
/** The answers to those checks, in the same order. */
const accessAnswers = vi.hoisted(() => [] as Array<Promise<unknown>>);

let gateway: RunningGateway;
let ada: SignedIn;
let grace: SignedIn;
let linus: SignedIn;
let root: SignedIn;
const clients: TestClient[] = [];

/**
 * The provider's answers: held back, failed (503, counted in `gated.failed`), refused (401, the provider's "no"
 * to a room) and counted by `METHOD path`.
 */
const gated = gatedProvider();
const { asked, failing, refusing, hold } = gated;

beforeAll(async () => {
  const canAccessRoom = Directory.prototype.canAccessRoom;
  vi.spyOn(Directory.prototype, 'canAccessRoom').mockImplementation(function (this: Directory, user, roomId) {
    accessChecks.push(`${user.userId}:${roomId}`);
    const answer = canAccessRoom.call(this, user, roomId);
    accessAnswers.push(answer);
    return answer;
  });
  const url = await gated.app.listen({ port: 0, host: '127.0.0.1' });
  // One request per provider connection: answers on one pipelined connection come back in the order asked, so
  // with pipelining the later move would wait behind the held one; across connections (as moves go when the
  // pool spreads them, or in different loop turns) nothing keeps the order.
  gateway = await startGateway(url, relayEnv(undefined, { PROVIDER_PIPELINING: '1' }));
  ada = await signIn(gateway.url, 'ada@demo.test');
  grace = await signIn(gateway.url, 'grace@demo.test');
  linus = await signIn(gateway.url, 'linus@demo.test');
  root = await signIn(gateway.url, 'root@demo.test');
}, 30_000);

afterEach(() => {
  failing.clear();
  refusing.clear();
  for (const client of clients.splice(0)) client.close();
});

afterAll(async () => {
  await gateway?.close();
  await gated.app.close();
});

async function tab(user: SignedIn, roomId?: number): Promise<TestClient> {
  const client = await connectAs(gateway.url, { token: user.token, userId: user.userId, roomId });
  clients.push(client);
  return client;
}

const entry = (user: SignedIn, roomId: number): UserRoomEvent => ({
  event: 'enter_room',
  user_id: user.userId,
  room_id: roomId,
  timestamp: Date.now(),
});

/** The gateway's socket of a client. */
function serverSocket(client: TestClient) {
  const socket = gateway.app.relay.io.of('/').sockets.get(client.socket.id ?? '');
  if (!socket) throw new Error('no such socket on the gateway');
  return socket;
}

/** The gateway's socket of a client: the room it shows, and its room names of the event. */
function serverSide(client: TestClient): { roomId: number | undefined; rooms: string[] } {
  const socket = serverSocket(client);
  return {
    roomId: socket.data.roomId,
    rooms: [...socket.rooms].filter((room) => room.startsWith('room:')).sort(),
  };
}

describe('room moves answered out of order', () => {
  it("keeps the tab in the later room when the earlier room's record is answered last", async () => {
    const [talkStage, expoHall] = [3, 4];
    const watcher = await tab(grace, talkStage);
    const adaTab = await tab(ada);
    const release = hold(`POST /api/v1/content/rooms/${talkStage}/entries`);
    const first = adaTab.request('user_room_events', entry(ada, talkStage));
    expect(await adaTab.request('user_room_events', entry(ada, expoHall))).toEqual({ statusCode: 200 });
    release();
    // The earlier move is recorded and acknowledged, and leaves the tab where the later one put it.
    expect(await first).toEqual({ statusCode: 200 });
    expect(serverSide(adaTab)).toEqual({
      roomId: expoHall,
      rooms: [SOCKET_ROOMS.room('DEMO', expoHall)],
    });
    await settle();
    // Not passed to the room the tab is not in.
    expect(watcher.events('user_room_events')).toEqual([]);
  });

  it("keeps the tab in the later room when the earlier room's access check is answered last", async () => {
    const [booth, meetingRoom] = [8, 9];
    const adaTab = await tab(ada);
    // Ada's access to the booth is not cached yet: the check asks the provider, which answers late.
    const release = hold(`GET /api/v1/content/rooms/${booth}`);
    const first = adaTab.request('user_room_events', entry(ada, booth));
    expect(await adaTab.request('user_room_events', entry(ada, meetingRoom))).toEqual({ statusCode: 200 });
    release();
    expect(await first).toEqual({ statusCode: 200 });
    expect(serverSide(adaTab)).toEqual({
      roomId: meetingRoom,
      rooms: [SOCKET_ROOMS.room('DEMO', meetingRoom)],
    });
  });
});

describe('the handshake room when its access check fails at connect', () => {
  it('asks again until it is joined, tells the tab to catch up, and the room reaches the tab', async () => {
    const expoHall = 4;
    failing.add(`GET /api/v1/content/rooms/${expoHall}`);
    gated.failed = 0;
    const graceTab = await tab(grace, expoHall);
    await until(() => gated.failed >= 1, "the failed room check of grace's handshake");
    expect(serverSide(graceTab).roomId).toBeUndefined();
    failing.clear();
    await until(() => serverSide(graceTab).roomId === expoHall, 'the handshake room joined after a retry');
    expect(serverSide(graceTab).rooms).toEqual([SOCKET_ROOMS.room('DEMO', expoHall)]);
    // Its catch-up after connecting may predate the join: it is told to catch up again.
    await until(() => graceTab.events('resync').length > 0, 'the resync of the late join');
    expect(graceTab.events<ResyncEvent>('resync')).toEqual([
      { reason: 'room_joined_late', spread_ms: RECONNECT_SPREAD_MS },
    ]);
    // The room's live events reach the tab.
    const adaTab = await tab(ada);
    expect(await adaTab.request('user_room_events', entry(ada, expoHall))).toEqual({ statusCode: 200 });
    await until(() => graceTab.events('user_room_events').length > 0, "ada's entry heard in the room");
    expect(graceTab.events('user_room_events')).toEqual(
      [entry(ada, expoHall)].map((e) => ({ ...e, timestamp: expect.any(Number) })),
    );
  });

  it('stands back once the tab has sent enter_room, even one that was refused', async () => {
    const [meetingRoom, vipLounge] = [9, 5];
    const check = `GET /api/v1/content/rooms/${meetingRoom}`;
    failing.add(check);
    gated.failed = 0;
    // The handshake's check is held until the tab's enter_room has reached the gateway, where it waits for that
    // first answer (installDispatcher): the move is dispatched as the check fails, before any retry is due.
    const release = hold(check);
    const checksBefore = accessChecks.length;
    const graceTab = await tab(grace, meetingRoom);
    let packets = 0;
    serverSocket(graceTab).conn.on('packet', (packet: { type: string }) => {
      if (packet.type === 'message') packets += 1;
    });
    // The tab moves on (here into a room she may not enter): the handshake's room is no longer hers to join.
    const moved = graceTab.request('user_room_events', entry(grace, vipLounge));
    await until(() => packets >= 1, "grace's enter_room at the gateway");
    release();
    expect(await moved).toEqual({ statusCode: 400, message: RELAY_ERRORS.ROOM_FORBIDDEN });
    expect(gated.failed).toBe(1);
    failing.clear();
    // The retry comes on its back-off (the first within ROOM_CHECK_RETRY.firstMs × 1.5 of the failure) and stands
    // back: the provider is not asked about the handshake's room again, the tab joins nothing, hears no resync.
    await until(() => retriesOf(graceTab) >= 1, 'the first retry of the handshake room check');
    // Counted once that retry is done (its task returned, any await of it over, any check it asked answered):
    // a check it asked late still counts, so the test cannot pass before the retry has had its say.
    await retriesSettled(graceTab, checksBefore);
    const checked = accessChecks
      .slice(checksBefore)
      .filter((key) => key === `${grace.userId}:${meetingRoom}`);
    expect(checked).toHaveLength(1);
    expect(serverSide(graceTab)).toEqual({ roomId: undefined, rooms: [] });
    expect(graceTab.events('resync')).toEqual([]);
  });
});

describe('the room re-check after an access change', () => {
  const VIP_LOUNGE = 5;
  /** A role rule for linus stored through the gateway: his tabs' rooms are checked again (room-access.ts). */
  async function changeAccess(): Promise<void> {
    const rule = {
      type: 'role' as const,
      role_id: 'presenter' as const,
      room_id: VIP_LOUNGE,
      user_id: linus.userId,
    };
    const stored = await callProcedure(
      gateway.url,
      'auth.putAccess',
      { type: 'role', rule },
      { token: root.token },
    );
    expect(stored.error, JSON.stringify(stored.error)).toBeUndefined();
  }

  it("leaves a tab that moved while its old room was checked where it moved, whatever the old room's answer", async () => {
    const [talkStage, expoHall] = [3, 4];
    const linusTab = await tab(linus);
    expect(await linusTab.request('user_room_events', entry(linus, talkStage))).toEqual({ statusCode: 200 });
    const oldRoom = `GET /api/v1/content/rooms/${talkStage}`;
    const askedBefore = asked.get(oldRoom) ?? 0;
    const release = hold(oldRoom);
    await changeAccess();
    await until(() => (asked.get(oldRoom) ?? 0) > askedBefore, 'the re-check of the talk stage asked');
    // The tab moves while the provider holds the answer about its old room.
    expect(await linusTab.request('user_room_events', entry(linus, expoHall))).toEqual({ statusCode: 200 });
    // Then the old room is refused: the answer is about a room the tab has left.
    refusing.add(oldRoom);
    release();
    await until(() => linusTab.events('user_access_change').length > 0, 'user_access_change');
    expect(serverSide(linusTab)).toEqual({ roomId: expoHall, rooms: [SOCKET_ROOMS.room('DEMO', expoHall)] });
  });

  it('keeps the tab in when the provider fails the check, asks again, and moves it out once refused', async () => {
    const expoHall = 4;
    const linusTab = await tab(linus);
    expect(await linusTab.request('user_room_events', entry(linus, expoHall))).toEqual({ statusCode: 200 });
    const room = `GET /api/v1/content/rooms/${expoHall}`;
    failing.add(room);
    gated.failed = 0;
    await changeAccess();
    await until(() => linusTab.events('user_access_change').length > 0, 'user_access_change');
    expect(gated.failed).toBeGreaterThanOrEqual(1);
    // Fail-open: a failing provider does not empty the room.
    expect(serverSide(linusTab).roomId).toBe(expoHall);
    // The retries while the provider failed kept the tab in too; from here on it refuses, so the first retry
    // the provider answers after this moves the tab out (on a busy host one may already have failed: the next
    // comes on the back-off, the wait is bounded by the first four of ROOM_CHECK_RETRY with their jitter).
    failing.delete(room);
    refusing.add(room);
    const askedBefore = asked.get(room) ?? 0;
    const { firstMs } = ROOM_CHECK_RETRY;
    await until(
      () => (asked.get(room) ?? 0) > askedBefore,
      'a retry of the re-check asked after the provider refuses',
      1.5 * (firstMs + 2 * firstMs + 4 * firstMs + 8 * firstMs) + 5_000,
    );
    await until(() => serverSide(linusTab).roomId === undefined, 'the tab moved out by the refused retry');
    expect(serverSide(linusTab).rooms).toEqual([]);
  });
});
