/**
 * The sweep's rules on connections shaped like engine.io's (socket-buffer.ts): a writable transport is not walked
 * whatever it holds; a stalled one is counted (the websocket's buffered bytes plus its queued packets' UTF-8
 * bytes); over the cap it is dropped only when it was over it at the previous sweep too and has not drained
 * since, or at once past the ceiling (4 × the cap), with a discarding close and a terminated websocket; a
 * connection socket.io already let go of ('closing') is swept too; a throw on one connection does not stop the
 * sweep of the next; the count stops past its limit.
 */
import { describe, expect, it } from 'vitest';
import {
  bufferedBytes,
  socketBufferSweep,
  type EngineClients,
  type EngineSocket,
  type OverCapReason,
} from './socket-buffer.ts';

interface FakeConn extends EngineSocket {
  closed: Array<boolean | undefined>;
  terminated: number;
}

function fake(id: string, writable: boolean, bufferedAmount: number, packets: unknown[]): FakeConn {
  const conn: FakeConn = {
    id,
    closed: [],
    terminated: 0,
    readyState: 'open',
    writeBuffer: packets.map((data) => ({ data })),
    transport: {
      writable,
      socket: { bufferedAmount, terminate: () => (conn.terminated += 1) },
    },
    close: (discard) => conn.closed.push(discard),
  };
  return conn;
}

/** A sweep with a cap of `maxBytes`: each call looks at `conns` once and returns what it dropped. */
function sweeper(maxBytes: number): (conns: FakeConn[]) => Array<[string, number, OverCapReason]> {
  let over: Array<[string, number, OverCapReason]> = [];
  const sweep = socketBufferSweep(maxBytes, {
    onOverCap: (conn, bytes, reason) => over.push([conn.id, bytes, reason]),
    onError: (error) => {
      throw error;
    },
  });
  return (conns) => {
    over = [];
    sweep(Object.fromEntries(conns.map((conn) => [conn.id, conn])) as EngineClients);
    return over;
  };
}

function setBuffered(conn: FakeConn, bytes: number): void {
  conn.transport.socket!.bufferedAmount = bytes;
}

describe('the socket buffer sweep', () => {
  it('drops a stalled connection over the cap on two sweeps that did not drain, with a discarding close', () => {
    const sweep = sweeper(1_000);
    const writable = fake('writable', true, 0, ['x'.repeat(5_000)]);
    const atCap = fake('at-cap', false, 600, ['x'.repeat(400)]);
    const over = fake('over', false, 600, ['x'.repeat(300), Buffer.alloc(101)]);
    // First look: over the cap, remembered, not dropped.
    expect(sweep([writable, atCap, over])).toEqual([]);
    expect(over.closed).toEqual([]);
    // Second look: still 1,001, not gone down: dropped.
    expect(sweep([writable, atCap, over])).toEqual([['over', 1_001, 'not_draining']]);
    expect(over.closed).toEqual([true]);
    expect(over.terminated).toBe(1);
    for (const kept of [writable, atCap]) {
      expect(kept.closed).toEqual([]);
      expect(kept.terminated).toBe(0);
    }
  });

  it('keeps a connection over the cap that is draining, however long it takes', () => {
    const sweep = sweeper(1_000);
    const slow = fake('slow', false, 3_900, []);
    for (const bytes of [3_900, 3_000, 2_500, 2_499, 1_200]) {
      setBuffered(slow, bytes);
      expect(sweep([slow])).toEqual([]);
    }
    expect(slow.closed).toEqual([]);
    // It stops draining (the count grows): dropped on the next look.
    setBuffered(slow, 1_300);
    expect(sweep([slow])).toEqual([['slow', 1_300, 'not_draining']]);
  });

  it('forgets a connection that went below the cap', () => {
    const sweep = sweeper(1_000);
    const conn = fake('conn', false, 2_000, []);
    expect(sweep([conn])).toEqual([]);
    setBuffered(conn, 500);
    expect(sweep([conn])).toEqual([]);
    // Over again: a first look again, not compared with the 2,000 of before.
    setBuffered(conn, 1_500);
    expect(sweep([conn])).toEqual([]);
    expect(conn.closed).toEqual([]);
  });

  it('drops a connection past the ceiling at once', () => {
    const sweep = sweeper(1_000);
    const huge = fake('huge', false, 4_000, ['y']);
    const atCeiling = fake('at-ceiling', false, 4_000, []);
    expect(sweep([huge, atCeiling])).toEqual([['huge', 4_001, 'ceiling']]);
    expect(huge.closed).toEqual([true]);
    expect(huge.terminated).toBe(1);
    expect(atCeiling.closed).toEqual([]);
  });

  it('counts queued text in UTF-8 bytes', () => {
    const cjk = fake('cjk', false, 0, ['語'.repeat(400)]);
    expect(bufferedBytes(cjk)).toBe(1_200);
    const sweep = sweeper(1_000);
    expect(sweep([cjk])).toEqual([]);
    expect(sweep([cjk])).toEqual([['cjk', 1_200, 'not_draining']]);
  });

  it('drops a stalled polling connection (no websocket) on its queue alone', () => {
    const sweep = sweeper(1_000);
    const polling = fake('polling', false, 0, ['x'.repeat(5_000)]);
    delete polling.transport.socket;
    expect(sweep([polling])).toEqual([['polling', 5_000, 'ceiling']]);
    expect(polling.closed).toEqual([true]);
  });

  it('sweeps a connection socket.io let go of that is still closing, and not a closed one', () => {
    const sweep = sweeper(1_000);
    const closing = fake('closing', false, 5_000, []);
    closing.readyState = 'closing';
    const closed = fake('closed', false, 5_000, []);
    closed.readyState = 'closed';
    expect(sweep([closing, closed])).toEqual([['closing', 5_000, 'ceiling']]);
    expect(closing.closed).toEqual([true]);
    expect(closed.closed).toEqual([]);
  });

  it('goes on with the next connection when handling one throws', () => {
    const errors: Array<[string, string]> = [];
    const dropped: string[] = [];
    const sweep = socketBufferSweep(1_000, {
      onOverCap: (conn) => dropped.push(conn.id),
      onError: (error, conn) => errors.push([conn.id, (error as Error).message]),
    });
    const broken = fake('broken', false, 5_000, []);
    broken.close = () => {
      throw new Error('close failed');
    };
    const next = fake('next', false, 5_000, []);
    sweep({ broken, next });
    expect(errors).toEqual([['broken', 'close failed']]);
    expect(dropped).toEqual(['broken', 'next']);
    expect(next.closed).toEqual([true]);
    expect(next.terminated).toBe(1);
  });

  it('stops counting a long queue once past the limit', () => {
    const long = fake(
      'long',
      false,
      0,
      Array.from({ length: 10_000 }, () => 'x'.repeat(100)),
    );
    expect(bufferedBytes(long, 1_000)).toBe(1_100);
    expect(bufferedBytes(long)).toBe(1_000_000);
  });
});
