// The settings kept in local storage as 'true'/'false' (spec 02 §3 "Settings state"), readable from any
// component and re-rendering on change (also when another tab changes them).
import { useCallback } from 'react';
import { createExternalStore } from '../external-store.ts';

/** Holds nothing itself: it tells readers that local storage changed (here, or in another tab). */
const storageChanges = createExternalStore<void>(undefined, {
  subscribeExternal(notify) {
    window.addEventListener('storage', notify);
    return () => window.removeEventListener('storage', notify);
  },
});

/** The stored flag, or `fallback` when the key is absent or not 'true'/'false'. */
export function readFlag(key: string, fallback: boolean): boolean {
  const value = window.localStorage.getItem(key);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

export function writeFlag(key: string, value: boolean): void {
  window.localStorage.setItem(key, value ? 'true' : 'false');
  storageChanges.notify();
}

export function useStoredFlag(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const value = storageChanges.useSelector(
    () => readFlag(key, fallback),
    () => fallback,
  );
  const set = useCallback((next: boolean) => writeFlag(key, next), [key]);
  return [value, set];
}
