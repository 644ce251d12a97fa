import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, render, renderHook, screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { StatusDot } from '../../components/status-dot.tsx';
import { createFakeSocket } from '../../testing/fake-socket.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { TestProviders, createTestQueryClient } from '../../testing/render.tsx';
import { clearSession, startSession } from '../session/session.ts';
import { setSocket } from '../socket/registry.ts';
import { useUserStatusEvents } from './use-user-status-events.ts';
import {
  clearHeardStatuses,
  readOwnStatus,
  useChangeOwnStatus,
  useOwnStatus,
  useUserStatus,
} from './user-status.ts';

beforeEach(async () => {
  await startSession(makeUser());
});
afterEach(() => {
  setSocket(null);
  clearHeardStatuses();
  clearSession();
});

/** A list row's dot: the live status once heard, else the list's. */
function Row({ id, listed }: { id: number; listed: 'available' | 'offline' }) {
  useUserStatusEvents();
  const status = useUserStatus(id, listed);
  return status ? <StatusDot status={status} /> : null;
}

describe('presence', () => {
  it('reads the stored own status, available when nothing valid is stored', () => {
    window.localStorage.removeItem(STORAGE_KEYS.ACTIVE_USER_STATUS);
    expect(readOwnStatus()).toBe('available');
    window.localStorage.setItem(STORAGE_KEYS.ACTIVE_USER_STATUS, 'offline');
    expect(readOwnStatus()).toBe('available');
    window.localStorage.setItem(STORAGE_KEYS.ACTIVE_USER_STATUS, 'away');
    expect(readOwnStatus()).toBe('away');
  });

  it('stores a chosen status, announces it and re-renders its readers', async () => {
    const fake = createFakeSocket();
    fake.install();
    const { result } = renderHook(() => ({ own: useOwnStatus(), change: useChangeOwnStatus() }));
    expect(result.current.own).toBe('available');
    let isAnnounced = false;
    await act(async () => {
      isAnnounced = await result.current.change('busy');
    });
    expect(isAnnounced).toBe(true);
    expect(result.current.own).toBe('busy');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACTIVE_USER_STATUS)).toBe('busy');
    expect(fake.emitted).toEqual([
      { topic: 'user_status_changes', payload: { room_id: null, user_id: 7, user_status: 'busy' } },
    ]);
  });

  it('keeps the choice but says so when the relay refuses it', async () => {
    const fake = createFakeSocket(() => ({ statusCode: 400, message: 'nope' }));
    fake.install();
    const { result } = renderHook(() => useChangeOwnStatus());
    let isAnnounced = true;
    await act(async () => {
      isAnnounced = await result.current('away');
    });
    expect(isAnnounced).toBe(false);
    expect(readOwnStatus()).toBe('away');
  });

  it('shows what a list said until a change is heard, then the change', () => {
    const fake = createFakeSocket();
    fake.install();
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <Row id={8} listed="available" />
      </TestProviders>,
    );
    expect(screen.getByRole('img', { name: 'Available' })).toBeInTheDocument();
    act(() => fake.fire('user_status_changes', { user_id: 8, user_status: 'busy', room_id: null }));
    expect(screen.getByRole('img', { name: 'Do not disturb' })).toBeInTheDocument();
    act(() => fake.fire('user_status_changes', { user_id: 9, user_status: 'away' }));
    act(() => fake.fire('user_status_changes', { user_id: 8, user_status: 'sleeping' }));
    expect(screen.getByRole('img', { name: 'Do not disturb' })).toBeInTheDocument();
    expect(fake.listenerCount('user_status_changes')).toBe(1);
  });

  it("shows a status that came in the event's batch, the latest per user, never the own user's", () => {
    const fake = createFakeSocket();
    fake.install();
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <Row id={8} listed="available" />
        <Row id={7} listed="available" />
      </TestProviders>,
    );
    expect(screen.getAllByRole('img', { name: 'Available' })).toHaveLength(2);
    act(() =>
      fake.fire('user_status_batch', {
        changes: [
          { user_id: 8, user_status: 'away' },
          { user_id: 7, user_status: 'offline' },
          { user_id: 8, user_status: 'busy' },
        ],
      }),
    );
    // 8 is the latest of the batch; 7 is the signed-in user, whose own status is not taken from a batch.
    expect(screen.getByRole('img', { name: 'Do not disturb' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Available' })).toBeInTheDocument();
    // A malformed batch is dropped whole.
    act(() => fake.fire('user_status_batch', { changes: [{ user_id: 8, user_status: 'sleeping' }] }));
    expect(screen.getByRole('img', { name: 'Do not disturb' })).toBeInTheDocument();
  });

  it('announces the stored status when the socket connects (after a reload or a reconnect)', () => {
    window.localStorage.setItem(STORAGE_KEYS.ACTIVE_USER_STATUS, 'away');
    const fake = createFakeSocket();
    fake.install();
    renderHook(() => useUserStatusEvents());
    expect(fake.emitted).toEqual([
      { topic: 'user_status_changes', payload: { room_id: null, user_id: 7, user_status: 'away' } },
    ]);
    act(() => fake.fire('connect', undefined));
    expect(fake.emitted).toHaveLength(2);
  });
});
