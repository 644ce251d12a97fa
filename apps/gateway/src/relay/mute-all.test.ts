/**
 * A moderator's "Mute all" in a big room: the relay records everyone muted in one script call and sends the
 * mute once to each tab of the room, whose tabs then report nothing (the mute carries the version it was recorded
 * with). Before, each muted tab reported its microphone muted, and each report went to the whole room and
 * through a script: N script calls and N² socket writes for one click in a room of N. Two gateway nodes on a
 * private redis-server, so its command counts are this file's alone.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { Redis as IORedis } from 'ioredis';
import { pino } from 'pino';
import { PLAYER_EVENTS } from '@showfloor/contracts';
import { callProcedure, startGateway } from '../../test/gateway.ts';
import type { RawEnv } from '../config/env.ts';
import { MUTE_ALL_HSET_USERS, MicrophoneStates } from './microphones.ts';
import { connectAs, settle, until, type TestClient } from './testing/clients.ts';
import { startOwnRedis, type OwnRedis } from './testing/redis.ts';
import { relayEnv, signIn, startRelayStack, type RelayStack, type SignedIn } from './testing/stack.ts';

let redis: OwnRedis;
let admin: IORedis;
let stack: RelayStack;
let env: RawEnv;
let node1: string;
let node2: string;
let lobbyId: number;
let erin: SignedIn;
let visitors: SignedIn[];
let tabs: TestClient[] = [];

/** Script calls Redis has answered so far (EVAL and EVALSHA). */
async function scriptCalls(): Promise<number> {
  const text = await admin.info('commandstats');
  let calls = 0;
  for (const match of text.matchAll(/^cmdstat_(eval|evalsha):calls=(\d+)/gm)) calls += Number(match[2]);
  return calls;
}

async function tab(node: string, user: SignedIn): Promise<TestClient> {
  const client = await connectAs(node, { token: user.token, userId: user.userId });
  tabs.push(client);
  const entry = { event: 'enter_room', user_id: user.userId, room_id: lobbyId, timestamp: Date.now() };
  expect(await client.request('user_room_events', entry)).toEqual({ statusCode: 200 });
  return client;
}

const player = (user: SignedIn, event: string, data: Record<string, unknown>) => ({
  user_id: user.userId,
  room_id: lobbyId,
  event,
  data,
  timestamp: Date.now(),
});

/**
 * A tab as the web app's room page is on a mute (embedded-room.tsx): its room reports its microphone, and a mute
 * of its user (or of all, by someone else) it reports muted only when the relay did not record it (a mute
 * without a version: a relay of an earlier build, or this test's relay before the fix).
 */
function behaveAsTheWebApp(client: TestClient, user: SignedIn): void {
  client.socket.on('user_player_events', (event) => {
    if (event.event !== PLAYER_EVENTS.MUTE || event.user_id === user.userId) return;
    const data = event.data as { target: number | 'all'; version?: number };
    if (data.target !== 'all' && data.target !== user.userId) return;
    if (data.version === undefined)
      void client.request('user_player_events', player(user, 'microphone', { muted: true }));
  });
}

/** The microphone states a tab was told on joining (no timestamp: a state told, not a live report). */
function told(client: TestClient): Map<number, boolean> {
  return new Map(
    client
      .events<{ event: string; user_id: number; timestamp?: number; data: { muted: boolean } }>(
        'user_player_events',
      )
      .filter((event) => event.event === PLAYER_EVENTS.MICROPHONE && event.timestamp === undefined)
      .map((event) => [event.user_id, event.data.muted]),
  );
}

beforeAll(async () => {
  redis = await startOwnRedis();
  admin = new IORedis(redis.url);
  env = relayEnv(redis.url);
  stack = await startRelayStack(2, env);
  [node1, node2] = stack.nodes.map((node) => node.url) as [string, string];
  const emails = ['erin@demo.test', 'ada@demo.test', 'grace@demo.test', 'linus@demo.test', 'root@demo.test'];
  const users = await Promise.all(emails.map((email) => signIn(node1, email)));
  [erin, ...visitors] = users as [SignedIn, ...SignedIn[]];
  const lobby = await callProcedure<{ id: number }>(
    node1,
    'content.getLobby',
    { event_code: 'DEMO' },
    { token: erin.token },
  );
  if (!lobby.data) throw new Error(`no lobby: ${lobby.error?.message}`);
  lobbyId = lobby.data.id;
}, 60_000);

afterEach(async () => {
  for (const client of tabs) client.close();
  tabs = [];
  await settle(50);
});

afterAll(async () => {
  await stack?.close();
  admin?.disconnect();
  await redis?.stop();
});

/** The timestamp of the barrier's probes (no report of the web app carries it: theirs is the time). */
const PROBE_AT = 1;

/**
 * Waits until `node` has run every Redis command it sent before: a tab joining the lobby there is told the
 * room's `states` states, read by a script on the node's one Redis connection, which runs the commands sent on it
 * in order (microphones.ts). Costs one script call (the read); the tab stays in the room, outside those counted.
 */
async function nodeCaughtUp(node: string, user: SignedIn, states: number): Promise<void> {
  const probe = await tab(node, user);
  await until(() => told(probe).size === states, `the ${node} probe tab to be told the room's states`);
}

describe('mute all in a room of N tabs', () => {
  it('costs one script call and one write per tab, and a tab joining later is told everyone muted', async () => {
    // 12 tabs of four users (three each, on both nodes) and the moderator's, each room reporting its microphone on.
    const erinTab = await tab(node1, erin);
    const room: TestClient[] = [erinTab];
    const userOf = new Map<TestClient, SignedIn>([[erinTab, erin]]);
    for (const [index, user] of visitors.entries()) {
      for (let copy = 0; copy < 3; copy += 1) {
        const client = await tab(index % 2 === 0 ? node1 : node2, user);
        behaveAsTheWebApp(client, user);
        room.push(client);
        userOf.set(client, user);
      }
    }
    for (const [index, user] of [erin, ...visitors].entries()) {
      const client = room[index === 0 ? 0 : 1 + (index - 1) * 3] as TestClient;
      expect(
        await client.request('user_player_events', player(user, 'microphone', { muted: false })),
      ).toEqual({
        statusCode: 200,
      });
    }
    const reports = 5 * room.length;
    const heardSoFar = () =>
      room.reduce((sum, client) => sum + client.events('user_player_events').length, 0);
    await until(() => heardSoFar() === reports, 'every tab to hear the five reports');
    // Every script call so far (the recordings, the reads of the tabs joining) has run on both nodes.
    for (const node of [node1, node2]) await nodeCaughtUp(node, erin, 5);
    const heardBefore = room.map((client) => client.events('user_player_events').length);
    const callsBefore = await scriptCalls();

    expect(
      await erinTab.request('user_player_events', player(erin, 'mute', { target: 'all', by: 'Erin Meyer' })),
    ).toEqual({ statusCode: 200 });
    const heardTheMute = (client: TestClient) =>
      client.events<{ event: string }>('user_player_events').some((event) => event.event === 'mute');
    await until(() => room.every(heardTheMute), 'every tab of the room to hear the mute');

    // Linus opens another tab, on the moderator's node (its read follows the mute-all there): everyone but erin
    // is muted.
    const linus = visitors[2] as SignedIn;
    const late = await tab(node1, linus);
    await until(() => told(late).size === 5, 'the late tab to be told the five states');
    expect(told(late)).toEqual(
      new Map([[erin.userId, false], ...visitors.map((user): [number, boolean] => [user.userId, true])]),
    );

    // The barrier: each tab, having handled the mute (a report it sends on it is sent by then), reports its state
    // again, on the same path as such a report (its node's script, then the whole room): once every tab has heard
    // every probe, it has heard every report sent before them; once both nodes caught up, their scripts have run.
    for (const client of room) {
      const probe = player(userOf.get(client) as SignedIn, 'microphone', { muted: client !== erinTab });
      expect(await client.request('user_player_events', { ...probe, timestamp: PROBE_AT })).toEqual({
        statusCode: 200,
      });
    }
    const probesHeard = (client: TestClient) =>
      client
        .events<{ event: string; timestamp?: number }>('user_player_events')
        .filter((event) => event.event === PLAYER_EVENTS.MICROPHONE && event.timestamp === PROBE_AT).length;
    await until(
      () => room.every((client) => probesHeard(client) === room.length),
      'every tab to hear every probe',
    );
    for (const node of [node1, node2]) await nodeCaughtUp(node, erin, 5);

    // One write per tab of the room (the moderator's included: its list applies the mute), then the probes only
    // (each to the whole room); one script call, the probes' (one each) and the late and probe tabs' reads aside.
    type Heard = { event: string; user_id: number; timestamp?: number; data: unknown };
    const kind = (event: Heard) =>
      event.event === 'mute' ? 'mute' : event.timestamp === PROBE_AT ? 'probe' : `other ${event.event}`;
    for (const [index, client] of room.entries()) {
      const since = client.events<Heard>('user_player_events').slice(heardBefore[index]);
      expect(since.map(kind)).toEqual(['mute', ...room.map(() => 'probe')]);
      expect(since[0]).toMatchObject({
        event: 'mute',
        user_id: erin.userId,
        data: { target: 'all', by: 'Erin Meyer', version: expect.any(Number) },
      });
    }
    expect((await scriptCalls()) - callsBefore - room.length - 3).toBe(1);
  });
});

describe('a mute-all in Redis and in a node’s copy', () => {
  it('mutes every older state but the moderator’s, and a report from before it that lands after it', async () => {
    const prefix = `mute-all-${process.pid}-${Date.now()}`;
    const client = new IORedis(redis.url);
    try {
      const silent = pino({ level: 'silent' });
      // A node without Redis keeps the room's states in its copy (its socket is in the room).
      const copy = new MicrophoneStates(() => undefined, prefix, silent);
      const node = new MicrophoneStates(() => client, prefix, silent);
      const [erinId, graceId, linusId, adaId] = [4, 2, 3, 1];
      for (const states of [copy, node]) {
        const sentBefore = { muted: false, version: states.stamp() };
        states.record('DEMO', 7, erinId, { muted: false, version: states.stamp() });
        states.record('DEMO', 7, graceId, { muted: false, version: states.stamp() });
        const mute = states.stamp();
        const newer = { muted: false, version: states.stamp() };
        states.muteAll('DEMO', 7, erinId, mute);
        // Linus unmuted after the mute (his report is newer); ada's report, sent before it, lands after it.
        states.record('DEMO', 7, linusId, newer);
        states.record('DEMO', 7, adaId, sentBefore);
        const read = await states.read('DEMO', 7);
        expect(new Map([...read].map(([userId, state]) => [userId, state.muted]))).toEqual(
          new Map([
            [erinId, false],
            [graceId, true],
            [linusId, false],
            [adaId, true],
          ]),
        );
        expect(read.get(graceId)?.version).toBe(mute);
        expect(read.get(adaId)?.version).toBe(mute);
      }
      // What an earlier build reads (field user id, '1' muted): the same, and no field of another kind.
      expect(await client.hgetall(`${prefix}:mic:DEMO:7`)).toEqual({
        [erinId]: '0',
        [graceId]: '1',
        [linusId]: '0',
        [adaId]: '1',
      });
    } finally {
      client.disconnect();
    }
  });
});

describe('a mute-all of many users in Redis', () => {
  it('mutes every older state in chunks of many fields per HSET, past several chunks and their remainder', async () => {
    const prefix = `mute-all-many-${process.pid}-${Date.now()}`;
    const key = `${prefix}:mic:DEMO:11`;
    const client = new IORedis(redis.url);
    try {
      const node = new MicrophoneStates(() => client, prefix, pino({ level: 'silent' }));
      // 2 full chunks and a remainder of older states (users 1..2,501: '0', or '0:<version>' as a53947b
      // stored it, without a field in the versions hash), the moderator's (0), and one newer than the mute (9,999).
      const users = 2 * MUTE_ALL_HSET_USERS + 501;
      const states: string[] = [];
      const versions: string[] = [];
      for (let user = 1; user <= users; user += 1) {
        if (user % 7 === 0) {
          states.push(String(user), `0:${user}`);
        } else {
          states.push(String(user), '0');
          versions.push(String(user), String(user));
        }
      }
      await client.hset(key, ...states, '0', '0', '9999', '0');
      await client.hset(`${key}:v`, ...versions, '0', '5', '9999', String(Number.MAX_SAFE_INTEGER));
      const mute = node.stamp();
      node.muteAll('DEMO', 11, 0, mute);
      // Behind the mute-all on the same connection.
      const read = await node.read('DEMO', 11);
      const expected = new Map<number, { muted: boolean; version: number }>([
        [0, { muted: false, version: 5 }],
        [9999, { muted: false, version: Number.MAX_SAFE_INTEGER }],
      ]);
      for (let user = 1; user <= users; user += 1) expected.set(user, { muted: true, version: mute });
      expect(read).toEqual(expected);
    } finally {
      await client.del(key, `${key}:v`);
      client.disconnect();
    }
  });
});

describe('an unmute after a mute, on a node whose clock is behind the moderator’s', () => {
  it('is stamped above the mute its tab heard (`heard`), stored unmuted and applied by every list', async () => {
    // A third node, whose clock (the one microphone versions are stamped by) is a second behind node 1's.
    const behind = await startGateway(stack.provider.url, env, {
      relay: { microphoneClock: () => Date.now() - 1_000 },
    });
    try {
      const [ada, , linus] = visitors as [SignedIn, SignedIn, SignedIn];
      const erinTab = await tab(node1, erin);
      const adaTab = await tab(behind.url, ada);
      type Heard = { event: string; user_id: number; data: { muted?: boolean; version?: number } };
      const adasStates = (client: TestClient) =>
        client
          .events<Heard>('user_player_events')
          .filter((event) => event.event === PLAYER_EVENTS.MICROPHONE && event.user_id === ada.userId);
      for (const target of [ada.userId, 'all'] as const) {
        // Her microphone on (a state the mute-all turns muted too), heard by erin's list.
        const statesBefore = adasStates(erinTab).length;
        const report = player(ada, 'microphone', { muted: false });
        expect(await adaTab.request('user_player_events', report)).toEqual({ statusCode: 200 });
        await until(() => adasStates(erinTab).length > statesBefore, 'erin to hear her report');

        const mutesBefore = adaTab
          .events<Heard>('user_player_events')
          .filter((e) => e.event === 'mute').length;
        const mute = player(erin, 'mute', { target, by: 'Erin Meyer' });
        expect(await erinTab.request('user_player_events', mute)).toEqual({ statusCode: 200 });
        const mutes = () => adaTab.events<Heard>('user_player_events').filter((e) => e.event === 'mute');
        await until(() => mutes().length > mutesBefore, 'ada to hear the mute');
        const muteVersion = mutes().at(-1)?.data.version ?? 0;
        expect(muteVersion).toBeGreaterThan(0);

        // She unmutes, saying which version of her state she heard (the web app's report).
        const unmutesBefore = adasStates(erinTab).length;
        const unmute = player(ada, 'microphone', { muted: false, heard: muteVersion });
        expect(await adaTab.request('user_player_events', unmute)).toEqual({ statusCode: 200 });
        await until(() => adasStates(erinTab).length > unmutesBefore, 'erin to hear her unmute');
        // Delivered newer than the mute: every list applies it over the mute.
        expect(adasStates(erinTab).at(-1)?.data).toEqual({ muted: false, version: expect.any(Number) });
        expect(adasStates(erinTab).at(-1)?.data.version).toBeGreaterThan(muteVersion);
        // Stored unmuted: a tab joining on her node (its read follows her recording there) is told so.
        const late = await tab(behind.url, linus);
        await until(() => told(late).has(ada.userId), 'the late tab to be told her state');
        expect(told(late).get(ada.userId)).toBe(false);
        late.close();
      }
    } finally {
      for (const client of tabs) client.close();
      tabs = [];
      await behind.close();
    }
  });
});
