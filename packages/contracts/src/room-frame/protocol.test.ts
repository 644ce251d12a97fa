import { describe, expect, it } from 'vitest';
import { FANOUT_PAYLOAD_MAX_BYTES } from '../constants.ts';
import { RELAY_ERRORS } from '../realtime/ack.ts';
import { SceneEventSchema } from '../realtime/events.ts';
import { readRoomMessage } from './channel.ts';
import {
  AppToRoomMessageSchema,
  refusalOf,
  refusalReasonOfAck,
  roomMessage,
  roomMessageBytes,
  ROOM_MESSAGE_MAX_BYTES,
  type RoomToAppMessage,
} from './protocol.ts';

const ROOM = 'https://rooms.example';
const frame = { name: 'the room frame' };
const utf8Bytes = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
const read = (data: unknown) =>
  readRoomMessage({ origin: ROOM, source: frame, data }, { origin: ROOM, frame });

/**
 * A `scene` (or `view_content`) message of exactly `bytes` bytes as JSON, its `object` padded with `unit` (a
 * character of 1 to 3 UTF-8 bytes, or a JSON-escaped one).
 */
function messageOf(bytes: number, type: 'scene' | 'view_content' = 'scene', unit = 'x'): RoomToAppMessage {
  const body = (pad: string) =>
    roomMessage<RoomToAppMessage>({
      type,
      event: 'poster_clicked'.padEnd(100, 'é'),
      content_id: 'booth-video'.padEnd(100, '"'),
      object: { pad },
    });
  const unitBytes = utf8Bytes(unit) - 2;
  const room = bytes - (roomMessageBytes(body('')) ?? 0);
  const pad = unit.repeat(Math.floor(room / unitBytes)) + 'x'.repeat(room % unitBytes);
  const message = body(pad);
  expect(roomMessageBytes(message)).toBe(bytes);
  return message;
}

describe('the size bound of a room message', () => {
  it('is the relay fan-out limit of the contracts less a reserve', () => {
    expect(ROOM_MESSAGE_MAX_BYTES).toBeLessThan(FANOUT_PAYLOAD_MAX_BYTES);
    expect(ROOM_MESSAGE_MAX_BYTES).toBe(1984);
  });

  it('counts the UTF-8 bytes of the JSON, and nothing for a message JSON cannot write', () => {
    expect(roomMessageBytes({ a: 'é' })).toBe(10);
    expect(roomMessageBytes({ a: '😀' })).toBe(12);
    expect(roomMessageBytes({ a: 1n })).toBeUndefined();
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(roomMessageBytes(cycle)).toBeUndefined();
  });

  it('passes a message at the bound and refuses one byte more, whatever the characters', () => {
    for (const unit of ['x', 'é', '€', '😀', '\n', '\u0001'])
      for (const type of ['scene', 'view_content'] as const) {
        expect(read(messageOf(ROOM_MESSAGE_MAX_BYTES, type, unit))).toMatchObject({ ok: true });
        // Its shape is good (else it would be dropped as malformed): the bound is what refuses it.
        expect(read(messageOf(ROOM_MESSAGE_MAX_BYTES + 1, type, unit))).toMatchObject({
          ok: false,
          reason: 'too_large',
          bytes: ROOM_MESSAGE_MAX_BYTES + 1,
          issues: `The message is ${ROOM_MESSAGE_MAX_BYTES + 1} bytes as JSON; at most ${ROOM_MESSAGE_MAX_BYTES} are passed on.`,
        });
      }
    expect(read(roomMessage({ type: 'player', event: 'move', data: { n: 1n } }))).toMatchObject({
      ok: false,
      reason: 'shape',
    });
  });

  it('makes a message within it an event the relay takes: the app adds the largest ids and the time', () => {
    for (const unit of ['x', 'é', '😀', '\u0001'])
      for (const type of ['scene', 'view_content'] as const) {
        const message = messageOf(ROOM_MESSAGE_MAX_BYTES, type, unit);
        if (message.type !== 'scene' && message.type !== 'view_content') throw new Error(message.type);
        // As the app's room page emits it (embedded-room.tsx), with ids and a time as long as they get.
        const event = {
          user_id: Number.MAX_SAFE_INTEGER,
          room_id: Number.MAX_SAFE_INTEGER,
          event: message.event,
          content_id: message.content_id,
          object: message.object,
          timestamp: Number.MAX_SAFE_INTEGER,
        };
        expect(SceneEventSchema.safeParse(event).success).toBe(true);
        expect(utf8Bytes(event)).toBeLessThanOrEqual(FANOUT_PAYLOAD_MAX_BYTES);
      }
  });
});

describe('readRoomMessage and the bound', () => {
  it('reads a message over it as too large, with the message and its size, for the answer', () => {
    const over = messageOf(ROOM_MESSAGE_MAX_BYTES + 1);
    expect(read(over)).toEqual({
      ok: false,
      reason: 'too_large',
      message: over,
      bytes: ROOM_MESSAGE_MAX_BYTES + 1,
      issues: `The message is ${ROOM_MESSAGE_MAX_BYTES + 1} bytes as JSON; at most ${ROOM_MESSAGE_MAX_BYTES} are passed on.`,
    });
    expect(read(messageOf(ROOM_MESSAGE_MAX_BYTES))).toMatchObject({ ok: true });
  });

  it('drops a message JSON cannot write as malformed', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const arrayCycle: unknown[] = [];
    arrayCycle.push([arrayCycle]);
    for (const object of [{ n: 1n }, { nested: cycle }, { list: arrayCycle }])
      expect(read(roomMessage({ type: 'scene', event: 'x', object }))).toMatchObject({
        ok: false,
        reason: 'shape',
      });
  });

  it('drops binary and other non-JSON values in `object` or `data` as malformed (JSON would measure them as {})', () => {
    const nonJson: unknown[] = [
      new ArrayBuffer(4000),
      new Uint8Array(4000),
      new Blob(['x'.repeat(4000)]),
      new Date(0),
      new Map([['a', 1]]),
      new Set([1]),
      Number.NaN,
    ];
    for (const value of nonJson) {
      expect(read(roomMessage({ type: 'scene', event: 'x', object: { value } }))).toEqual({
        ok: false,
        reason: 'shape',
        issues:
          'object: Only JSON values (text, numbers, true/false, null, arrays, plain objects) are passed on.',
      });
      expect(read(roomMessage({ type: 'player', event: 'move', data: { deep: [{ value }] } }))).toMatchObject(
        {
          ok: false,
          reason: 'shape',
        },
      );
    }
    // Plain JSON (and a key left undefined, which JSON leaves out) is passed on; a shared object is no cycle.
    const shared = { x: 1 };
    expect(
      read(
        roomMessage({
          type: 'scene',
          event: 'x',
          object: {
            a: [1, 'b', true, null, { c: 2 }],
            d: Object.create(null),
            e: undefined,
            f: shared,
            g: shared,
            h: [shared, [shared]],
          },
        }),
      ),
    ).toMatchObject({ ok: true });
  });

  it('drops JSON nested deeper than any message within the bound holds as malformed, however deep', () => {
    const nested = (depth: number): unknown => {
      let value: unknown = 0;
      for (let level = 0; level < depth; level += 1) value = [value];
      return value;
    };
    const scene = (depth: number) =>
      read(roomMessage({ type: 'scene', event: 'x', object: { v: nested(depth) } }));
    // `object` and 992 arrays in it: at least 1,986 bytes of brackets, so the bound refuses it; its shape is good.
    expect(scene(992)).toMatchObject({ ok: false, reason: 'too_large' });
    const malformed = {
      ok: false,
      reason: 'shape',
      issues:
        'object: Only JSON values (text, numbers, true/false, null, arrays, plain objects) are passed on.',
    };
    expect(scene(993)).toEqual(malformed);
    expect(scene(100_000)).toEqual(malformed);
  });
});

describe('the refused answer', () => {
  it('cuts a long detail at 2000 UTF-16 units, never through a surrogate pair', () => {
    const message = roomMessage({ type: 'scene', event: 'x' }) as Parameters<typeof refusalOf>[0];
    const split = refusalOf(message, 'refused', `${'a'.repeat(1999)}😀tail`).detail;
    expect(split).toBe('a'.repeat(1999));
    expect(refusalOf(message, 'refused', `${'a'.repeat(1998)}😀tail`).detail).toBe(`${'a'.repeat(1998)}😀`);
    expect(refusalOf(message, 'refused', 'short').detail).toBe('short');
  });

  it('names the message by its type and labels, and parses as a message to the room', () => {
    const over = messageOf(ROOM_MESSAGE_MAX_BYTES + 1, 'view_content');
    const answer = refusalOf(
      over,
      'too_large',
      'The message is 1985 bytes as JSON; at most 1984 are passed on.',
    );
    expect(answer).toEqual({
      type: 'refused',
      refused: {
        type: 'view_content',
        event: 'poster_clicked'.padEnd(100, 'é'),
        content_id: 'booth-video'.padEnd(100, '"'),
      },
      reason: 'too_large',
      detail: 'The message is 1985 bytes as JSON; at most 1984 are passed on.',
    });
    expect(AppToRoomMessageSchema.safeParse(roomMessage(answer)).success).toBe(true);
    const achievement = refusalOf(
      roomMessage({ type: 'achievement', achievement_attribute: 'visit_booth_a' }),
      'refused',
      'x'.repeat(5000),
    );
    expect(achievement.refused).toEqual({ type: 'achievement', achievement_attribute: 'visit_booth_a' });
    expect(AppToRoomMessageSchema.safeParse(roomMessage(achievement)).success).toBe(true);
  });

  it("tells the relay's refusals apart", () => {
    expect(refusalReasonOfAck(RELAY_ERRORS.RATE_LIMITED)).toBe('rate_limited');
    expect(refusalReasonOfAck(`${RELAY_ERRORS.PAYLOAD_TOO_LARGE}: at most 2048 bytes`)).toBe('too_large');
    expect(refusalReasonOfAck(RELAY_ERRORS.ROOM_FORBIDDEN)).toBe('refused');
  });
});
