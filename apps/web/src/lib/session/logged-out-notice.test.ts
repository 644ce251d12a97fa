import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { makeUser } from '../../testing/fixtures.ts';
import {
  CARRIED_NOTICE_KEY,
  carryLoggedOutNotice,
  clearLoggedOutNotice,
  getLoggedOutNotice,
  restoreLoggedOutNotice,
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

describe('a logged-out notice carried across a reload', () => {
  it('is shown after the reload with the last event, once', () => {
    carryLoggedOutNotice('session-problem');
    restoreLoggedOutNotice();
    expect(getLoggedOutNotice()).toEqual({ reason: 'session-problem', eventCode: 'DEMO' });

    clearLoggedOutNotice();
    restoreLoggedOutNotice();
    expect(getLoggedOutNotice()).toBeNull();
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBeNull();
  });

  it('is dropped, not shown, when the tab is signed in again', async () => {
    carryLoggedOutNotice('switched-devices');
    await startSession(makeUser());
    restoreLoggedOutNotice();
    expect(getLoggedOutNotice()).toBeNull();
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBeNull();
  });

  it('drops a value that names no reason', () => {
    window.sessionStorage.setItem(CARRIED_NOTICE_KEY, '{"reason":"session-problem"}');
    restoreLoggedOutNotice();
    expect(getLoggedOutNotice()).toBeNull();
    expect(window.sessionStorage.getItem(CARRIED_NOTICE_KEY)).toBeNull();
  });

  it('shows nothing when nothing was carried', () => {
    restoreLoggedOutNotice();
    expect(getLoggedOutNotice()).toBeNull();
  });
});
