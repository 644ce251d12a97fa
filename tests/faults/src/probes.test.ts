import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keepConnected, type ReconnectingSocket } from './probes.ts';

/** A socket.io-client socket as far as keepConnected sees it: events, `active`, `connect()`. */
class FakeSocket extends EventEmitter implements ReconnectingSocket {
  active = false;
  connects = 0;
  connect(): void {
    this.connects += 1;
  }
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('keepConnected (the fan-out probe)', () => {
  it('connects again after a refused handshake, which ends socket.io-client’s own retries', () => {
    const socket = new FakeSocket();
    const trouble: string[] = [];
    keepConnected(
      socket,
      () => false,
      (what) => trouble.push(what),
    );
    socket.emit('connect_error', new Error('Authentication is unavailable'));
    expect(socket.connects).toBe(0);
    vi.advanceTimersByTime(1_000);
    expect(socket.connects).toBe(1);
    expect(trouble).toEqual(['handshake refused: Authentication is unavailable']);
  });

  it('leaves a lost transport to socket.io-client (still active), and connects again after a server disconnect', () => {
    const socket = new FakeSocket();
    keepConnected(
      socket,
      () => false,
      () => undefined,
    );
    socket.active = true;
    socket.emit('connect_error', new Error('websocket error'));
    socket.emit('disconnect', 'transport close');
    vi.advanceTimersByTime(5_000);
    expect(socket.connects).toBe(0);
    socket.emit('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(1);
  });

  it('stays away once the probe is closed', () => {
    const socket = new FakeSocket();
    let isClosed = false;
    keepConnected(
      socket,
      () => isClosed,
      () => undefined,
    );
    socket.emit('connect_error', new Error('Authentication is unavailable'));
    isClosed = true;
    vi.advanceTimersByTime(1_000);
    socket.emit('disconnect', 'io server disconnect');
    expect(socket.connects).toBe(0);
  });
});
