/**
 * One visitor must not be able to stall a node: topics that fan out to the whole event (`user_events`, a
 * managers' topic: refused from visitors) or to a room at once (`user_scene_events`, `view_content`,
 * `user_status_changes`) are limited per USER across their sockets on the node, and their payload is capped in
 * bytes (fanout-limit.ts); packets that wait for the handshake's room join take the connection's limit on
 * arrival (dispatch.ts). Against a stub provider whose room reads the test answers (and can hold).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RELAY_ERRORS } from '@showfloor/contracts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { testEnv } from '../config/env.ts';
import { relayOptionsFromEnv } from './attach-relay.ts';
import { FanoutLimits, payloadFits } from './fanout-limit.ts';
import { connectAs, settle, until, type TestClient } from './testing/clients.ts';

type Answer = { statusCode: number; message?: string };

const ROOM = 5;
const HELD_ROOM = 6;
let provider: StubProvider;
let gateway: RunningGateway;
const clients: TestClient[] = [];
/** Releases the held room read (set while a test holds it). */
let releaseHeldRoom: (() => void) | undefined;

/** Users with these ids sign in as event-admins of DEMO (`user_events` is a managers' topic); the rest as visitors. */
const MANAGERS = new Set([101, 102, 121]);

async function tab(userId: number, roomId?: number): Promise<TestClient> {
  const roles = [{ role: MANAGERS.has(userId) ? 'event-admin' : 'visitor' }];
  const token = await provider.sign({ sub: String(userId), sid: `sid-${userId}`, roles });
  const connected = await connectAs(gateway.url, { token, userId, ...(roomId ? { roomId } : {}) });
  clients.push(connected);
  return connected;
}

/** Waits until the node has joined `count` sockets to the room. */
const inRoom = (roomId: number, count: number) =>
  until(
    () => gateway.app.relay.io.of('/').adapter.rooms.get(`room:DEMO:${roomId}`)?.size === count,
    `${count} sockets in room ${roomId}`,
  );

beforeAll(async () => {
  provider = await startStubProvider((app) => {
    app.get<{ Params: { id: string } }>('/api/v1/content/rooms/:id', async (request) => {
      const id = Number(request.params.id);
      if (id === HELD_ROOM) await new Promise<void>((resolve) => (releaseHeldRoom = resolve));
      return {
        id,
        name: `Room ${id}`,
        link: 'https://rooms.example.com/r',
        type: 'meeting',
        event_code: 'DEMO',
        active: true,
        multiplayer: true,
      };
    });
  });
  gateway = await startGateway(provider.url, {
    // The connection's own limit: 10 at once, then (practically) none.
    RELAY_EMITS_PER_SECOND: '1',
    RELAY_EMIT_BURST: '10',
    // Refills slow enough that no token comes back while a test runs.
    RELAY_EVENT_FANOUT_PER_SECOND: '0.001',
    RELAY_EVENT_FANOUT_BURST: '5',
    RELAY_ROOM_FANOUT_PER_SECOND: '0.001',
    RELAY_ROOM_FANOUT_BURST: '3',
  });
});
afterAll(async () => {
  releaseHeldRoom?.();
  for (const each of clients) each.close();
  await gateway?.close();
  await provider?.close();
});

describe('per-user limits of topics that fan out', () => {
  it('takes user_events from a user at most the event burst, across their tabs; the event hears no more', async () => {
    const audience = await tab(100);
    const [first, second] = [await tab(101), await tab(101)];
    const event = { user_id: 101, event: 'waved' };
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        (index % 2 ? second : first).request<Answer>('user_events', event),
      ),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5);
    expect(answers.filter((answer) => answer.message === RELAY_ERRORS.RATE_LIMITED)).toHaveLength(3);
    await settle(200);
    expect(audience.events('user_events')).toHaveLength(5);
    // Another user has a bucket of their own.
    expect(await (await tab(102)).request('user_events', { user_id: 102, event: 'waved' })).toEqual({
      statusCode: 200,
    });
  });

  it("refuses user_events from a visitor outright (a managers' topic); the event hears nothing", async () => {
    const audience = await tab(103);
    const visitor = await tab(104);
    expect(await visitor.request('user_events', { user_id: 104, event: 'waved' })).toEqual({
      statusCode: 400,
      message: RELAY_ERRORS.ROLE_FORBIDDEN,
    });
    // A manager still sends only as themself.
    expect(await (await tab(102)).request('user_events', { user_id: 104, event: 'waved' })).toEqual({
      statusCode: 400,
      message: RELAY_ERRORS.SENDER_MISMATCH,
    });
    await settle(200);
    expect(audience.events('user_events')).toEqual([]);
  });

  it('limits each room-wide topic per user across their tabs; the room hears no more', async () => {
    const member = await tab(110, ROOM);
    const [first, second] = [await tab(111, ROOM), await tab(111, ROOM)];
    await inRoom(ROOM, 3);
    const scene = { user_id: 111, event: 'applause', room_id: ROOM, timestamp: Date.now() };
    const status = { user_id: 111, room_id: ROOM, user_status: 'busy' };
    for (const [topic, payload] of [
      ['user_scene_events', scene],
      ['view_content', scene],
      ['user_status_changes', status],
    ] as const) {
      const answers = await Promise.all(
        Array.from({ length: 5 }, (_, index) => (index % 2 ? second : first).request<Answer>(topic, payload)),
      );
      expect(
        answers.filter((answer) => answer.statusCode === 200),
        topic,
      ).toHaveLength(3);
      expect(
        answers.filter((answer) => answer.message === RELAY_ERRORS.RATE_LIMITED),
        topic,
      ).toHaveLength(2);
    }
    await settle(200);
    expect(member.events('user_scene_events')).toHaveLength(3);
    expect(member.events('view_content')).toHaveLength(3);
    expect(member.events('user_status_changes')).toHaveLength(3);
  });

  it('refuses a payload over the byte cap with the limit in the message, and passes nothing', async () => {
    const audience = await tab(120);
    const sender = await tab(121);
    const big = { user_id: 121, event: 'waved', data: { blob: 'x'.repeat(3_000) } };
    expect(await sender.request('user_events', big)).toEqual({
      statusCode: 400,
      message: `${RELAY_ERRORS.PAYLOAD_TOO_LARGE}: at most 2048 bytes`,
    });
    const fits = { user_id: 121, event: 'waved', data: { blob: 'x'.repeat(1_900) } };
    expect(await sender.request('user_events', fits)).toEqual({ statusCode: 200 });
    await settle(200);
    expect(audience.events('user_events')).toEqual([fits]);
  });
});

describe("the writes an emit costs: its audience's size", () => {
  it("refuses an emit once the user's writes are spent, though the topic's own burst allows more", async () => {
    // A node whose users may cost 6 writes (and get practically none back); topics' own limits at their defaults.
    const node = await startGateway(provider.url, {
      RELAY_FANOUT_WRITES_PER_SECOND: '0.001',
      RELAY_FANOUT_WRITES_BURST: '6',
    });
    const room = `room:DEMO:${ROOM}`;
    const on = async (userId: number) => {
      const token = await provider.sign({ sub: String(userId), sid: `sid-${userId}` });
      const connected = await connectAs(node.url, { token, userId, roomId: ROOM });
      clients.push(connected);
      return connected;
    };
    try {
      const [member] = [await on(140), await on(141)];
      const sender = await on(142);
      await until(
        () => node.app.relay.io.of('/').adapter.rooms.get(room)?.size === 3,
        '3 sockets in the room',
      );
      const scene = { user_id: 142, event: 'applause', room_id: ROOM, timestamp: Date.now() };
      // Each emit costs the room's 3 sockets on the node: two fit in 6.
      const answers: Answer[] = [];
      for (let index = 0; index < 3; index += 1)
        answers.push(await sender.request<Answer>('user_scene_events', scene));
      expect(answers).toEqual([
        { statusCode: 200 },
        { statusCode: 200 },
        { statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED },
      ]);
      // The same writes pay for every fanning-out topic.
      expect(
        await sender.request('user_status_changes', { user_id: 142, room_id: ROOM, user_status: 'busy' }),
      ).toEqual({ statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED });
      await settle(200);
      expect(member?.events('user_scene_events')).toHaveLength(2);
    } finally {
      await node.close();
    }
  });
});

describe('packets before the handshake room is joined', () => {
  it('takes the connection limit as packets arrive: those over it are refused while the join is pending', async () => {
    const waiting = await tab(130, HELD_ROOM);
    await until(() => releaseHeldRoom !== undefined, 'the held room read');
    const answers: Answer[] = [];
    for (let index = 0; index < 12; index += 1)
      waiting.socket.emit(
        'not_a_topic' as never,
        {} as never,
        ((answer: Answer) => answers.push(answer)) as never,
      );
    // The 2 over the burst are answered at once; the 10 within it wait for the join, in order.
    await until(() => answers.length === 2, 'the refusals of the packets over the limit');
    expect(answers).toEqual([
      { statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED },
      { statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED },
    ]);
    await settle(100);
    expect(answers).toHaveLength(2);
    releaseHeldRoom?.();
    await until(() => answers.length === 12, 'the answers of the queued packets');
    expect(answers.slice(2).every((answer) => answer.message === RELAY_ERRORS.TOPIC_INVALID)).toBe(true);
    expect(waiting.socket.connected).toBe(true);
  });
});

describe('payloadFits', () => {
  it('measures UTF-8 bytes of the JSON at every length around the cap, whatever the characters', () => {
    // Each character 1 (a), 2 (ü), 3 (€) or 4 (😀, two UTF-16 units) bytes; JSON escapes a lone surrogate.
    for (const char of ['a', 'ü', '€', '😀', '\ud800']) {
      for (let count = 0; count <= 40; count += 1) {
        const payload = { t: char.repeat(count) };
        const bytes = Buffer.byteLength(JSON.stringify(payload));
        for (const maxBytes of [bytes - 1, bytes, bytes + 1]) {
          expect(payloadFits(payload, maxBytes), `${JSON.stringify(char)} × ${count}, cap ${maxBytes}`).toBe(
            bytes <= maxBytes,
          );
        }
      }
    }
    expect(payloadFits(undefined, 0)).toBe(true);
  });
});

describe('FanoutLimits', () => {
  const options = {
    event: { perSecond: 1, burst: 2 },
    room: { perSecond: 10, burst: 3 },
    maxBytes: 20,
    writes: { perSecond: 100, burst: 1_000 },
  };

  it('refills per topic and user, and drops buckets once full again', () => {
    let now = 0;
    const limits = new FanoutLimits(options, () => now);
    expect(['ok', 'ok', 'limited'].map(() => limits.check(1, 'user_events', {}))).toEqual([
      'ok',
      'ok',
      'limited',
    ]);
    expect(limits.check(1, 'view_content', {})).toBe('ok');
    expect(limits.check(2, 'user_events', {})).toBe('ok');
    // Topics that do not fan out wider than the sender's own tabs take nothing.
    expect(limits.check(1, 'call_answered', {})).toBe('ok');
    // Three topic buckets and the two users' writes.
    expect(limits.size).toBe(5);
    now = 1_000;
    expect(limits.check(1, 'user_events', {})).toBe('ok');
    expect(limits.check(1, 'user_events', {})).toBe('limited');
    // Past the longest refill (the writes': 10 s), every bucket is full: the sweep keeps none but the two just
    // taken (topic, writes).
    now = 12_000;
    expect(limits.check(3, 'user_events', {})).toBe('ok');
    expect(limits.size).toBe(2);
  });

  it("makes each emit pay its audience's size from the user's writes, across topics", () => {
    let now = 0;
    const limits = new FanoutLimits(options, () => now);
    // A room of 400: two emits (800 writes), then the third is refused though the room's own burst allows it.
    expect(limits.check(1, 'user_scene_events', {}, 400)).toBe('ok');
    expect(limits.check(1, 'view_content', {}, 400)).toBe('ok');
    expect(limits.check(1, 'user_scene_events', {}, 400)).toBe('limited');
    // An audience above the burst passes once the bucket is full, leaving it in debt...
    now = 10_000;
    expect(limits.check(1, 'user_events', {}, 5_000)).toBe('ok');
    // ...of 4,000 (5,000 less the full 1,000), repaid at the rate (100/s): 35 s on, not yet; 41 s on, it is.
    now = 45_000;
    expect(limits.check(1, 'view_content', {}, 10)).toBe('limited');
    now = 51_000;
    expect(limits.check(1, 'view_content', {}, 10)).toBe('ok');
    // Another user pays from their own.
    expect(limits.check(2, 'view_content', {}, 400)).toBe('ok');
  });

  it('counts the JSON bytes of the payload (UTF-8) against the cap', () => {
    const limits = new FanoutLimits(options, () => 0);
    expect(limits.check(1, 'user_scene_events', { a: 'x'.repeat(12) })).toBe('ok'); // 20 bytes
    expect(limits.check(1, 'user_scene_events', { a: 'x'.repeat(13) })).toBe('too_large');
    expect(limits.check(1, 'user_scene_events', { a: 'é'.repeat(7) })).toBe('too_large'); // 22 bytes
  });
});

describe("the web app's own use, at the default limits", () => {
  const env = testEnv();
  const options = relayOptionsFromEnv(env);
  /** The sockets of the room the user is in (the writes an emit there costs). */
  const ROOM_OF = 50;

  it('fits: every tab announcing its status at connect, then a pick and a sign-out; clicks in a room', () => {
    let now = 0;
    const limits = new FanoutLimits(options.fanout, () => now);
    const status = { room_id: null, user_id: 7, user_status: 'available' };
    // apps/web use-user-status-events.ts: each tab announces on connect (all at once after a node restart).
    for (let tab = 0; tab < env.RELAY_MAX_SOCKETS_PER_USER; tab += 1)
      expect(limits.check(7, 'user_status_changes', status, ROOM_OF)).toBe('ok');
    // change-status.tsx, then sign-out.ts's 'offline'.
    expect(limits.check(7, 'user_status_changes', { ...status, user_status: 'busy' }, ROOM_OF)).toBe('ok');
    expect(limits.check(7, 'user_status_changes', { ...status, user_status: 'offline' }, ROOM_OF)).toBe('ok');
    // embedded-room.tsx: a scene event and a content view per click, four clicks a second for a minute.
    const scene = {
      user_id: 7,
      room_id: 3,
      event: 'applause',
      content_id: 6,
      timestamp: 1,
      object: { x: 1 },
    };
    for (let click = 0; click < 240; click += 1, now += 250) {
      expect(limits.check(7, 'user_scene_events', scene, ROOM_OF)).toBe('ok');
      expect(limits.check(7, 'view_content', { ...scene, event: 'open_video' }, ROOM_OF)).toBe('ok');
    }
  });

  it('fits: every tab of a user in a lobby of 5,000 announcing its status at connect', () => {
    const limits = new FanoutLimits(options.fanout, () => 0);
    const status = { room_id: null, user_id: 8, user_status: 'available' };
    for (let tab = 0; tab < env.RELAY_MAX_SOCKETS_PER_USER; tab += 1)
      expect(limits.check(8, 'user_status_changes', status, 5_000)).toBe('ok');
  });
});
