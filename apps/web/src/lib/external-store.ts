// The one way the app keeps state outside React (session, socket, unread counts, dialogs, stored flags): a value,
// its listeners and a hook over useSyncExternalStore. Server data does not live here: it is TanStack Query's.
import { useSyncExternalStore } from 'react';

export interface ExternalStoreOptions {
  /**
   * Also called for each subscriber, with the store's notify, for changes made outside the app (e.g. another
   * tab's `storage` event); answers its own cleanup.
   */
  subscribeExternal?: (notify: () => void) => () => void;
}

export interface ExternalStore<T> {
  get(): T;
  /** Replaces the value and tells every listener (also when it is the same value). */
  set(next: T): void;
  /** Tells every listener that something the snapshot reads changed (e.g. local storage). */
  notify(): void;
  subscribe(listener: () => void): () => void;
  /** The value, re-rendering on change. */
  useValue(): T;
  /**
   * A value read from the store (or from what it guards, e.g. local storage), re-rendering when it changes.
   * `select` must answer equal results for an unchanged store (a primitive, or the stored object itself).
   */
  useSelector<S>(select: (value: T) => S, serverSnapshot?: () => S): S;
}

export function createExternalStore<T>(initial: T, options: ExternalStoreOptions = {}): ExternalStore<T> {
  let value = initial;
  const listeners = new Set<() => void>();
  const notify = () => {
    for (const listener of listeners) listener();
  };
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    const stopExternal = options.subscribeExternal?.(listener);
    return () => {
      listeners.delete(listener);
      stopExternal?.();
    };
  };
  const get = () => value;
  return {
    get,
    set(next) {
      value = next;
      notify();
    },
    notify,
    subscribe,
    useValue: () => useSyncExternalStore(subscribe, get, get),
    useSelector(select, serverSnapshot) {
      const read = () => select(value);
      return useSyncExternalStore(subscribe, read, serverSnapshot ?? read);
    },
  };
}
