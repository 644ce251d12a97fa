import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
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

/** The shell with the list closed until 'Open the list' is pressed (the states are heard all along). */
function ShellWithClosedList() {
  useMicrophoneEvents();
  const [isOpen, setOpen] = useState(false);
  return isOpen ? (
    <SceneContext value={{ pathname: '/lobby', search: '', hash: '' }}>
      <UserListPage />
    </SceneContext>
  ) : (
    <button type="button" onClick={() => setOpen(true)}>
      Open the list
    </button>
  );
}

async function setUp(user: CurrentUser, people: unknown[], page = <Page />) {
  await startSession(user);
  mockTrpc({ 'content.getLobby': () => LOBBY, 'user.getRoomUsers': () => ({ users: people }) });
  const socket = createFakeSocket();
  socket.install();
  return { socket, ...renderWithProviders(page) };
}

const microphone = (userId: number, isMuted: boolean, version?: number) => ({
  user_id: userId,
  room_id: 1,
  event: 'microphone',
  data: version === undefined ? { muted: isMuted } : { muted: isMuted, version },
});

afterEach(() => {
  vi.useRealTimers();
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
    act(() => {
      socket.fire('user_player_events', microphone(2, false));
      socket.fire('user_player_events', microphone(3, false));
    });
    expect(await within(list).findAllByText('Microphone on')).toHaveLength(2);
    await user.click(screen.getByRole('button', { name: 'Mute Grace Hopper' }));
    expect(socket.emitted).toEqual([
      {
        topic: 'user_player_events',
        payload: { user_id: 4, room_id: 1, event: 'mute', data: { target: 2, by: 'Erin Meyer' } },
      },
    ]);
    // Grace's tab reports her microphone muted: the list shows it, and her mute button goes.
    act(() => socket.fire('user_player_events', microphone(2, true)));
    const grace = list.querySelector('[data-participant="2"]') as HTMLElement;
    expect(await within(grace).findByText('Muted')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mute Grace Hopper' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Mute all' }));
    expect(socket.emitted[1]?.payload).toMatchObject({ event: 'mute', data: { target: 'all' } });
  });

  it("keeps the keyboard's place: a participant's row takes the focus when its focused Mute button goes", async () => {
    const { socket, user } = await setUp(ERIN, [GRACE, LINUS]);
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    const muteGrace = within(list).getByRole('button', { name: 'Mute Grace Hopper' });
    await user.tab();
    expect(muteGrace).toHaveFocus();
    // Another participant's state re-renders the list: the button keeps the focus.
    act(() => socket.fire('user_player_events', microphone(3, false)));
    expect(await within(list).findByText('Microphone on')).toBeInTheDocument();
    expect(muteGrace).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(socket.emitted[0]?.payload).toMatchObject({ event: 'mute', data: { target: 2 } });
    act(() => socket.fire('user_player_events', microphone(2, true)));
    const grace = list.querySelector('[data-participant="2"]') as HTMLElement;
    expect(await within(grace).findByText('Muted')).toBeInTheDocument();
    expect(muteGrace).not.toBeInTheDocument();
    expect(grace).toHaveFocus();
    await user.tab();
    expect(within(list).getByRole('button', { name: 'Mute Linus Torvalds' })).toHaveFocus();
  });

  it('shows a visitor the states only', async () => {
    const { socket } = await setUp(ADA, [GRACE, LINUS]);
    await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    act(() => {
      socket.fire('user_player_events', microphone(2, false));
      socket.fire('user_player_events', microphone(3, true));
    });
    expect(await screen.findAllByText('Microphone on')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Mute/ })).toBeNull();
    expect(screen.getAllByText('Muted')).toHaveLength(1);
  });

  it('ignores a state older than the one shown (a late report, or one told on entering after a live one)', async () => {
    const { socket } = await setUp(ADA, [GRACE, LINUS]);
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    const grace = list.querySelector('[data-participant="2"]') as HTMLElement;
    act(() => socket.fire('user_player_events', microphone(2, false, 2_000)));
    expect(await within(grace).findByText('Microphone on')).toBeInTheDocument();
    // Her earlier mute comes after it, then linus's state: once his shows, hers has been heard too (in order),
    // and the list keeps her newer state.
    act(() => {
      socket.fire('user_player_events', microphone(2, true, 1_000));
      socket.fire('user_player_events', microphone(3, true, 1_500));
    });
    const linus = list.querySelector('[data-participant="3"]') as HTMLElement;
    expect(await within(linus).findByText('Muted')).toBeInTheDocument();
    expect(within(grace).getByText('Microphone on')).toBeInTheDocument();
    // A newer state shows, and so does a state without a version (a relay of an earlier build).
    act(() => socket.fire('user_player_events', microphone(2, true, 3_000)));
    expect(await within(grace).findByText('Muted')).toBeInTheDocument();
    act(() => socket.fire('user_player_events', microphone(2, false)));
    expect(await within(grace).findByText('Microphone on')).toBeInTheDocument();
  });

  it('shows everyone but the moderator muted on a mute-all the relay recorded, with no report of theirs', async () => {
    const ERIN_ROW = {
      id: 4,
      firstname: 'Erin',
      lastname: 'Meyer',
      company: 'Talent',
      job_title: 'Recruiter',
    };
    const { socket } = await setUp(ADA, [GRACE, LINUS, ERIN_ROW]);
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    const row = (id: number) => list.querySelector(`[data-participant="${id}"]`) as HTMLElement;
    act(() => {
      socket.fire('user_player_events', microphone(2, false, 1_000));
      socket.fire('user_player_events', microphone(4, false, 1_000));
    });
    expect(await within(list).findAllByText('Microphone on')).toHaveLength(2);
    act(() =>
      socket.fire('user_player_events', {
        user_id: 4,
        room_id: 1,
        event: 'mute',
        data: { target: 'all', by: 'Erin Meyer', version: 2_000 },
      }),
    );
    expect(await within(row(2)).findByText('Muted')).toBeInTheDocument();
    // The moderator is not muted by their own mute; linus, whose state was not heard, is not claimed.
    expect(within(row(4)).getByText('Microphone on')).toBeInTheDocument();
    expect(within(row(3)).queryByText(/Muted|Microphone on/)).toBeNull();
    // Linus's report sent before the mute comes after it: muted, as the relay records it. Grace unmutes after.
    act(() => {
      socket.fire('user_player_events', microphone(3, false, 1_500));
      socket.fire('user_player_events', microphone(2, false, 3_000));
    });
    expect(await within(row(2)).findByText('Microphone on')).toBeInTheDocument();
    expect(within(row(3)).getByText('Muted')).toBeInTheDocument();
  });

  it('shows one participant muted on a mute of them the relay recorded', async () => {
    const { socket } = await setUp(ADA, [GRACE, LINUS]);
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    act(() =>
      socket.fire('user_player_events', {
        user_id: 4,
        room_id: 1,
        event: 'mute',
        data: { target: 2, by: 'Erin Meyer', version: 2_000 },
      }),
    );
    const grace = list.querySelector('[data-participant="2"]') as HTMLElement;
    expect(await within(grace).findByText('Muted')).toBeInTheDocument();
    // A mute without a version (a relay of an earlier build) waits for the muted tab's report.
    act(() =>
      socket.fire('user_player_events', {
        user_id: 4,
        room_id: 1,
        event: 'mute',
        data: { target: 3, by: 'Erin Meyer' },
      }),
    );
    const linus = list.querySelector('[data-participant="3"]') as HTMLElement;
    expect(within(linus).queryByText('Muted')).toBeNull();
  });

  it('claims no microphone state for a participant whose state was not heard', async () => {
    await setUp(ERIN, [GRACE, LINUS]);
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    expect(within(list).queryByText('Microphone on')).toBeNull();
    expect(within(list).queryByText('Muted')).toBeNull();
    // Whether muted or not, a moderator may still mute them.
    expect(within(list).getByRole('button', { name: 'Mute Grace Hopper' })).toBeInTheDocument();
  });

  it('keeps the states heard while the list was closed, however long it stays closed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    const { socket } = await setUp(ADA, [GRACE, LINUS], <ShellWithClosedList />);
    act(() => socket.fire('user_player_events', microphone(2, true)));
    // Longer than the query cache keeps data nobody reads (5 minutes by default).
    act(() => {
      vi.advanceTimersByTime(60 * 60_000);
    });
    vi.useRealTimers();
    fireEvent.click(screen.getByRole('button', { name: 'Open the list' }));
    const list = await screen.findByRole('list', { name: 'People in this room' }, FIRST_SCREEN);
    const grace = list.querySelector('[data-participant="2"]') as HTMLElement;
    expect(await within(grace).findByText('Muted')).toBeInTheDocument();
  });
});
