import { describe, expect, it, vi } from 'vitest';
import {
  originOfLink,
  postToApp,
  postToRoom,
  readAppMessage,
  readRoomMessage,
  type ReceivedMessage,
} from './channel.ts';
import {
  AppToRoomMessageSchema,
  roomMessage,
  RoomToAppShapeSchema,
  ROOM_PROTOCOL_VERSION,
} from './protocol.ts';

const ROOM = 'https://rooms.example:8443';
const frame = { name: 'the room frame' };
const other = { name: 'another window' };
const ready = roomMessage({ type: 'ready' });

const received = (over: Partial<ReceivedMessage> = {}): ReceivedMessage => ({
  origin: ROOM,
  source: frame,
  data: ready,
  ...over,
});

describe('originOfLink', () => {
  it('answers the exact origin of an http(s) room link', () => {
    expect(originOfLink('https://rooms.example:8443/demo/lobby?x=1#y')).toBe(ROOM);
    expect(originOfLink('http://127.0.0.1:4010/demo-rooms/booth')).toBe('http://127.0.0.1:4010');
  });

  it('answers nothing for other schemes and non-URLs', () => {
    expect(originOfLink('javascript:alert(1)')).toBeUndefined();
    expect(originOfLink('data:text/html,hi')).toBeUndefined();
    expect(originOfLink('/room/3')).toBeUndefined();
    expect(originOfLink('*')).toBeUndefined();
  });
});

describe('readRoomMessage (the app side)', () => {
  it('accepts a well-formed message from the room origin and frame', () => {
    expect(readRoomMessage(received(), { origin: ROOM, frame })).toEqual({ ok: true, message: ready });
  });

  it('drops a message from another origin, even with the right shape and window', () => {
    const result = readRoomMessage(received({ origin: 'https://evil.example' }), { origin: ROOM, frame });
    expect(result).toEqual({ ok: false, reason: 'origin' });
  });

  it('drops a message from another window on the room origin (e.g. a popup the room opened)', () => {
    expect(readRoomMessage(received({ source: other }), { origin: ROOM, frame })).toEqual({
      ok: false,
      reason: 'source',
    });
    // A frame that is gone (null) never matches either.
    expect(readRoomMessage(received({ source: null }), { origin: ROOM, frame: null })).toMatchObject({
      ok: false,
    });
  });

  it('ignores traffic of other protocols quietly and reports a malformed message of ours', () => {
    expect(readRoomMessage(received({ data: 'hello' }), { origin: ROOM, frame })).toEqual({
      ok: false,
      reason: 'foreign',
    });
    const bad = readRoomMessage(
      received({ data: { ...roomMessage({ type: 'achievement', achievement_attribute: 'x' }), extra: 1 } }),
      { origin: ROOM, frame },
    );
    expect(bad).toMatchObject({ ok: false, reason: 'shape' });
    const wrongType = readRoomMessage(received({ data: { ...ready, type: 'auth', token: 'x' } }), {
      origin: ROOM,
      frame,
    });
    expect(wrongType).toMatchObject({ ok: false, reason: 'shape' });
  });

  it('drops a message of another protocol version', () => {
    const result = readRoomMessage(received({ data: { ...ready, version: ROOM_PROTOCOL_VERSION + 1 } }), {
      origin: ROOM,
      frame,
    });
    expect(result).toMatchObject({ ok: false, reason: 'shape' });
  });
});

describe('readAppMessage (a room side)', () => {
  const parent = { name: 'the app page' };
  const auth = roomMessage({ type: 'auth', token: 'jwt' });

  it('accepts the parent page on an allowed app origin', () => {
    const event = { origin: 'http://localhost:8080', source: parent, data: auth };
    expect(readAppMessage(event, { origins: ['http://localhost:8080'], parent })).toEqual({
      ok: true,
      message: auth,
    });
  });

  it('drops another origin or another window', () => {
    const origins = ['http://localhost:8080'];
    expect(
      readAppMessage({ origin: 'http://evil.test', source: parent, data: auth }, { origins, parent }),
    ).toEqual({
      ok: false,
      reason: 'origin',
    });
    expect(
      readAppMessage({ origin: 'http://localhost:8080', source: other, data: auth }, { origins, parent }),
    ).toEqual({ ok: false, reason: 'source' });
  });
});

describe('posting', () => {
  it('posts to the exact origin only, with the envelope', () => {
    const target = { postMessage: vi.fn() };
    postToRoom(target, ROOM, { type: 'auth', token: 'jwt' });
    expect(target.postMessage).toHaveBeenCalledWith(roomMessage({ type: 'auth', token: 'jwt' }), ROOM);
    postToApp(target, ROOM, { type: 'microphone', muted: true });
    expect(AppToRoomMessageSchema.safeParse(target.postMessage.mock.calls[0]?.[0]).success).toBe(true);
    expect(RoomToAppShapeSchema.safeParse(target.postMessage.mock.calls[1]?.[0]).success).toBe(true);
  });

  it("refuses '*' and anything but a bare origin as target", () => {
    const target = { postMessage: vi.fn() };
    expect(() => postToRoom(target, '*', { type: 'auth', token: 'jwt' })).toThrow(/exact origin/);
    expect(() => postToRoom(target, `${ROOM}/path`, { type: 'auth', token: 'jwt' })).toThrow(/exact origin/);
    expect(() => postToApp(target, '/', { type: 'ready' })).toThrow(/exact origin/);
    expect(target.postMessage).not.toHaveBeenCalled();
  });
});

describe('message schemas', () => {
  it('parse every message a room and the app send', () => {
    const fromRoom = [
      { type: 'ready' },
      { type: 'scene', event: 'poster_clicked', content_id: 3 },
      { type: 'view_content', event: 'video_played', content_id: 'booth-video', object: { seconds: 4 } },
      { type: 'achievement', achievement_attribute: 'visit_booth_a', content_id: 3 },
      { type: 'player', event: 'move', data: { x: 0.4, y: 0.6 } },
      { type: 'open_content', content_id: 2 },
      { type: 'navigate', to: 'lobby' },
      { type: 'navigate', to: { room_id: 4 } },
      { type: 'microphone', muted: true },
    ];
    for (const body of fromRoom)
      expect(RoomToAppShapeSchema.safeParse(roomMessage(body as never)).success).toBe(true);
    expect(
      RoomToAppShapeSchema.safeParse(roomMessage({ type: 'navigate', to: { room_id: -1 } } as never)).success,
    ).toBe(false);
  });
});
