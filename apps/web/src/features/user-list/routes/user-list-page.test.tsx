import { afterEach, describe, expect, it } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import type { CurrentUser } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { SceneContext } from '../../../lib/shell/scene.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeLobby, makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { useMicrophoneEvents } from '../hooks/use-microphone-events.ts';
import UserListPage from './user-list-page.tsx';

const LOBBY = makeLobby({ multiplayer: true });
const GRACE = { id: 2, firstname: 'Grace', lastname: 'Hopper', company: 'Navy', job_title: 'Admiral' };
const LINUS = { id: 3, firstname: 'Linus', lastname: 'Torvalds', company: 'Kernel', job_title: 'Maintainer' };
const ERIN = makeUser({
  id: 4,
  firstname: 'Erin',
  lastname: 'Meyer',
  roles: [{ role: 'event-admin' }],
  room_access: [1],
});
const ADA = makeUser({ id: 1, firstname: 'Ada', lastname: 'Lovelace', room_access: [1] });
const FIRST_SCREEN = { timeout: 5000 };

function Page() {
  useMicrophoneEvents();
  return (
    <SceneContext value={{ pathname: '/lobby', search: '', hash: '' }}>
      <UserListPage />
    </SceneContext>
  );
}

async function setUp(user: CurrentUser, people: unknown[]) {
  await startSession(user);
  mockTrpc({ 'content.getLobby': () => LOBBY, 'user.getRoomUsers': () => ({ users: people }) });
  const socket = createFakeSocket();
  socket.install();
  return { socket, ...renderWithProviders(<Page />) };
}

afterEach(() => {
  setSocket(null);
  clearSession();
});

describe('UserListPage', () => {
  it("says 'Participant list is empty!' in an empty room", async () => {
    await setUp(ERIN, []);
    expect(await screen.findByText('Participant list is empty!', {}, FIRST_SCREEN)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute all' })).toBeNull();
  });

  it('lets an event-admin mute one participant or everyone through the relay, and shows microphones live', async () => {
    const { socket, user } = await setUp(ERIN, [GRACE, LINUS]);
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    expect(within(list).getAllByText('Microphone on')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mute Grace Hopper' }));
    expect(socket.emitted).toEqual([
      {
        topic: 'user_player_events',
        payload: { user_id: 4, room_id: 1, event: 'mute', data: { target: 2, by: 'Erin Meyer' } },
      },
    ]);
    // Grace's tab reports her microphone muted: the list shows it, and her mute button goes.
    act(() =>
      socket.fire('user_player_events', {
        user_id: 2,
        room_id: 1,
        event: 'microphone',
        data: { muted: true },
      }),
    );
    const grace = list.querySelector('[data-participant="2"]') as HTMLElement;
    expect(await within(grace).findByText('Muted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute Grace Hopper' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(socket.emitted[1]?.payload).toMatchObject({ event: 'mute', data: { target: 'all' } });
  });

  it('shows a visitor the states only', async () => {
    await setUp(ADA, [GRACE, LINUS]);
    await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    expect(screen.queryByRole('button', { name: /^Mute/ })).toBeNull();
    expect(screen.getAllByText('Microphone on')).toHaveLength(2);
  });
});
