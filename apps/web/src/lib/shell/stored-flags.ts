// The settings kept in local storage as 'true'/'false' (spec 02 §3 "Settings state"), readable from any
// component and re-rendering on change (also when another tab changes them).
import { useCallback, useSyncExternalStore } from 'react';

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The stored flag, or `fallback` when the key is absent or not 'true'/'false'. */
export function readFlag(key: string, fallback: boolean): boolean {
  const value = window.localStorage.getItem(key);
  if (value === 'true') return true;
  if (value === 'false') return false;
  return fallback;
}

export function writeFlag(key: string, value: boolean): void {
  window.localStorage.setItem(key, value ? 'true' : 'false');
  notify();
}

export function useStoredFlag(key: string, fallback: boolean): [boolean, (value: boolean) => void] {
  const value = useSyncExternalStore(
    subscribe,
    () => readFlag(key, fallback),
    () => fallback,
  );
  const set = useCallback((next: boolean) => writeFlag(key, next), [key]);
  return [value, set];
}
