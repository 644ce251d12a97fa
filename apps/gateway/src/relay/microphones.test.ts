/**
 * Microphone states for late joiners, across two gateway nodes with the real mock provider and Redis: a room
 * reports its user's microphone on change and at its start only, so a tab joining the room afterwards hears the
 * states recorded there, whether it joins with enter_room or with the room in its handshake.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis as IORedis, type Redis } from 'ioredis';
import { pino } from 'pino';
import { Server } from 'socket.io';
import { RELAY_ERRORS, SOCKET_ROOMS } from '@showfloor/contracts';
import type { RelayContext } from './context.ts';
import type { RelaySocket } from './io.ts';
import { HEARD_AHEAD_MAX_US, MicrophoneStates, tellMicrophones } from './microphones.ts';
import { settle, until, type ConnectOptions, type TestClient } from './testing/clients.ts';
import { resolveTestRedis, startOwnRedis } from './testing/redis.ts';
import { startLobbyStack, type LobbyStack, type SignedIn } from './testing/stack.ts';

let lobbyStack: LobbyStack;
let node1: string;
let node2: string;
let grace: SignedIn;
let erin: SignedIn;
let linus: SignedIn;
let lobbyId: number;

const tab = (node: string, user: SignedIn, options?: Partial<ConnectOptions>) =>
  lobbyStack.tab(node, user, options);
const enterLobby = (client: TestClient, user: SignedIn) => lobbyStack.enterLobby(client, user);

async function reportMicrophone(client: TestClient, user: SignedIn, isMuted: boolean): Promise<void> {
  const report = {
    user_id: user.userId,
    room_id: lobbyId,
    event: 'microphone',
    data: { muted: isMuted },
    timestamp: Date.now(),
  };
  expect(await client.request('user_player_events', report)).toEqual({ statusCode: 200 });
}

/** The microphone states a tab heard, in order: [user id, muted]. */
function heard(client: TestClient): Array<[number, boolean]> {
  return client
    .events<{ event: string; user_id: number; data: { muted: boolean } }>('user_player_events')
    .filter((event) => event.event === 'microphone')
    .map((event) => [event.user_id, event.data.muted]);
}

/** The users whose reports a tab heard live (a report carries its timestamp; a state the relay tells does not). */
function heardLive(client: TestClient): number[] {
  return client
    .events<{ event: string; user_id: number; timestamp?: number }>('user_player_events')
    .filter((event) => event.event === 'microphone' && event.timestamp !== undefined)
    .map((event) => event.user_id);
}

beforeAll(async () => {
  lobbyStack = await startLobbyStack(process.env.REDIS_URL, [
    'grace@demo.test',
    'erin@demo.test',
    'linus@demo.test',
  ]);
  ({ node1, node2, lobbyId } = lobbyStack);
  [grace, erin, linus] = lobbyStack.users as [SignedIn, SignedIn, SignedIn];
}, 60_000);

afterEach(() => lobbyStack.closeTabs());

afterAll(() => lobbyStack?.close());

describe('microphone states for late joiners', () => {
  it('tells a tab entering a room on another node the latest state of each earlier reporter', async () => {
    const graceTab = await tab(node1, grace);
    const linusTab = await tab(node1, linus);
    await enterLobby(graceTab, grace);
    await enterLobby(linusTab, linus);
    await reportMicrophone(graceTab, grace, false);
    await reportMicrophone(graceTab, grace, true);
    await reportMicrophone(linusTab, linus, false);
    // The reporters hear their own reports too (their own row in the participant list).
    await until(() => heard(graceTab).length === 3, 'grace to hear the three reports');
    expect(heard(graceTab)).toEqual([
      [grace.userId, false],
      [grace.userId, true],
      [linus.userId, false],
    ]);

    // Erin comes later, on the other node: she hears each state once, the latest.
    const erinTab = await tab(node2, erin);
    await enterLobby(erinTab, erin);
    await until(() => heard(erinTab).length >= 2, 'erin to hear the room’s microphone states');
    await settle();
    expect(new Map(heard(erinTab))).toEqual(
      new Map([
        [grace.userId, true],
        [linus.userId, false],
      ]),
    );
    expect(heard(erinTab)).toHaveLength(2);
  });

  it('tells a tab joining with the room in its handshake, and not again on its enter_room', async () => {
    const graceTab = await tab(node1, grace);
    const linusTab = await tab(node2, linus);
    await enterLobby(graceTab, grace);
    await enterLobby(linusTab, linus);
    await reportMicrophone(graceTab, grace, true);
    // Erin joins once node2 has passed grace's report on (linus, there, heard it live): a report whose broadcast
    // reached node2 only after erin's join would reach her live as well as in what she is told — the same state
    // twice, by design (the relay leaves out only what a tab heard live before its tell).
    await until(() => heardLive(linusTab).includes(grace.userId), 'node2 to pass grace’s report on');

    const erinTab = await tab(node2, erin, { roomId: lobbyId });
    await until(
      () => heard(erinTab).some(([userId]) => userId === grace.userId),
      'erin to hear grace’s state',
    );
    expect(heard(erinTab)).toContainEqual([grace.userId, true]);
    // The page's enter_room for the room the handshake joined repeats nothing: each state is told once. (The
    // room's other states, from earlier tests, may arrive in later frames than grace's: counting users, not
    // events heard so far, keeps this independent of how the frames were cut.)
    await enterLobby(erinTab, erin);
    await settle();
    const told = heard(erinTab).map(([userId]) => userId);
    expect(told.filter((userId) => userId === grace.userId)).toHaveLength(1);
    expect(new Set(told).size).toBe(told.length);
  });
});

/**
 * A fake Redis whose read (the script reading a room's states and versions) answers when the test says (`answer`:
 * states without versions), as a read waiting behind others; a recording is written at once. It has no socket
 * (`stream`), so each call sends its script's text (EVAL), which tells the two apart.
 */
function slowRedis(): { redis: Redis; answer: (stored: Record<string, string>) => void } {
  const held: { answer: (stored: Record<string, string>) => void } = { answer: () => {} };
  const redis = {
    eval: (script: string) =>
      script.includes('HGETALL')
        ? new Promise<string[][]>(
            (resolve) => (held.answer = (stored) => resolve([Object.entries(stored).flat(), []])),
          )
        : Promise.resolve(0),
  } as unknown as Redis;
  return { redis, answer: (stored) => held.answer(stored) };
}

/**
 * A tab in room 1 of DEMO, as tellMicrophones sees its socket: what it was sent, in order (`told`), and its
 * outgoing listeners, which socket.io calls for the socket's own emits and for every broadcast the adapter
 * delivers to it, another node's included (socket.io-adapter's broadcast: notifyOutgoingListeners).
 */
function joinedTab(): { socket: RelaySocket; told: unknown[]; broadcast: (event: unknown) => void } {
  const told: unknown[] = [];
  let listeners: Array<(name: string, event: unknown) => void> = [];
  const send = (name: string, event: unknown): void => {
    for (const listener of listeners.slice()) listener(name, event);
    told.push(event);
  };
  const socket = {
    connected: true,
    data: { eventCode: 'DEMO', roomId: 1 },
    emit: send,
    onAnyOutgoing: (listener: (name: string, event: unknown) => void) => listeners.push(listener),
    offAnyOutgoing: (listener: (name: string, event: unknown) => void) =>
      (listeners = listeners.filter((other) => other !== listener)),
  } as unknown as RelaySocket;
  return { socket, told, broadcast: (event) => send('user_player_events', event) };
}

describe('microphone states told while reports come in', () => {
  it('leaves out a state another node’s report brought live while the room was being read', async () => {
    // Grace reports on another node; its broadcast reaches this node after the tab joined (Redis stalled
    // between), while the tab's read waits; the read answers from before her recording reached Redis.
    const { redis, answer } = slowRedis();
    const microphones = new MicrophoneStates(() => redis, 'test', pino({ level: 'silent' }));
    const { socket, told, broadcast } = joinedTab();
    const [graceId, linusId] = [2, 3];
    const live = { user_id: graceId, room_id: 1, event: 'microphone', data: { muted: false } };

    const telling = tellMicrophones({ microphones } as unknown as RelayContext, socket, 1);
    broadcast(live);
    answer({ [graceId]: '1', [linusId]: '0' });
    await telling;

    // The tab keeps her live state: only linus's is told after it.
    expect(told).toEqual([
      live,
      { user_id: linusId, room_id: 1, event: 'microphone', data: { muted: false } },
    ]);
  });

  it('tells a state the tab hears live once, when the read already holds it', async () => {
    // The same, with her recording in Redis before the read: her state is not told a second time.
    const { redis, answer } = slowRedis();
    const microphones = new MicrophoneStates(() => redis, 'test', pino({ level: 'silent' }));
    const { socket, told, broadcast } = joinedTab();
    const graceId = 2;
    const live = { user_id: graceId, room_id: 1, event: 'microphone', data: { muted: true } };

    const telling = tellMicrophones({ microphones } as unknown as RelayContext, socket, 1);
    broadcast(live);
    answer({ [graceId]: '1' });
    await telling;

    expect(told).toEqual([live]);
  });

  it('leaves out a state reported live on this node while the room was being read', async () => {
    // Redis as a node sees it when its read waits behind an earlier pipeline: the recording's MULTI passes it,
    // or the read was executed before the recording; either way the answer is from before the live report.
    const { redis, answer } = slowRedis();
    const microphones = new MicrophoneStates(() => redis, 'test', pino({ level: 'silent' }));
    const { socket, told } = joinedTab();
    const [graceId, linusId] = [2, 3];

    // The tab has joined room 1 and reads its states; grace unmutes meanwhile (the tab hears that live).
    const telling = tellMicrophones({ microphones } as unknown as RelayContext, socket, 1);
    microphones.record('DEMO', 1, graceId, { muted: false, version: microphones.stamp() });
    answer({ [graceId]: '1', [linusId]: '0' });
    await telling;

    // Her muted state from before would overwrite the live report: only linus's is told.
    expect(told).toEqual([{ user_id: linusId, room_id: 1, event: 'microphone', data: { muted: false } }]);
  });
});

describe('a read after a stall of the node’s own loop', () => {
  it('answers from Redis when its answer came during the stall, not from this node’s copy', async () => {
    // The loop is blocked past the read's budget while Redis answers: the timer and the answer are both due
    // when it resumes. The answer is waiting in the socket, so Redis is not stalled: its states are told.
    const testRedis = await resolveTestRedis(process.env.REDIS_URL);
    const redis = new IORedis(testRedis.url, { lazyConnect: true });
    try {
      await redis.connect();
      const prefix = `mic-stall-${process.pid}-${Date.now()}`;
      await redis.hset(`${prefix}:mic:DEMO:7`, '2', '1', '3', '0');
      const microphones = new MicrophoneStates(() => redis, prefix, pino({ level: 'silent' }), 50);

      const reading = microphones.read('DEMO', 7); // the read is written now
      const until = Date.now() + 1_000;
      while (Date.now() < until); // the node's loop stalls past the 50 ms budget; Redis answers meanwhile

      // The states of an earlier build ('1' or '0': no version) are read as they are.
      expect(await reading).toEqual(
        new Map([
          [2, { muted: true }],
          [3, { muted: false }],
        ]),
      );
      await redis.del(`${prefix}:mic:DEMO:7`);
    } finally {
      redis.disconnect();
      await testRedis.release();
    }
  });
});

describe("this node's copies of the rooms", () => {
  it('keeps a room only while one of its sockets is in it', async () => {
    // Without Redis a read answers from the node's copy. The adapter is socket.io's in-memory one (its room
    // changes are synchronous); the Redis adapter keeps the node's rooms and emits delete-room the same way.
    const adapter = new Server().of('/').adapter;
    const microphones = new MicrophoneStates(() => undefined, 'test', pino({ level: 'silent' }));
    microphones.followRooms(adapter);
    const lobby = SOCKET_ROOMS.room('DEMO', 1);
    const [graceId, linusId] = [2, 3];

    void adapter.addAll('grace-tab', new Set([lobby]));
    const muted = { muted: true, version: microphones.stamp() };
    microphones.record('DEMO', 1, graceId, muted);
    // Room 2 has no socket of this node: nothing is kept of it.
    microphones.record('DEMO', 2, linusId, { muted: false, version: microphones.stamp() });
    expect(microphones.localRooms).toBe(1);
    expect(await microphones.read('DEMO', 1)).toEqual(new Map([[graceId, muted]]));

    // The node's last socket in the room leaves: its copy goes.
    void adapter.del('grace-tab', lobby);
    expect(microphones.localRooms).toBe(0);
    expect(await microphones.read('DEMO', 1)).toEqual(new Map());
  });
});

describe('microphone state versions', () => {
  it('versions each report, above the last, and replaces a version the client sent', async () => {
    const graceTab = await tab(node1, grace);
    const linusTab = await tab(node2, linus);
    await enterLobby(graceTab, grace);
    await enterLobby(linusTab, linus);
    const report = (isMuted: boolean, version: number) => ({
      user_id: grace.userId,
      room_id: lobbyId,
      event: 'microphone',
      data: { muted: isMuted, version },
      timestamp: Date.now(),
    });
    // A client claiming a version past any the relay sets (it would make every later state look older).
    expect(await graceTab.request('user_player_events', report(true, Number.MAX_SAFE_INTEGER))).toEqual({
      statusCode: 200,
    });
    expect(await graceTab.request('user_player_events', report(false, 0))).toEqual({ statusCode: 200 });
    const versions = () =>
      linusTab
        .events<{
          event: string;
          user_id: number;
          timestamp?: number;
          data: { muted: boolean; version?: number };
        }>('user_player_events')
        // Her live reports (a state told on entering, from the tests before, has no timestamp).
        .filter(
          (event) =>
            event.event === 'microphone' && event.user_id === grace.userId && event.timestamp !== undefined,
        )
        .map((event) => event.data);
    await until(() => versions().length === 2, 'linus to hear both reports');
    const [first = 0, second = 0] = versions().map((data) => data.version ?? 0);
    expect(first).toBeGreaterThan(0);
    expect(first).toBeLessThan(Number.MAX_SAFE_INTEGER / 2);
    expect(second).toBeGreaterThan(first);
  });

  it('takes the version a report says its tab heard as a floor, up to a bound past the wall clock', async () => {
    const graceTab = await tab(node1, grace);
    const linusTab = await tab(node2, linus);
    await enterLobby(graceTab, grace);
    await enterLobby(linusTab, linus);
    const report = (data: Record<string, unknown>) => ({
      user_id: grace.userId,
      room_id: lobbyId,
      event: 'microphone',
      data,
      timestamp: Date.now(),
    });
    // A client claiming it heard a version far in the future (it would make a moderator's later mute look older).
    expect(
      await graceTab.request('user_player_events', report({ muted: false, heard: Number.MAX_SAFE_INTEGER })),
    ).toEqual({ statusCode: 200 });
    const live = () =>
      linusTab
        .events<{ event: string; user_id: number; timestamp?: number; data: Record<string, unknown> }>(
          'user_player_events',
        )
        .filter(
          (event) =>
            event.event === 'microphone' && event.user_id === grace.userId && event.timestamp !== undefined,
        )
        .map((event) => event.data);
    await until(() => live().length === 1, 'linus to hear her report');
    const [data] = live();
    // Stamped within the bound past the node's clock, and `heard` is not passed on.
    expect(Object.keys(data ?? {}).sort()).toEqual(['muted', 'version']);
    expect(data?.version).toBeLessThanOrEqual(Date.now() * 1000 + HEARD_AHEAD_MAX_US + 1_000);
    // Another user's report on the same node right after hers, from a tab that joined the room after it (and so
    // read her state from Redis), is not pushed ahead with hers: it is stamped by the node's clock, below hers.
    const erinTab = await tab(node1, erin);
    await enterLobby(erinTab, erin);
    await reportMicrophone(erinTab, erin, true);
    const erinsLive = () =>
      linusTab
        .events<{ event: string; user_id: number; timestamp?: number; data: { version: number } }>(
          'user_player_events',
        )
        .filter(
          (event) =>
            event.event === 'microphone' && event.user_id === erin.userId && event.timestamp !== undefined,
        )
        .map((event) => event.data.version);
    await until(() => erinsLive().length === 1, 'linus to hear erin’s report');
    expect(erinsLive()[0]).toBeLessThan(data?.version as number);
    // A heard version must be a whole number, not below 0.
    for (const heard of [-1, 1.5, '7', Number.MAX_SAFE_INTEGER + 2])
      expect(await graceTab.request('user_player_events', report({ muted: false, heard }))).toEqual({
        statusCode: 400,
        message: `${RELAY_ERRORS.PAYLOAD_INVALID}: microphone: data`,
      });
  });

  it('stamps a report above a heard version, clamped to HEARD_AHEAD_MAX_US past the wall clock, for that report only', () => {
    const wallMs = 1_800_000_000_000;
    const node = new MicrophoneStates(
      () => undefined,
      'test',
      pino({ level: 'silent' }),
      1_000,
      () => wallMs,
    );
    const wall = wallMs * 1000;
    const [graceId, linusId] = [2, 3];
    /** Grace's report in room 1, stamped and recorded as the relay does. */
    const report = (heard?: number): number => {
      const version = node.stampFor('DEMO', 1, graceId, heard);
      node.record('DEMO', 1, graceId, { muted: false, version });
      return version;
    };
    expect(node.stamp()).toBe(wall);
    // A mute stamped by a node whose clock is a second ahead: the report goes above it.
    expect(report(wall + 1_000_000)).toBe(wall + 1_000_001);
    // The node's clock stays its own: the next stamp is one more than its last, not above her heard version.
    expect(node.stamp()).toBe(wall + 2);
    // A version heard an hour ahead counts as the bound past the wall clock only, however often it is sent, and
    // her own reports still go up each time.
    expect(report(wall + 3_600_000_000)).toBe(wall + HEARD_AHEAD_MAX_US + 1);
    expect(report(wall + 3_600_000_000)).toBe(wall + HEARD_AHEAD_MAX_US + 2);
    // One below her last, or none (a tab of an earlier build): above her state this node holds.
    expect(report(0)).toBe(wall + HEARD_AHEAD_MAX_US + 3);
    expect(report()).toBe(wall + HEARD_AHEAD_MAX_US + 4);
    // (Each stamp above moved the node's clock up by one.) Nobody else is pushed ahead: a plain stamp, and another user's report right after hers, are the node's clock.
    expect(node.stamp()).toBe(wall + 7);
    expect(node.stampFor('DEMO', 1, linusId)).toBe(wall + 8);
    // Nor is she in another room (the node's copy of this room holds her state ahead).
    expect(node.stampFor('DEMO', 2, graceId)).toBe(wall + 9);
  });

  it("keeps the newer state in this node's copy when an older one comes late", async () => {
    const microphones = new MicrophoneStates(() => undefined, 'test', pino({ level: 'silent' }));
    const older = { muted: true, version: microphones.stamp() };
    const newer = { muted: false, version: microphones.stamp() };
    microphones.record('DEMO', 1, 2, newer);
    microphones.record('DEMO', 1, 2, older);
    expect(await microphones.read('DEMO', 1)).toEqual(new Map([[2, newer]]));
  });

  it('keeps the newer state in Redis when another node’s older write lands after it', async () => {
    const testRedis = await resolveTestRedis(process.env.REDIS_URL);
    const redis = new IORedis(testRedis.url, { lazyConnect: true });
    try {
      await redis.connect();
      const prefix = `mic-version-${process.pid}-${Date.now()}`;
      const silent = pino({ level: 'silent' });
      // Two nodes: the first stamps a state, the second a newer one, whose write reaches Redis first.
      const [nodeA, nodeB, reader] = [1, 2, 3].map(
        () => new MicrophoneStates(() => redis, prefix, silent),
      ) as [MicrophoneStates, MicrophoneStates, MicrophoneStates];
      const older = { muted: true, version: nodeA.stamp() };
      const newer = { muted: false, version: older.version + 1 };
      nodeB.record('DEMO', 7, 2, newer);
      nodeA.record('DEMO', 7, 2, older);
      // Behind both writes on the same connection.
      expect(await reader.read('DEMO', 7)).toEqual(new Map([[2, newer]]));
      // The node whose write was refused catches up: its next state of that user is newer than the stored one.
      expect(nodeA.stampFor('DEMO', 7, 2)).toBeGreaterThan(newer.version);
      await redis.del(`${prefix}:mic:DEMO:7`, `${prefix}:mic:DEMO:7:v`);
    } finally {
      redis.disconnect();
      await testRedis.release();
    }
  });

  it("keeps in this node's copy the states Redis answered its write with and the states it read", async () => {
    const testRedis = await resolveTestRedis(process.env.REDIS_URL);
    const redis = new IORedis(testRedis.url, { lazyConnect: true });
    const prefix = `mic-copy-${process.pid}-${Date.now()}`;
    try {
      await redis.connect();
      const silent = pino({ level: 'silent' });
      let isReachable = true;
      const nodeA = new MicrophoneStates(() => (isReachable ? redis : undefined), prefix, silent);
      const [nodeB, reader] = [2, 3].map(() => new MicrophoneStates(() => redis, prefix, silent)) as [
        MicrophoneStates,
        MicrophoneStates,
      ];
      const [graceId, linusId] = [2, 3];
      // Node B's newer state of grace reaches Redis before node A's older one, which Redis answers with it.
      const older = { muted: true, version: nodeA.stamp() };
      const newer = { muted: false, version: older.version + 1 };
      nodeB.record('DEMO', 7, graceId, newer);
      nodeA.record('DEMO', 7, graceId, older);
      await reader.read('DEMO', 7); // behind both writes on the same connection
      // Redis is away from node A: its copy tells the state Redis kept, not its own older one.
      isReachable = false;
      expect(await nodeA.read('DEMO', 7)).toEqual(new Map([[graceId, newer]]));

      // Linus reports on node B; node A reads the room (a tab joining), then loses Redis: its copy has him too.
      isReachable = true;
      const linus = { muted: true, version: nodeB.stamp() };
      nodeB.record('DEMO', 7, linusId, linus);
      const everyone = new Map([
        [graceId, newer],
        [linusId, linus],
      ]);
      expect(await nodeA.read('DEMO', 7)).toEqual(everyone);
      isReachable = false;
      expect(await nodeA.read('DEMO', 7)).toEqual(everyone);
      await redis.del(`${prefix}:mic:DEMO:7`, `${prefix}:mic:DEMO:7:v`);
    } finally {
      redis.disconnect();
      await testRedis.release();
    }
  });
});

describe('microphone states in Redis during a rolling deploy', () => {
  /** How the build before versions (666fdf5) reads a room's states: field user id, muted when the value is '1'. */
  const readByEarlierBuild = (stored: Record<string, string>): Map<number, boolean> =>
    new Map(Object.entries(stored).map(([userId, value]) => [Number(userId), value === '1']));

  it('stores each state as the earlier build reads it, and reads what the earlier build wrote', async () => {
    const testRedis = await resolveTestRedis(process.env.REDIS_URL);
    const redis = new IORedis(testRedis.url, { lazyConnect: true });
    const prefix = `mic-deploy-${process.pid}-${Date.now()}`;
    const key = `${prefix}:mic:DEMO:7`;
    try {
      await redis.connect();
      const node = new MicrophoneStates(() => redis, prefix, pino({ level: 'silent' }));
      const [graceId, linusId] = [2, 3];
      const muted = { muted: true, version: node.stamp() };
      // Its own stamp: the next is the wall clock's µs when a millisecond passed, else one more than the last.
      const unmuted = { muted: false, version: node.stamp() };
      node.record('DEMO', 7, graceId, muted);
      node.record('DEMO', 7, linusId, unmuted);
      // Behind both writes on the same connection: a node of the earlier build reads her muted, him not.
      expect(readByEarlierBuild(await redis.hgetall(key))).toEqual(
        new Map([
          [graceId, true],
          [linusId, false],
        ]),
      );
      expect(await node.read('DEMO', 7)).toEqual(
        new Map([
          [graceId, muted],
          [linusId, unmuted],
        ]),
      );

      // A node of the earlier build records her unmuting (its write: HSET '0', no version): read as it is.
      await redis.hset(key, String(graceId), '0');
      expect((await node.read('DEMO', 7)).get(graceId)?.muted).toBe(false);
      // The first versioned build's value ('<1|0>:<version>') is read too, and its version kept.
      await redis.hdel(`${key}:v`, String(graceId));
      await redis.hset(key, String(graceId), `1:${muted.version + 5}`);
      expect((await node.read('DEMO', 7)).get(graceId)).toEqual({ muted: true, version: muted.version + 5 });
    } finally {
      await redis.del(key, `${key}:v`);
      redis.disconnect();
      await testRedis.release();
    }
  });
});

describe('the scripts sent to Redis', () => {
  it('sends each script by its SHA after a connection’s first call, and by its text again after SCRIPT FLUSH', async () => {
    // A private redis-server: its command counts are this test's alone, and flushing its scripts touches no
    // other test's Redis. The client is auto-pipelined, as the node's is (io.ts).
    const own = await startOwnRedis();
    const redis = new IORedis(own.url, { enableAutoPipelining: true, lazyConnect: true });
    const admin = new IORedis(own.url);
    const calls = async (): Promise<Record<string, number>> => {
      const text = await admin.info('commandstats');
      return Object.fromEntries(
        [...text.matchAll(/^cmdstat_([^:]+):calls=(\d+)/gm)].map((match) => [match[1], Number(match[2])]),
      );
    };
    const sent = (before: Record<string, number>, after: Record<string, number>) => ({
      eval: (after.eval ?? 0) - (before.eval ?? 0),
      evalsha: (after.evalsha ?? 0) - (before.evalsha ?? 0),
    });
    try {
      await redis.connect();
      const silent = pino({ level: 'silent' });
      // A node records, another reads, on one connection. The reader keeps a copy of the room after its first
      // read, but every read asks Redis (by the read script) and answers what Redis holds: the other node's
      // latest record each time.
      const [node, reader] = [1, 2].map(() => new MicrophoneStates(() => redis, 'mic-sha', silent)) as [
        MicrophoneStates,
        MicrophoneStates,
      ];
      const graceId = 2;
      const state = () => ({ muted: true, version: node.stamp() });
      // The connection's first record and read send the scripts' text.
      let before = await calls();
      const first = state();
      node.record('DEMO', 7, graceId, first);
      expect(await reader.read('DEMO', 7)).toEqual(new Map([[graceId, first]]));
      expect(sent(before, await calls())).toEqual({ eval: 2, evalsha: 0 });

      // The next ones go by SHA: the text is not sent again.
      before = await calls();
      const second = state();
      node.record('DEMO', 7, graceId, second);
      expect(await reader.read('DEMO', 7)).toEqual(new Map([[graceId, second]]));
      expect(sent(before, await calls())).toEqual({ eval: 0, evalsha: 2 });

      // Redis forgets its scripts: both calls are answered NOSCRIPT and sent again with their text, in order
      // (the read sees the recording), and the ones after go by SHA again.
      await admin.script('FLUSH');
      before = await calls();
      const third = state();
      node.record('DEMO', 7, graceId, third);
      expect(await reader.read('DEMO', 7)).toEqual(new Map([[graceId, third]]));
      expect(sent(before, await calls()).eval).toBe(2);
      before = await calls();
      const fourth = state();
      node.record('DEMO', 7, graceId, fourth);
      expect(await reader.read('DEMO', 7)).toEqual(new Map([[graceId, fourth]]));
      expect(sent(before, await calls())).toEqual({ eval: 0, evalsha: 2 });
    } finally {
      redis.disconnect();
      admin.disconnect();
      await own.stop();
    }
  });
});
