// The signed-in user of this tab: kept encrypted in local storage (spec 01 §3), loaded once at start-up and
// read synchronously afterwards. A missing, tampered or invalid stored value means signed out.
import {
  SIGN_IN_DEFAULTS,
  SIGN_OUT_CLEARED_KEYS,
  STORAGE_KEYS,
  type CurrentUser,
} from '@showfloor/contracts';
import { env } from '../../config/env.ts';
import { createExternalStore } from '../external-store.ts';
import { secureStorage, type SecureStorage } from './secure-storage.ts';

const userStore = createExternalStore<CurrentUser | null>(null);
let storage: () => SecureStorage = secureStorage;

/** Tests swap the encrypted storage (e.g. for one with an in-memory key). */
export function setSessionStorage(factory: () => SecureStorage): void {
  storage = factory;
}

export function getCurrentUser(): CurrentUser | null {
  return userStore.get();
}

/** The current user, re-rendering on change. */
export function useCurrentUser(): CurrentUser | null {
  return userStore.useValue();
}

/** Reads the stored user; anything unreadable leaves the tab signed out and drops the bad value. */
export async function loadSession(): Promise<CurrentUser | null> {
  const hadValue = window.localStorage.getItem(STORAGE_KEYS.CURRENT_USER) !== null;
  const text = await storage().getItem(STORAGE_KEYS.CURRENT_USER);
  let user: CurrentUser | null = null;
  if (text) {
    // The schema check loads on demand: a visitor with nothing stored never downloads it.
    const { parseStoredUser } = await import('./stored-user.ts');
    user = parseStoredUser(text);
  }
  if (!user && hadValue) storage().removeItem(STORAGE_KEYS.CURRENT_USER);
  userStore.set(user);
  return user;
}

/**
 * A successful sign-in: stores the user encrypted and sets the defaults of spec 01 §4 (room-chat feed on,
 * transition content on, status 'available', no disabled popups).
 */
export async function startSession(user: CurrentUser): Promise<void> {
  await storage().setItem(STORAGE_KEYS.CURRENT_USER, JSON.stringify(user));
  for (const [key, value] of Object.entries(SIGN_IN_DEFAULTS)) window.localStorage.setItem(key, value);
  window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, user.event_code);
  userStore.set(user);
}

/** Changes fields of the current user (e.g. a new profile picture) and stores it again. */
export async function updateCurrentUser(patch: Partial<CurrentUser>): Promise<void> {
  const current = userStore.get();
  if (!current) return;
  const next = { ...current, ...patch };
  userStore.set(next);
  await storage().setItem(STORAGE_KEYS.CURRENT_USER, JSON.stringify(next));
}

/** Removes exactly the keys of spec 01 §4 / spec 02 §3 and forgets the user in memory. */
export function clearSession(): void {
  for (const key of SIGN_OUT_CLEARED_KEYS) window.localStorage.removeItem(key);
  userStore.set(null);
}

/**
 * The event code to return to after sign-out or from a signed-out deep link: the user's, else the last one used
 * on this browser, else the deployment's only event (VITE_ONLY_EVENT_CODE), else none.
 */
export function lastEventCode(): string {
  return (
    userStore.get()?.event_code ?? window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE) ?? env.onlyEventCode
  );
}

/** `/auth/login?event=...` (without the query when no event is known). */
export function loginPath(eventCode: string = lastEventCode()): string {
  return eventCode ? `/auth/login?event=${encodeURIComponent(eventCode)}` : '/auth/login';
}
