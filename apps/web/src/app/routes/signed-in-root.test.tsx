// The signed-in root as the app mounts it (the real route table): the scene stays mounted under a drawer page,
// and a closed event sends its signed-in visitor to /info.
import { useEffect, useLayoutEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation, type Location } from 'react-router-dom';
import { clearSession, startSession } from '../../lib/session/session.ts';
import { makeLobby, makeRoom, makeUser, prefs } from '../../testing/fixtures.ts';
import { TestProviders, createTestQueryClient } from '../../testing/render.tsx';
import { mockTrpc } from '../../testing/trpc-mock.ts';
import { AppRoutes } from '../router.tsx';

const roomMounts = vi.hoisted(() => [] as string[]);

// The tab's socket is the relay's business (lib/socket); here it stays closed.
vi.mock('../../lib/socket/connection.ts', () => ({ useSocketConnection: () => undefined }));
// The room page stands in for the embedded room: it records every mount.
vi.mock('../../features/room/routes/room-page.tsx', async () => {
  const { useParams } = await import('react-router-dom');
  return {
    default: function Room() {
      const { roomId } = useParams();
      useEffect(() => {
        roomMounts.push(`room ${roomId}`);
      }, [roomId]);
      return <h1>Room {roomId}</h1>;
    },
  };
});

let location: Location | undefined;
// A layout effect: the location is recorded in the commit that renders it, before testing-library's DOM observer
// (a microtask) can see that commit's elements; a passive effect ran later, so a page found by its heading could
// still read the previous location (seen once in CI: '/lobby' beside the info page's heading).
function Probe() {
  const current = useLocation();
  useLayoutEffect(() => {
    location = current;
  }, [current]);
  return null;
}

function renderApp(route: string, openHours: { from_timestamp: number; to_timestamp: number }[] = []) {
  mockTrpc({
    'event.getPreferences': () => prefs({ private_chat: 'yes' }),
    'event.getOpenHours': () => ({ event_open_hours: openHours }),
    'content.getRoom': () => makeRoom({ multiplayer: true }),
    'content.getLobby': () => makeLobby(),
    'conversation.listConversations': () => ({ conversations: [] }),
    'user.getRoomUsers': () => ({ users: [] }),
  });
  const user = userEvent.setup();
  render(
    <TestProviders queryClient={createTestQueryClient()}>
      <MemoryRouter initialEntries={[route]}>
        <Probe />
        <AppRoutes />
      </MemoryRouter>
    </TestProviders>,
  );
  return { user };
}

beforeEach(async () => {
  roomMounts.length = 0;
  location = undefined;
  await startSession(makeUser());
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

describe('the signed-in root', () => {
  it('keeps the room mounted while a menu page is open in the drawer, and returns to it on close', async () => {
    const { user } = renderApp('/room/5');
    expect(await screen.findByRole('heading', { name: 'Room 5', level: 1 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Participants' }));
    const drawer = await screen.findByRole('dialog', { name: 'Participants' });
    // The participants page itself, for the room under the drawer (nobody else is in it).
    expect(await within(drawer).findByText('Participant list is empty!')).toBeInTheDocument();
    expect(location?.pathname).toBe('/user-list');
    expect(screen.getByRole('heading', { name: 'Room 5', level: 1 })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(location?.pathname).toBe('/room/5'));
    expect(roomMounts).toEqual(['room 5']);
  });

  it('opens a deep-linked menu page over the lobby', async () => {
    renderApp('/chat');
    const drawer = await screen.findByRole('dialog', { name: 'Chat' });
    expect(await within(drawer).findByText(/You have no conversations yet/)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Lobby', level: 1 })).toBeInTheDocument();
  });

  it('sends a signed-in visitor of a closed event to its info page', async () => {
    const hour = 3_600_000;
    const later = Date.now() + 24 * hour;
    renderApp('/lobby', [{ from_timestamp: later, to_timestamp: later + hour }]);
    expect(await screen.findByRole('heading', { name: 'Information' })).toBeInTheDocument();
    expect(location?.pathname).toBe('/info');
    expect(location?.search).toBe('?event=DEMO');
  });
});
