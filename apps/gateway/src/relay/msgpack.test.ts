/**
 * msgpack.ts against what notepack.io writes, loaded from where @socket.io/redis-adapter loads it: the walker
 * must end exactly where notepack's value ends, and say so when the bytes end first.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { NOT_MSGPACK, skipMsgpack } from './msgpack.ts';

const fromAdapter = createRequire(createRequire(import.meta.url).resolve('@socket.io/redis-adapter'));
const notepack = fromAdapter('notepack.io') as { encode(value: unknown): Buffer };

const long = (size: number, unit = 'x'): string => unit.repeat(size);
const map = (size: number): Record<string, number> =>
  Object.fromEntries(Array.from({ length: size }, (_, index) => [`k${index}`, index]));

/** Values of every kind and length class msgpack has, as a broadcast may carry them. */
const VALUES: Array<[string, unknown]> = [
  ['small and large integers', [0, 1, 127, 128, 255, 256, 65_535, 65_536, 2 ** 32 - 1, 2 ** 32, 2 ** 53 - 1]],
  ['negative integers', [-1, -32, -33, -128, -129, -32_768, -32_769, -(2 ** 31), -(2 ** 31) - 1, -(2 ** 53)]],
  ['floats and odd numbers', [0.5, -1.25, -0, Number.MAX_VALUE, Number.NaN, Number.POSITIVE_INFINITY]],
  [
    'strings of every length class',
    ['', 'a', long(31), long(32), long(33), long(255), long(256), long(65_536)],
  ],
  [
    'strings beyond ASCII',
    [
      'héllo ✓ 𝄞',
      long(10, 'é'),
      long(11, '✓'),
      long(16, 'é'),
      long(17, 'é'),
      long(40, '𝄞'),
      '\ud800',
      'a\udc00b',
    ],
  ],
  ['lone surrogates', [long(33, '\ud800'), `${long(32)}\ud800`]],
  ['nil, booleans, undefined', [null, true, false, undefined]],
  ['maps of every size class', [map(0), map(15), map(16), map(70_000)]],
  [
    'arrays of every size class',
    [[], Array.from({ length: 15 }, () => 1), Array.from({ length: 16 }, () => [{}])],
  ],
  ['an object with undefined and function values', { a: 1, b: undefined, c: () => 1, d: [undefined] }],
  ['keys beyond ASCII', { ключ: 1, '✓': { '𝄞': 'x' } }],
  [
    'a broadcast of a stored chat message',
    [
      'uid123',
      {
        type: 2,
        data: [
          'chat_DEMO',
          {
            id: 'm-1',
            message: 'héllo',
            from: 7,
            to: [8, 9],
            seq: 3,
            room: { id: 3, name: 'Hall' },
            created_at: '2026-11-27T11:00:00.000Z',
            extra: null,
          },
        ],
        nsp: '/',
      },
      { rooms: ['user:7', 'user:8'], except: [], flags: {} },
    ],
  ],
];

describe('skipMsgpack', () => {
  it.each([
    ...VALUES,
    ['binary of every length class', [Buffer.alloc(0), Buffer.alloc(300, 1), Buffer.alloc(70_000, 2)]],
    ['timestamps (ext types)', [new Date(0), new Date(2 ** 33 * 1000 + 5), new Date(-5)]],
  ])('walks past a whole value: %s', (_name, value) => {
    const encoded = notepack.encode([value, 'after']);
    const afterValue = skipMsgpack(encoded, 1);
    expect(afterValue).toBeGreaterThan(1);
    expect(skipMsgpack(encoded, afterValue)).toBe(encoded.length);
    expect(skipMsgpack(encoded, 0)).toBe(encoded.length);
  });

  it('says so when the bytes end before the value or are not msgpack', () => {
    const encoded = notepack.encode({ text: long(300), list: [1, 2, 3], at: new Date(5) });
    for (let cut = 0; cut < encoded.length; cut += 1)
      expect(skipMsgpack(encoded.subarray(0, cut), 0)).toBe(NOT_MSGPACK);
    expect(skipMsgpack(Buffer.from([0xc1]), 0)).toBe(NOT_MSGPACK);
  });
});
