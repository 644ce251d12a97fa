// What the signed-in tab reads again after its socket reconnects (lib/api/use-refetch-after-reconnect.ts): the
// queries and public reads on screen, as a reload would (frames the relay sent meanwhile are not stored), after a
// random wait (Math.random mocked, the clock faked), nothing if the socket drops during it, and nothing on the
// socket's first connection.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import type { QueryClient } from '@tanstack/react-query';
import { RECONNECT_SPREAD_MS } from '@showfloor/contracts';
import { clearSession, startSession } from '../../lib/session/session.ts';
import { setSocket } from '../../lib/socket/registry.ts';
import { unconnectedSocket } from '../../testing/fake-socket.ts';
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

/** Lets the recovery's microtask (and what it starts) run. */
const afterListeners = () => act(async () => {});

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(() => {
  setSocket(null);
  clearSession();
});

/** The delay the recovery waits with `Math.random` at 0.5: half the spread. */
const HALF_SPREAD = RECONNECT_SPREAD_MS / 2;

/** Moves the (fake) clock on by `ms` and lets what its timers started run. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

describe('after a reconnect', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  /** The lobby on screen, read once, on a socket connected once and dropped; the clock is faked from here. */
  async function lobbyAfterADrop() {
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
    act(socket.drop);

    vi.spyOn(Math, 'random').mockReturnValue(0.5);
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const reads = () => ({
      lobby: gateway.inputsOf('content.getLobby').length,
      preferences: gateway.inputsOf('event.getPreferences').length,
      openHours: gateway.inputsOf('event.getOpenHours').length,
    });
    return { socket, gateway, queryClient, reads, before: reads() };
  }

  it('reads the queries on screen again after a random wait, and not on the first connection', async () => {
    const { socket, queryClient, reads, before } = await lobbyAfterADrop();

    act(socket.connect);
    await advance(HALF_SPREAD - 1);
    // Nothing read again, nor marked for it, before the wait is over.
    expect(lobbyIsRead(queryClient)).toBe(false);
    expect(reads()).toEqual(before);

    await advance(1);
    // The wait is over: the lobby is being read again (its answer comes through the tRPC client's own timers).
    expect(lobbyIsRead(queryClient)).toBe(true);
    await advance(RECONNECT_SPREAD_MS);
    // The lobby, and the public reads (lib/api/gateway-reads.ts) on screen, fresh as they were: the event's
    // preferences and open hours; once each.
    expect(lobbyIsRead(queryClient)).toBe(false);
    expect(reads()).toEqual({
      lobby: before.lobby + 1,
      preferences: before.preferences + 1,
      openHours: before.openHours + 1,
    });
  });

  it('reads nothing when the socket drops again during the wait; the next reconnect reads once', async () => {
    const { socket, queryClient, reads, before } = await lobbyAfterADrop();

    act(socket.connect);
    await advance(HALF_SPREAD - 1);
    act(socket.drop);
    await advance(RECONNECT_SPREAD_MS * 2);
    expect(lobbyIsRead(queryClient)).toBe(false);
    expect(reads()).toEqual(before);

    act(socket.connect);
    await advance(HALF_SPREAD - 1);
    expect(reads()).toEqual(before);
    await advance(1 + RECONNECT_SPREAD_MS);
    expect(reads()).toEqual({
      lobby: before.lobby + 1,
      preferences: before.preferences + 1,
      openHours: before.openHours + 1,
    });
  });
});
