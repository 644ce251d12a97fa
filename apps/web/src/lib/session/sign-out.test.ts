import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Socket } from 'socket.io-client';
import { SIGN_OUT_CLEARED_KEYS, STORAGE_KEYS } from '@showfloor/contracts';
import { makeUser } from '../../testing/fixtures.ts';
import { mockTrpc } from '../../testing/trpc-mock.ts';
import { browser } from '../browser.ts';
import { createMemoryKeyStore, createSecureStorage } from './secure-storage.ts';
import { getCurrentUser, setSessionStorage, startSession } from './session.ts';
import { expireSession, resetSignOutForTests, signOut, signOutInvalidToken } from './sign-out.ts';
import { getSocket, setSocket } from '../socket/registry.ts';
import { CARRIED_NOTICE_KEY } from './logged-out-notice.ts';

function fakeSocket() {
  const emitted: Array<{ topic: string; payload: unknown }> = [];
  const socket = {
    connected: true,
    on: vi.fn(),
    io: { on: vi.fn() },
    timeout: () => ({
      emitWithAck: async (topic: string, payload: unknown) => {
        emitted.push({ topic, payload });
        return { statusCode: 200 };
      },
    }),
    removeAllListeners: vi.fn(),
    disconnect: vi.fn(),
  };
  return { socket, emitted };
}

beforeEach(async () => {
  resetSignOutForTests();
  setSessionStorage(() => createSecureStorage({ keyStore: createMemoryKeyStore() }));
  await startSession(makeUser({ id: 7, event_code: 'DEMO' }));
});

afterEach(() => {
  vi.restoreAllMocks();
  setSocket(null);
});

describe('sign-out', () => {
  it("announces 'offline', ends the provider session, clears exactly the spec's keys and reloads on the login page", async () => {
    const { socket, emitted } = fakeSocket();
    setSocket(socket as unknown as Socket);
    const gateway = mockTrpc({ 'auth.signout': () => ({ message: 'Signed out.' }) });
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    window.localStorage.setItem(STORAGE_KEYS.LANGUAGE, 'de');
    for (const key of SIGN_OUT_CLEARED_KEYS)
      if (!window.localStorage.getItem(key)) window.localStorage.setItem(key, 'x');

    await signOut();

    expect(emitted).toEqual([
      { topic: 'user_status_changes', payload: { room_id: null, user_id: 7, user_status: 'offline' } },
    ]);
    expect(gateway.inputsOf('auth.signout')).toHaveLength(1);
    for (const key of SIGN_OUT_CLEARED_KEYS) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.LANGUAGE)).toBe('de');
    expect(getCurrentUser()).toBeNull();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(getSocket()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/login?event=DEMO');
    gateway.restore();
  });

  it('still signs out when the provider call fails', async () => {
    const gateway = mockTrpc({});
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    await signOut();
    expect(getCurrentUser()).toBeNull();
    expect(assign).toHaveBeenCalledWith('/auth/login?event=DEMO');
    gateway.restore();
  });

  it('on 401.1 clears the stored user and reloads without calling anyone', () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    signOutInvalidToken();
    expect(getCurrentUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.CURRENT_USER)).toBeNull();
    expect(reload).toHaveBeenCalledOnce();
    // The reloaded tab says why (logged-out-notice.ts restoreLoggedOutNotice).
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBe('session-problem');
  });

  it('on an expired session keeps the user for 4 s, then clears them and opens the login page of the event', () => {
    vi.useFakeTimers();
    try {
      const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
      expireSession();
      expireSession();
      vi.advanceTimersByTime(3999);
      expect(getCurrentUser()).not.toBeNull();
      expect(assign).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      expect(getCurrentUser()).toBeNull();
      expect(window.localStorage.getItem(STORAGE_KEYS.CURRENT_USER)).toBeNull();
      expect(assign).toHaveBeenCalledExactlyOnceWith('/auth/login?event=DEMO');
    } finally {
      vi.useRealTimers();
    }
  });
});
