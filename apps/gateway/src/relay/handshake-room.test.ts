/**
 * The handshake room's retries when the provider fails the check at connect (handshake-room.ts), on fake timers
 * with the jitter pinned: the check is asked again `ROOM_CHECK_RETRY.attempts` times, each after exactly its
 * back-off, then never again, with one "gave up" warning and no timer or disconnect listener left behind. A
 * check that passes on a retry joins (late: a resync); a socket that goes stops the retries without the warning.
 */
import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SocketData } from '@showfloor/contracts';
import type { RelayContext } from './context.ts';
import { joinHandshakeRoom } from './handshake-room.ts';
import type { RelaySocket } from './io.ts';
import { ROOM_CHECK_RETRY } from './retry-while-connected.ts';

const ROOM = 7;
const GAVE_UP = 'relay: gave up joining the handshake room';
const FAILED_AT_CONNECT = 'relay: room access check failed at connect; asking again';

/** A socket as far as the handshake room reads it: connected until it emits 'disconnect'. */
class FakeSocket extends EventEmitter {
  connected = true;
  readonly data: Partial<SocketData> = { userId: 1, eventCode: 'DEMO', token: 't' };
  readonly joined: string[] = [];
  readonly sent: { name: string; payload: unknown }[] = [];
  join(room: string): void {
    this.joined.push(room);
  }
  override emit(name: string, ...args: unknown[]): boolean {
    if (name !== 'disconnect') this.sent.push({ name, payload: args[0] });
    return super.emit(name, ...args);
  }
  onAnyOutgoing(): void {}
  offAnyOutgoing(): void {}
  disconnect(): void {
    this.connected = false;
    this.emit('disconnect');
  }
}

/** A relay context whose room check fails until `allowFrom` checks were asked (never, by default). */
function setup(allowFrom = Infinity) {
  const socket = new FakeSocket();
  const warnings: string[] = [];
  let checks = 0;
  const ctx = {
    directory: {
      canAccessRoom: async () => {
        checks += 1;
        if (checks >= allowFrom) return true;
        throw new Error('provider unavailable');
      },
    },
    logger: { warn: (_fields: unknown, message: string) => warnings.push(message) },
    metrics: { resyncs: { inc: () => undefined } },
    microphones: { read: async () => new Map() },
  } as unknown as RelayContext;
  const joined = joinHandshakeRoom(ctx, socket as unknown as RelaySocket, ROOM);
  return { socket, warnings, joined, checks: () => checks };
}

/** Retry n's delay with Math.random() pinned to 0.5 (the jitter ×1): its back-off exactly. */
function delayOf(attempt: number): number {
  const { firstMs, maxMs } = ROOM_CHECK_RETRY;
  return Math.min(maxMs, firstMs * 2 ** (attempt - 1));
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('handshake room check failing at connect', () => {
  it(`asks again ${ROOM_CHECK_RETRY.attempts} times on its back-off, then stops and warns once`, async () => {
    const { socket, warnings, joined, checks } = setup();
    await joined;
    expect(checks()).toBe(1);
    expect(warnings).toEqual([FAILED_AT_CONNECT]);
    for (let attempt = 1; attempt <= ROOM_CHECK_RETRY.attempts; attempt += 1) {
      await vi.advanceTimersByTimeAsync(delayOf(attempt) - 1);
      expect(checks()).toBe(attempt);
      await vi.advanceTimersByTimeAsync(1);
      expect(checks()).toBe(attempt + 1);
      // Given up only once the last retry failed.
      expect(warnings.filter((message) => message === GAVE_UP)).toHaveLength(
        attempt === ROOM_CHECK_RETRY.attempts ? 1 : 0,
      );
    }
    // Nothing left: no timer, no disconnect listener, and no further check however long the tab stays.
    expect(vi.getTimerCount()).toBe(0);
    expect(socket.listenerCount('disconnect')).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(checks()).toBe(1 + ROOM_CHECK_RETRY.attempts);
    expect(warnings).toEqual([FAILED_AT_CONNECT, GAVE_UP]);
    expect(socket.joined).toEqual([]);
    expect(socket.data.roomId).toBeUndefined();
  });

  it('joins late (with a resync) when a retry passes, and stops asking', async () => {
    const { socket, warnings, joined, checks } = setup(3);
    await joined;
    await vi.advanceTimersByTimeAsync(delayOf(1) + delayOf(2));
    expect(checks()).toBe(3);
    expect(socket.data.roomId).toBe(ROOM);
    expect(socket.joined).toEqual([`room:DEMO:${ROOM}`]);
    expect(socket.sent.map((event) => event.name)).toEqual(['resync']);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(checks()).toBe(3);
    expect(warnings).toEqual([FAILED_AT_CONNECT]);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops at once, without the warning, when the socket goes', async () => {
    const { socket, warnings, joined, checks } = setup();
    await joined;
    await vi.advanceTimersByTimeAsync(delayOf(1) + delayOf(2));
    expect(checks()).toBe(3);
    socket.disconnect();
    expect(vi.getTimerCount()).toBe(0);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(checks()).toBe(3);
    expect(warnings).toEqual([FAILED_AT_CONNECT]);
  });
});
