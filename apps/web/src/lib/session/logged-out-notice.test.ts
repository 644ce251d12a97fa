import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { makeUser } from '../../testing/fixtures.ts';
import {
  CARRIED_NOTICE_KEY,
  carryLoggedOutNotice,
  clearLoggedOutNotice,
  restoreLoggedOutNotice,
  useLoggedOutNotice,
} from './logged-out-notice.ts';
import { createMemoryKeyStore, createSecureStorage } from './secure-storage.ts';
import { clearSession, setSessionStorage, startSession } from './session.ts';

beforeEach(() => {
  setSessionStorage(() => createSecureStorage({ keyStore: createMemoryKeyStore() }));
  clearSession();
  clearLoggedOutNotice();
  window.sessionStorage.clear();
  window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, 'DEMO');
});

afterEach(() => {
  window.sessionStorage.clear();
});

/** The notice the dialog shows (the hook it reads), after start-up restored what was carried. */
function restored() {
  const shown = renderHook(() => useLoggedOutNotice());
  act(() => restoreLoggedOutNotice());
  return shown;
}

describe('a logged-out notice carried across a reload', () => {
  it('is shown after the reload with the last event, once', () => {
    carryLoggedOutNotice('session-problem');
    const shown = restored();
    expect(shown.result.current).toEqual({ reason: 'session-problem', eventCode: 'DEMO' });

    act(() => clearLoggedOutNotice());
    act(() => restoreLoggedOutNotice());
    expect(shown.result.current).toBeNull();
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBeNull();
  });

  it('carries either reason', () => {
    carryLoggedOutNotice('switched-devices');
    expect(restored().result.current).toEqual({ reason: 'switched-devices', eventCode: 'DEMO' });
  });

  it('is dropped, not shown, when the tab is signed in again', async () => {
    carryLoggedOutNotice('switched-devices');
    await startSession(makeUser());
    expect(restored().result.current).toBeNull();
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBeNull();
  });

  it('drops a value that names no reason', () => {
    window.sessionStorage.setItem(CARRIED_NOTICE_KEY, '{"reason":"session-problem"}');
    expect(restored().result.current).toBeNull();
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBeNull();
  });

  it('shows nothing when nothing was carried', () => {
    expect(restored().result.current).toBeNull();
  });
});
