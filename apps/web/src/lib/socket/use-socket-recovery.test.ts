import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { createFakeSocket, unconnectedSocket } from '../../testing/fake-socket.ts';
import { setSocket } from './registry.ts';
import { useSocketRecovery, type RecoveryCause } from './use-socket-recovery.ts';

afterEach(() => setSocket(null));

/** The causes a handler was called with, in order. */
const causesOf = (handler: ReturnType<typeof vi.fn>) =>
  handler.mock.calls.map((call) => call[0] as RecoveryCause);

describe('useSocketRecovery after a reconnect', () => {
  it('is not called on the first connection, and on every one after it', () => {
    const { connect, drop } = unconnectedSocket();
    const onReconnect = vi.fn();
    renderHook(() => useSocketRecovery(onReconnect));
    act(connect);
    expect(onReconnect).not.toHaveBeenCalled();
    act(drop);
    expect(onReconnect).not.toHaveBeenCalled();
    act(connect);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    act(drop);
    act(connect);
    expect(onReconnect).toHaveBeenCalledTimes(2);
    expect(causesOf(onReconnect)).toEqual(['reconnect', 'reconnect']);
  });

  it('tells a reconnect when bound after the first connection (a hook mounted late), or to a connected socket', () => {
    const { connect, drop } = unconnectedSocket();
    act(connect);
    act(drop);
    const late = vi.fn();
    renderHook(() => useSocketRecovery(late));
    act(connect);
    expect(late).toHaveBeenCalledTimes(1);

    setSocket(null);
    const open = createFakeSocket();
    open.install();
    const onOpen = vi.fn();
    renderHook(() => useSocketRecovery(onOpen));
    expect(onOpen).not.toHaveBeenCalled();
    act(open.drop);
    act(open.connect);
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('useSocketRecovery with a spread', () => {
  /** A fake socket made the tab's socket, connected once and dropped: its next connect is a reconnect. */
  function installDropped() {
    const fake = unconnectedSocket();
    act(fake.connect);
    act(fake.drop);
    return fake;
  }

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('calls after the random wait in [0, spreadMs), not before', () => {
    const { connect } = installDropped();
    const onReconnect = vi.fn();
    const random = vi.fn(() => 0.25);
    renderHook(() => useSocketRecovery(onReconnect, { spreadMs: 2_000, random }));
    act(connect);
    expect(random).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onReconnect).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('cancels the wait when the socket drops again; the next reconnect waits anew and calls once', () => {
    const { connect, drop } = installDropped();
    const onReconnect = vi.fn();
    renderHook(() => useSocketRecovery(onReconnect, { spreadMs: 2_000, random: () => 0.5 }));
    act(connect);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    act(drop);
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onReconnect).not.toHaveBeenCalled();

    act(connect);
    act(() => {
      vi.advanceTimersByTime(999);
    });
    expect(onReconnect).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('keeps one wait when a connect comes while one is pending', () => {
    const { connect } = installDropped();
    const onReconnect = vi.fn();
    renderHook(() => useSocketRecovery(onReconnect, { spreadMs: 2_000, random: () => 0.5 }));
    act(connect);
    act(() => {
      vi.advanceTimersByTime(600);
    });
    act(connect);
    expect(vi.getTimerCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onReconnect).toHaveBeenCalledTimes(1);
  });

  it('leaves no timer and does not call after unmount or a new socket during the wait', () => {
    const { connect } = installDropped();
    const onReconnect = vi.fn();
    const { unmount } = renderHook(() =>
      useSocketRecovery(onReconnect, { spreadMs: 2_000, random: () => 0.5 }),
    );
    act(connect);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);

    const next = installDropped();
    renderHook(() => useSocketRecovery(onReconnect, { spreadMs: 2_000, random: () => 0.5 }));
    act(next.connect);
    expect(vi.getTimerCount()).toBe(1);
    act(() => setSocket(null));
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onReconnect).not.toHaveBeenCalled();
  });
});

describe('useSocketRecovery on the first connection', () => {
  it("is called at once on the socket's first connect, then on each reconnect, when it asks for both", () => {
    const { connect, drop } = unconnectedSocket();
    const onRecover = vi.fn();
    renderHook(() => useSocketRecovery(onRecover, { causes: ['first_connect', 'reconnect'] }));
    expect(onRecover).not.toHaveBeenCalled();
    act(connect);
    expect(causesOf(onRecover)).toEqual(['first_connect']);
    act(drop);
    act(connect);
    expect(causesOf(onRecover)).toEqual(['first_connect', 'reconnect']);
  });

  it('is called at once when bound to a socket already connected (its first connect passed unheard), with it', () => {
    const fake = createFakeSocket();
    const socket = fake.install();
    const onRecover = vi.fn();
    renderHook(() => useSocketRecovery(onRecover, { causes: ['first_connect'] }));
    expect(onRecover.mock.calls).toEqual([['first_connect', socket]]);
    // Only the first connection: no reconnect was asked for.
    act(fake.drop);
    act(fake.connect);
    expect(onRecover).toHaveBeenCalledTimes(1);
  });

  it('is not called on the first connection when not asked for', () => {
    createFakeSocket().install();
    const onRecover = vi.fn();
    renderHook(() => useSocketRecovery(onRecover, { causes: ['reconnect', 'resync'] }));
    // A new socket, before its first connection.
    let fresh: ReturnType<typeof unconnectedSocket> | undefined;
    act(() => {
      fresh = unconnectedSocket();
    });
    act(() => fresh?.connect());
    expect(onRecover).not.toHaveBeenCalled();
  });
});

describe("useSocketRecovery on the relay's resync", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  /** The tab's socket, connected (its first connection passed), and a hook that hears resync. */
  function resyncHook(random: () => number = () => 0.25) {
    const fake = createFakeSocket();
    fake.install();
    const onRecover = vi.fn();
    const hook = renderHook(() => useSocketRecovery(onRecover, { causes: ['reconnect', 'resync'], random }));
    return { fake, onRecover, hook };
  }

  it('calls after the random wait in [0, spread_ms) the relay names, not before, once', () => {
    const random = vi.fn(() => 0.25);
    const { fake, onRecover } = resyncHook(random);
    act(() => fake.fire('resync', { reason: 'fanout_interrupted', spread_ms: 1_000 }));
    expect(random).toHaveBeenCalledTimes(1);
    act(() => {
      vi.advanceTimersByTime(249);
    });
    expect(onRecover).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(causesOf(onRecover)).toEqual(['resync']);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onRecover).toHaveBeenCalledTimes(1);
  });

  it('ignores a malformed resync', () => {
    const { fake, onRecover } = resyncHook();
    act(() => fake.fire('resync', { reason: 'fanout_interrupted', spread_ms: -1 }));
    act(() => fake.fire('resync', { spread_ms: 1_000 }));
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(onRecover).not.toHaveBeenCalled();
  });

  it('binds no resync listener when not asked for', () => {
    const fake = createFakeSocket();
    fake.install();
    // The registry's own (the time away) is bound on install; the hook binds one more.
    const registry = fake.listenerCount('disconnect');
    renderHook(() => useSocketRecovery(vi.fn()));
    expect(fake.listenerCount('resync')).toBe(0);
    expect(fake.listenerCount('disconnect')).toBe(registry + 1);
  });

  it('keeps one wait: a second resync during the wait replaces it', () => {
    const { fake, onRecover } = resyncHook(() => 0.5);
    act(() => fake.fire('resync', { reason: 'peer_lost', spread_ms: 1_000 }));
    act(() => {
      vi.advanceTimersByTime(400);
    });
    act(() => fake.fire('resync', { reason: 'peer_lost', spread_ms: 1_000 }));
    expect(vi.getTimerCount()).toBe(1);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onRecover).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(causesOf(onRecover)).toEqual(['resync']);
  });

  it('cancels the wait when the socket drops: only the reconnect calls', () => {
    const { fake, onRecover } = resyncHook();
    act(() => fake.fire('resync', { reason: 'peer_lost', spread_ms: 1_000 }));
    act(fake.drop);
    expect(vi.getTimerCount()).toBe(0);
    act(fake.connect);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(causesOf(onRecover)).toEqual(['reconnect']);
  });

  it('leaves no timer and does not call after unmount or a new socket during the wait', () => {
    const first = resyncHook();
    act(() => first.fake.fire('resync', { reason: 'peer_lost', spread_ms: 1_000 }));
    expect(vi.getTimerCount()).toBe(1);
    first.hook.unmount();
    expect(vi.getTimerCount()).toBe(0);

    const second = resyncHook();
    act(() => second.fake.fire('resync', { reason: 'peer_lost', spread_ms: 1_000 }));
    expect(vi.getTimerCount()).toBe(1);
    act(() => setSocket(null));
    expect(vi.getTimerCount()).toBe(0);
    act(() => {
      vi.advanceTimersByTime(10_000);
    });
    expect(first.onRecover).not.toHaveBeenCalled();
    expect(second.onRecover).not.toHaveBeenCalled();
  });
});
