// What the signed-in tab reads again after its socket reconnects (lib/api/use-refetch-after-reconnect.ts): the
// queries and public reads on screen, as a reload would (frames the relay sent meanwhile are not stored), and
// nothing on the socket's first connection.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { clearSession, startSession } from '../../lib/session/session.ts';
import { setSocket } from '../../lib/socket/registry.ts';
import { createFakeSocket } from '../../testing/fake-socket.ts';
import { makeLobby, makeUser, prefs } from '../../testing/fixtures.ts';
import { TestProviders, createTestQueryClient } from '../../testing/render.tsx';
import { mockTrpc } from '../../testing/trpc-mock.ts';
import { AppRoutes } from '../router.tsx';

// The test installs the tab's socket itself (a fake): the shell opens none.
vi.mock('../../lib/socket/connection.ts', () => ({ useSocketConnection: () => undefined }));

function renderLobby() {
  const gateway = mockTrpc({
    'event.getPreferences': () => prefs({ private_chat: 'yes' }),
    'event.getOpenHours': () => ({ event_open_hours: [] }),
    'content.getLobby': () => makeLobby(),
    'conversation.listConversations': () => ({ conversations: [] }),
  });
  const queryClient = createTestQueryClient();
  render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={['/lobby']}>
        <AppRoutes />
      </MemoryRouter>
    </TestProviders>,
  );
  return { gateway, queryClient };
}

/** The lobby's query: marked for a read again, or being read. */
function lobbyIsRead(queryClient: QueryClient): boolean {
  const lobby = queryClient
    .getQueryCache()
    .getAll()
    .find((query) => JSON.stringify(query.queryKey).includes('getLobby'));
  return Boolean(lobby && (lobby.state.isInvalidated || lobby.state.fetchStatus === 'fetching'));
}

/** A socket that is the tab's before it connects (as connection.ts makes it), connected and dropped by hand. */
function unconnectedSocket() {
  const fake = createFakeSocket();
  const state = fake.socket as unknown as { connected: boolean };
  state.connected = false;
  fake.install();
  return {
    connect: () => {
      state.connected = true;
      fake.fire('connect', undefined);
    },
    drop: () => {
      state.connected = false;
      fake.fire('disconnect', 'transport close');
    },
  };
}

/** Lets the recovery's microtask (and what it starts) run. */
const afterListeners = () => act(async () => {});

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(() => {
  setSocket(null);
  clearSession();
});

describe('after a reconnect', () => {
  it('reads the queries on screen again, and not on the first connection', async () => {
    const socket = unconnectedSocket();
    const { gateway, queryClient } = renderLobby();
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
    await waitFor(() => expect(gateway.inputsOf('content.getLobby')).toHaveLength(1));
    await waitFor(() => expect(lobbyIsRead(queryClient)).toBe(false));

    // A read asked now is either under way or done: neither happened.
    act(socket.connect);
    await afterListeners();
    expect(lobbyIsRead(queryClient)).toBe(false);
    expect(gateway.inputsOf('content.getLobby')).toHaveLength(1);
    const preferenceReads = gateway.inputsOf('event.getPreferences').length;
    const openHourReads = gateway.inputsOf('event.getOpenHours').length;

    act(socket.drop);
    act(socket.connect);
    await waitFor(() => expect(gateway.inputsOf('content.getLobby')).toHaveLength(2));
    await waitFor(() => expect(lobbyIsRead(queryClient)).toBe(false));
    // The public reads (lib/api/gateway-reads.ts) on screen too, fresh as they were: the event's preferences and
    // open hours.
    await waitFor(() => expect(gateway.inputsOf('event.getPreferences')).toHaveLength(preferenceReads + 1));
    await waitFor(() => expect(gateway.inputsOf('event.getOpenHours')).toHaveLength(openHourReads + 1));
  });
});
