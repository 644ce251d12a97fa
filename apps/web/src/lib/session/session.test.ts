import { beforeEach, describe, expect, it } from 'vitest';
import { SIGN_OUT_CLEARED_KEYS, STORAGE_KEYS } from '@showfloor/contracts';
import { makeUser } from '../../testing/fixtures.ts';
import { createMemoryKeyStore, createSecureStorage, type SecureStorage } from './secure-storage.ts';
import {
  clearSession,
  getCurrentUser,
  loadSession,
  loginPath,
  setSessionStorage,
  startSession,
  updateCurrentUser,
} from './session.ts';

let secure: SecureStorage;

beforeEach(() => {
  secure = createSecureStorage({ keyStore: createMemoryKeyStore() });
  setSessionStorage(() => secure);
  clearSession();
});

describe('session', () => {
  it('stores the user encrypted and sets the sign-in defaults', async () => {
    await startSession(makeUser());
    const raw = window.localStorage.getItem(STORAGE_KEYS.CURRENT_USER) ?? '';
    expect(raw).not.toContain('ada@demo.test');
    expect(window.localStorage.getItem(STORAGE_KEYS.ROOM_CHAT_FEED)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.TRANSITION_CONTENT)).toBe('true');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACTIVE_USER_STATUS)).toBe('available');
    expect(window.localStorage.getItem(STORAGE_KEYS.DISABLED_POPUPS)).toBe('[]');
    expect(window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE)).toBe('DEMO');
  });

  it('loads the stored user back after a reload', async () => {
    await startSession(makeUser({ firstname: 'Grace' }));
    clearSessionMemoryOnly();
    await expect(loadSession()).resolves.toMatchObject({ firstname: 'Grace', event_code: 'DEMO' });
    expect(getCurrentUser()?.firstname).toBe('Grace');
  });

  it('treats a tampered stored user as signed out and drops it', async () => {
    await startSession(makeUser());
    const raw = window.localStorage.getItem(STORAGE_KEYS.CURRENT_USER) ?? '';
    window.localStorage.setItem(STORAGE_KEYS.CURRENT_USER, raw.replace(/.$/, raw.endsWith('A') ? 'B' : 'A'));
    clearSessionMemoryOnly();
    await expect(loadSession()).resolves.toBeNull();
    expect(getCurrentUser()).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.CURRENT_USER)).toBeNull();
  });

  it('treats a decryptable value that is not a user as signed out', async () => {
    await secure.setItem(STORAGE_KEYS.CURRENT_USER, '{"id":"not a user"}');
    await expect(loadSession()).resolves.toBeNull();
  });

  it('keeps a changed picture across reloads', async () => {
    await startSession(makeUser());
    await updateCurrentUser({ profile_picture: 'pictures/7.png' });
    clearSessionMemoryOnly();
    await expect(loadSession()).resolves.toMatchObject({ profile_picture: 'pictures/7.png' });
  });

  it('clears exactly the sign-out keys and keeps the others', async () => {
    await startSession(makeUser());
    for (const key of SIGN_OUT_CLEARED_KEYS) window.localStorage.setItem(key, 'x');
    window.localStorage.setItem(STORAGE_KEYS.LANGUAGE, 'de');
    window.localStorage.setItem(STORAGE_KEYS.ACCESS_CODE, 'VIP-2026');
    clearSession();
    for (const key of SIGN_OUT_CLEARED_KEYS) expect(window.localStorage.getItem(key)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.LANGUAGE)).toBe('de');
    expect(window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE)).toBe('DEMO');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_CODE)).toBe('VIP-2026');
    expect(getCurrentUser()).toBeNull();
    expect(loginPath()).toBe('/auth/login?event=DEMO');
  });
});

/** Forgets the in-memory user only, as a page reload would. */
function clearSessionMemoryOnly(): void {
  const saved = { ...window.localStorage };
  clearSession();
  for (const [key, value] of Object.entries(saved)) window.localStorage.setItem(key, String(value));
}
