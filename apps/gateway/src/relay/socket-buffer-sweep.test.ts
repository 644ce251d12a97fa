/**
 * The sweep's rules on sockets shaped like engine.io's (socket-buffer.ts): a writable transport is not walked
 * whatever it holds; a stalled one is counted (the websocket's buffered bytes plus its queued packets) and
 * dropped only past the cap, at once (discarding close and a terminated websocket); the count stops past the cap.
 */
import { describe, expect, it } from 'vitest';
import type { RelaySocket } from './io.ts';
import { bufferedBytes, sweepSocketBuffers } from './socket-buffer.ts';

interface FakeSocket {
  id: string;
  conn: {
    readyState: string;
    writeBuffer: Array<{ data?: unknown }>;
    transport: { writable: boolean; socket?: { bufferedAmount: number; terminate(): void } };
    close(discard?: boolean): void;
  };
  closed: Array<boolean | undefined>;
  terminated: number;
}

function fake(id: string, writable: boolean, bufferedAmount: number, packets: unknown[]): FakeSocket {
  const socket: FakeSocket = {
    id,
    closed: [],
    terminated: 0,
    conn: {
      readyState: 'open',
      writeBuffer: packets.map((data) => ({ data })),
      transport: {
        writable,
        socket: { bufferedAmount, terminate: () => (socket.terminated += 1) },
      },
      close: (discard) => socket.closed.push(discard),
    },
  };
  return socket;
}

function sweep(sockets: FakeSocket[], maxBytes: number): Array<[string, number]> {
  const over: Array<[string, number]> = [];
  const map = new Map(sockets.map((socket) => [socket.id, socket as unknown as RelaySocket]));
  sweepSocketBuffers(map, maxBytes, (socket, bytes) => over.push([socket.id, bytes]));
  return over;
}

describe('the socket buffer sweep', () => {
  it('drops only a stalled socket past the cap, at once', () => {
    const writable = fake('writable', true, 0, ['x'.repeat(5_000)]);
    const atCap = fake('at-cap', false, 600, ['x'.repeat(400)]);
    const over = fake('over', false, 600, ['x'.repeat(300), Buffer.alloc(101)]);
    expect(sweep([writable, atCap, over], 1_000)).toEqual([['over', 1_001]]);
    expect(over.closed).toEqual([true]);
    expect(over.terminated).toBe(1);
    for (const kept of [writable, atCap]) {
      expect(kept.closed).toEqual([]);
      expect(kept.terminated).toBe(0);
    }
  });

  it('drops a stalled polling socket (no websocket) on its queue alone', () => {
    const polling = fake('polling', false, 0, ['x'.repeat(2_000)]);
    delete polling.conn.transport.socket;
    expect(sweep([polling], 1_000)).toEqual([['polling', 2_000]]);
    expect(polling.closed).toEqual([true]);
  });

  it('leaves a socket already closing alone', () => {
    const closing = fake('closing', false, 5_000, []);
    closing.conn.readyState = 'closing';
    expect(sweep([closing], 1_000)).toEqual([]);
    expect(closing.closed).toEqual([]);
  });

  it('stops counting a long queue once past the limit', () => {
    const long = fake(
      'long',
      false,
      0,
      Array.from({ length: 10_000 }, () => 'x'.repeat(100)),
    );
    expect(bufferedBytes(long as unknown as RelaySocket, 1_000)).toBe(1_100);
    expect(bufferedBytes(long as unknown as RelaySocket)).toBe(1_000_000);
  });
});
