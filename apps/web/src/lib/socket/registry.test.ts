import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  TOPICS,
  chatTopic,
  type Ack,
  type CatchUpAck,
  type ChatAck,
  type ChatTopic,
} from '@showfloor/contracts';
import { createFakeSocket } from '../../testing/fake-socket.ts';
import { emitWithAck, setSocket, useSocketReconnect } from './registry.ts';

afterEach(() => setSocket(null));

const message = {
  id: 'm1',
  type: 'text',
  action: 'message',
  message: 'Hello',
  from: 7,
  to: [8],
  timestamp: '1700000000000',
  conversation: 'c1',
  seq: 1,
};

describe('emitWithAck', () => {
  it('types each topic with its payload and its acknowledgement', () => {
    // Checked by `pnpm typecheck` (tsc covers the tests); never called.
    const wrongPayloads = () => {
      void emitWithAck(TOPICS.USER_STATUS_CHANGES, { user_id: 7, user_status: 'busy' });
      // @ts-expect-error a status change needs a known status
      void emitWithAck(TOPICS.USER_STATUS_CHANGES, { user_id: 7, user_status: 3 });
      // @ts-expect-error an announcement is no status change
      void emitWithAck(TOPICS.USER_STATUS_CHANGES, { title: 'Keynote', message: 'Starts now', type: 1 });
      // @ts-expect-error a chat message needs its sender
      void emitWithAck(chatTopic('DEMO'), { message: 'Hello', type: 'text', action: 'message' });
      // @ts-expect-error a topic the relay does not know
      void emitWithAck('user_event', { user_id: 7, event: 'wave' });
    };
    expectTypeOf(wrongPayloads).toBeFunction();
    expectTypeOf(emitWithAck<'user_events'>).returns.resolves.toEqualTypeOf<Ack | undefined>();
    expectTypeOf(emitWithAck<'catch_up'>).returns.resolves.toEqualTypeOf<CatchUpAck | undefined>();
    expectTypeOf(emitWithAck<ChatTopic>).returns.resolves.toEqualTypeOf<ChatAck | undefined>();
  });

  it("checks the answer with the topic's ack schema: a chat ack keeps its stored message", async () => {
    const fake = createFakeSocket(() => ({ statusCode: 200, data: message }));
    fake.install();
    const ack = await emitWithAck(chatTopic('DEMO'), {
      from: 7,
      to: [8],
      message: 'Hello',
      type: 'text',
      action: 'message',
      client_id: 'k1',
    });
    expect(ack).toEqual({ statusCode: 200, data: expect.objectContaining({ id: 'm1', seq: 1 }) });
    expect(fake.emitted).toEqual([
      { topic: 'chat_DEMO', payload: expect.objectContaining({ client_id: 'k1' }) },
    ]);
  });

  it('answers undefined for an answer that is not the topic’s ack, and when not connected', async () => {
    const fake = createFakeSocket(() => ({ statusCode: 200 }));
    fake.install();
    // catch_up's 200 carries the messages: a bare 200 is no valid catch-up ack.
    expect(await emitWithAck('catch_up', { conversation_id: 'c1', after_seq: 0 })).toBeUndefined();
    expect(await emitWithAck(TOPICS.USER_EVENTS, { user_id: 7, event: 'wave' })).toEqual({ statusCode: 200 });
    setSocket(null);
    expect(await emitWithAck(TOPICS.USER_EVENTS, { user_id: 7, event: 'wave' })).toBeUndefined();
  });
});

describe('useSocketReconnect', () => {
  /** A fake socket made the tab's socket before it connects, as connection.ts does. */
  function installUnconnected() {
    const fake = createFakeSocket();
    const state = fake.socket as unknown as { connected: boolean };
    state.connected = false;
    fake.install();
    return {
      fake,
      connect: () => {
        state.connected = true;
        fake.fire('connect', undefined);
      },
      drop: () => {
        state.connected = false;
        fake.fire('disconnect', 'transport close');
      },
    };
  }

  it('is not called on the first connection, and on every one after it', () => {
    const { connect, drop } = installUnconnected();
    const onReconnect = vi.fn();
    renderHook(() => useSocketReconnect(onReconnect));
    act(connect);
    expect(onReconnect).not.toHaveBeenCalled();
    act(drop);
    expect(onReconnect).not.toHaveBeenCalled();
    act(connect);
    expect(onReconnect).toHaveBeenCalledTimes(1);
    act(drop);
    act(connect);
    expect(onReconnect).toHaveBeenCalledTimes(2);
  });

  it('tells a reconnect when bound after the first connection (a hook mounted late), or to a connected socket', () => {
    const { connect, drop } = installUnconnected();
    act(connect);
    act(drop);
    const late = vi.fn();
    renderHook(() => useSocketReconnect(late));
    act(connect);
    expect(late).toHaveBeenCalledTimes(1);

    setSocket(null);
    const open = createFakeSocket();
    open.install();
    const onOpen = vi.fn();
    renderHook(() => useSocketReconnect(onOpen));
    act(() => open.fire('disconnect', 'transport close'));
    act(() => open.fire('connect', undefined));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});

describe('useSocketReconnect with a spread', () => {
  /** A fake socket made the tab's socket, connected once and dropped: its next connect is a reconnect. */
  function installDropped() {
    const fake = createFakeSocket();
    const state = fake.socket as unknown as { connected: boolean };
    state.connected = false;
    fake.install();
    const connect = () => {
      state.connected = true;
      fake.fire('connect', undefined);
    };
    const drop = () => {
      state.connected = false;
      fake.fire('disconnect', 'transport close');
    };
    act(connect);
    act(drop);
    return { connect, drop };
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
    renderHook(() => useSocketReconnect(onReconnect, { spreadMs: 2_000, random }));
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
    renderHook(() => useSocketReconnect(onReconnect, { spreadMs: 2_000, random: () => 0.5 }));
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
    renderHook(() => useSocketReconnect(onReconnect, { spreadMs: 2_000, random: () => 0.5 }));
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
      useSocketReconnect(onReconnect, { spreadMs: 2_000, random: () => 0.5 }),
    );
    act(connect);
    expect(vi.getTimerCount()).toBe(1);
    unmount();
    expect(vi.getTimerCount()).toBe(0);

    const next = installDropped();
    renderHook(() => useSocketReconnect(onReconnect, { spreadMs: 2_000, random: () => 0.5 }));
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
