/**
 * The msgpack the Redis adapter's broadcasts travel in (notepack.io 3, through @socket.io/redis-adapter 8.3,
 * pinned), read on the relay's chat path without decoding it: `skipMsgpack` walks past a value (no string or
 * object made), `msgpackString` and `msgpackContainer` find a string's bytes and a map's or array's size.
 * msgpack.test.ts holds them to what notepack writes.
 */

/** What `skipMsgpack` answers when the bytes end (or are not msgpack) before the value does. */
export const NOT_MSGPACK = -1;

/** The 1-, 2- or 4-byte length after the type byte at `offset`; the buffer's length when cut off. */
function u8(buffer: Buffer, offset: number): number {
  return buffer[offset + 1] ?? buffer.length;
}
function u16(buffer: Buffer, offset: number): number {
  return offset + 3 <= buffer.length ? buffer.readUInt16BE(offset + 1) : buffer.length;
}
function u32(buffer: Buffer, offset: number): number {
  return offset + 5 <= buffer.length ? buffer.readUInt32BE(offset + 1) : buffer.length;
}

/**
 * The offset right after the msgpack value that starts at `offset`, its bytes walked but nothing decoded (no
 * string or object made); NOT_MSGPACK when they end first or hold a byte msgpack does not use (0xc1).
 */
export function skipMsgpack(buffer: Buffer, offset: number): number {
  const { length } = buffer;
  // Values still to skip: a map or an array adds its entries.
  let pending = 1;
  while (pending > 0) {
    if (offset >= length) return NOT_MSGPACK;
    const byte = buffer[offset] as number;
    pending -= 1;
    if (byte <= 0x7f || byte >= 0xe0) offset += 1;
    else if (byte <= 0x8f) {
      pending += 2 * (byte & 0x0f);
      offset += 1;
    } else if (byte <= 0x9f) {
      pending += byte & 0x0f;
      offset += 1;
    } else if (byte <= 0xbf) offset += 1 + (byte & 0x1f);
    else {
      // A length cut off by the end reads as `length`: past the end, caught by the loop's or the last check.
      switch (byte) {
        case 0xc0: // nil
        case 0xc2: // false
        case 0xc3: // true
          offset += 1;
          break;
        case 0xc4: // bin 8
        case 0xd9: // str 8
          offset += 2 + u8(buffer, offset);
          break;
        case 0xc5: // bin 16
        case 0xda: // str 16
          offset += 3 + u16(buffer, offset);
          break;
        case 0xc6: // bin 32
        case 0xdb: // str 32
          offset += 5 + u32(buffer, offset);
          break;
        case 0xc7: // ext 8: length, type, data
          offset += 3 + u8(buffer, offset);
          break;
        case 0xc8: // ext 16
          offset += 4 + u16(buffer, offset);
          break;
        case 0xc9: // ext 32
          offset += 6 + u32(buffer, offset);
          break;
        case 0xcc: // uint 8
        case 0xd0: // int 8
          offset += 2;
          break;
        case 0xcd: // uint 16
        case 0xd1: // int 16
        case 0xd4: // fixext 1
          offset += 3;
          break;
        case 0xd5: // fixext 2
          offset += 4;
          break;
        case 0xca: // float 32
        case 0xce: // uint 32
        case 0xd2: // int 32
          offset += 5;
          break;
        case 0xd6: // fixext 4
          offset += 6;
          break;
        case 0xcb: // float 64
        case 0xcf: // uint 64
        case 0xd3: // int 64
          offset += 9;
          break;
        case 0xd7: // fixext 8
          offset += 10;
          break;
        case 0xd8: // fixext 16
          offset += 18;
          break;
        case 0xdc: // array 16
          pending += u16(buffer, offset);
          offset += 3;
          break;
        case 0xdd: // array 32
          pending += u32(buffer, offset);
          offset += 5;
          break;
        case 0xde: // map 16
          pending += 2 * u16(buffer, offset);
          offset += 3;
          break;
        case 0xdf: // map 32
          pending += 2 * u32(buffer, offset);
          offset += 5;
          break;
        default: // 0xc1: never used
          return NOT_MSGPACK;
      }
    }
  }
  return offset <= length ? offset : NOT_MSGPACK;
}

/** A msgpack string at `offset`: its bytes' start and end, or undefined when the value there is no string. */
export function msgpackString(buffer: Buffer, offset: number): { start: number; end: number } | undefined {
  const byte = buffer[offset];
  if (byte === undefined) return undefined;
  let start: number;
  let size: number;
  if (byte >= 0xa0 && byte <= 0xbf) {
    start = offset + 1;
    size = byte & 0x1f;
  } else if (byte === 0xd9 && offset + 2 <= buffer.length) {
    start = offset + 2;
    size = buffer[offset + 1] as number;
  } else if (byte === 0xda && offset + 3 <= buffer.length) {
    start = offset + 3;
    size = buffer.readUInt16BE(offset + 1);
  } else if (byte === 0xdb && offset + 5 <= buffer.length) {
    start = offset + 5;
    size = buffer.readUInt32BE(offset + 1);
  } else return undefined;
  return start + size <= buffer.length ? { start, end: start + size } : undefined;
}

/** A msgpack map's or array's entry count at `offset` and where its first entry starts; undefined otherwise. */
export function msgpackContainer(
  buffer: Buffer,
  offset: number,
  kind: 'map' | 'array',
): { size: number; first: number } | undefined {
  const byte = buffer[offset];
  if (byte === undefined) return undefined;
  const isMap = kind === 'map';
  const fixed = isMap ? 0x80 : 0x90;
  if (byte >= fixed && byte <= fixed + 0x0f) return { size: byte & 0x0f, first: offset + 1 };
  if (byte === (isMap ? 0xde : 0xdc) && offset + 3 <= buffer.length)
    return { size: buffer.readUInt16BE(offset + 1), first: offset + 3 };
  if (byte === (isMap ? 0xdf : 0xdd) && offset + 5 <= buffer.length)
    return { size: buffer.readUInt32BE(offset + 1), first: offset + 5 };
  return undefined;
}
