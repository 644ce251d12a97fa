import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createExternalStore } from './external-store.ts';

describe('createExternalStore', () => {
  it('re-renders readers on set and stops telling a listener once it unsubscribes', () => {
    const store = createExternalStore(1);
    function Reader() {
      return <output>{store.useValue()}</output>;
    }
    render(<Reader />);
    expect(screen.getByRole('status')).toHaveTextContent('1');
    act(() => store.set(2));
    expect(screen.getByRole('status')).toHaveTextContent('2');
    const listener = vi.fn();
    const unsubscribe = store.subscribe(listener);
    store.set(3);
    unsubscribe();
    store.set(4);
    expect(listener).toHaveBeenCalledOnce();
    expect(store.get()).toBe(4);
  });

  it('selects a derived value and follows changes from outside the app while subscribed', () => {
    let outside = 'a';
    let tellStore: (() => void) | undefined;
    const stop = vi.fn();
    const store = createExternalStore<void>(undefined, {
      subscribeExternal(notify) {
        tellStore = notify;
        return stop;
      },
    });
    function Reader() {
      return <output>{store.useSelector(() => outside)}</output>;
    }
    const { unmount } = render(<Reader />);
    outside = 'b';
    act(() => tellStore?.());
    expect(screen.getByRole('status')).toHaveTextContent('b');
    outside = 'c';
    act(() => store.notify());
    expect(screen.getByRole('status')).toHaveTextContent('c');
    unmount();
    expect(stop).toHaveBeenCalledOnce();
  });
});
