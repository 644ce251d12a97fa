import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { AgendaEntry } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeLobby, makeRoom, makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import AgendaPage from './agenda-page.tsx';

const at = (iso: string) => Date.parse(iso);

const SESSIONS: AgendaEntry[] = [
  {
    id: 1,
    room_id: 3,
    event_code: 'DEMO',
    title: 'Opening keynote',
    description: 'Welcome and the year ahead.',
    presenter_ids: [3],
    start_timestamp: at('2026-11-27T09:00:00Z'),
    end_timestamp: at('2026-11-27T10:00:00Z'),
  },
  {
    id: 2,
    room_id: 5,
    event_code: 'DEMO',
    title: 'VIP dinner',
    description: '',
    presenter_ids: [4, 3],
    start_timestamp: at('2026-11-27T18:00:00Z'),
    end_timestamp: at('2026-11-27T20:00:00Z'),
  },
  {
    id: 3,
    room_id: 3,
    event_code: 'DEMO',
    title: 'Closing remarks',
    description: '',
    presenter_ids: [4],
    start_timestamp: at('2026-11-28T16:00:00Z'),
    end_timestamp: at('2026-11-28T16:30:00Z'),
  },
];

function gateway(agenda: () => unknown = () => ({ agenda: SESSIONS })) {
  return mockTrpc({
    'agenda.getAgenda': agenda,
    'content.listRooms': () => ({
      event_rooms: [
        {
          event: 'DEMO',
          rooms: [
            makeLobby(),
            makeRoom({ id: 3, name: 'Talk Stage', type: 'meeting', multiplayer: true }),
            makeRoom({ id: 5, name: 'VIP Lounge' }),
          ],
        },
      ],
    }),
    'user.getSummaries': () => ({
      users: [
        { id: 3, firstname: 'Linus', lastname: 'Torvalds' },
        { id: 4, firstname: 'Erin', lastname: 'Meyer' },
      ],
    }),
  });
}

beforeEach(async () => {
  // Ada may enter the lobby and the Talk Stage, not the VIP Lounge.
  await startSession(makeUser({ room_access: [1, 3] }));
});

afterEach(async () => {
  vi.unstubAllEnvs();
  clearSession();
  await testI18n.changeLanguage('en');
});

const section = (name: string) => screen.getByRole('region', { name });

describe('the agenda page', () => {
  it('lists the sessions by day in the visitor’s time zone, each linking to its room', async () => {
    // In Tokyo (UTC+9) the 18:00 UTC dinner is already on the 28th, the 16:00 UTC closing on the 29th.
    vi.stubEnv('TZ', 'Asia/Tokyo');
    const trpc = gateway();
    const { user, location } = renderWithProviders(<AgendaPage />, {
      routes: { '/room/:id': <p>in the room</p> },
    });
    expect(await screen.findByText('Times are shown in your time zone (Asia/Tokyo).')).toBeInTheDocument();
    expect(trpc.inputsOf('agenda.getAgenda')).toEqual([{ type: 'event', event_code: 'DEMO' }]);
    const days = screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);
    expect(days).toEqual([
      'Friday, November 27, 2026',
      'Saturday, November 28, 2026',
      'Sunday, November 29, 2026',
    ]);
    const friday = section('Friday, November 27, 2026');
    expect(within(friday).getByRole('heading', { name: 'Opening keynote' })).toBeInTheDocument();
    expect(within(friday).getByText(/^6:00\s–\s7:00\sPM$/u)).toBeInTheDocument();
    expect(within(friday).queryByText('VIP dinner')).toBeNull();
    // Each group's sessions are a list named by its heading: a screen reader says which day and how many.
    const fridayList = screen.getByRole('list', { name: 'Friday, November 27, 2026' });
    expect(within(fridayList).getAllByRole('listitem')).toHaveLength(
      within(friday).getAllByRole('heading', { level: 4 }).length,
    );
    const saturday = section('Saturday, November 28, 2026');
    expect(
      within(saturday)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['VIP dinner']);
    expect(await within(friday).findByText('Linus Torvalds')).toBeInTheDocument();
    expect(within(saturday).getByText('Erin Meyer, Linus Torvalds')).toBeInTheDocument();
    // A room the visitor may not enter is named, not linked.
    expect(within(saturday).getByText('VIP Lounge')).toBeInTheDocument();
    expect(within(saturday).queryByRole('link', { name: /VIP Lounge/ })).toBeNull();

    await user.click(within(friday).getByRole('link', { name: 'Talk Stage: go to the room' }));
    expect(await screen.findByText('in the room')).toBeInTheDocument();
    expect(location().pathname).toBe('/room/3');
  });

  it('shows the same sessions on other days in another time zone', async () => {
    vi.stubEnv('TZ', 'America/Los_Angeles');
    gateway();
    renderWithProviders(<AgendaPage />);
    const friday = await screen.findByRole('region', { name: 'Friday, November 27, 2026' });
    expect(
      within(friday)
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Opening keynote', 'VIP dinner']);
    expect(within(friday).getByText(/^1:00\s–\s2:00\sAM$/u)).toBeInTheDocument();
  });

  it('groups by room and by presenter, each session with its day', async () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    gateway();
    const { user } = renderWithProviders(<AgendaPage />);
    await user.click(await screen.findByRole('radio', { name: 'By room' }));
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Talk Stage',
      'VIP Lounge',
    ]);
    expect(
      within(section('Talk Stage'))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Opening keynote', 'Closing remarks']);
    expect(
      within(section('Talk Stage')).getByText(
        /^Sat, 28 Nov, 5:00\s–\s5:30\sPM$|^Sat, Nov 28, 5:00\s–\s5:30\sPM$/u,
      ),
    ).toBeInTheDocument();

    await user.click(screen.getByRole('radio', { name: 'By presenter' }));
    expect(await screen.findByRole('heading', { level: 3, name: 'Erin Meyer' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Erin Meyer',
      'Linus Torvalds',
    ]);
    expect(
      within(section('Linus Torvalds'))
        .getAllByRole('heading', { level: 4 })
        .map((h) => h.textContent),
    ).toEqual(['Opening keynote', 'VIP dinner']);
  });

  it('says so when the agenda is empty, and shows the server’s message when it cannot be read', async () => {
    gateway(() => ({ agenda: [] }));
    const { unmount } = renderWithProviders(<AgendaPage />);
    expect(await screen.findByText('There are no sessions on the agenda yet.')).toBeInTheDocument();
    unmount();
    gateway(() => fail({ message: 'Event not found.', httpStatus: 404 }));
    renderWithProviders(<AgendaPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Event not found.');
  });

  it('speaks Deutsch', async () => {
    vi.stubEnv('TZ', 'Europe/Berlin');
    await testI18n.changeLanguage('de');
    gateway();
    renderWithProviders(<AgendaPage />);
    expect(await screen.findByRole('heading', { name: 'Freitag, 27. November 2026' })).toBeInTheDocument();
    expect(screen.getByText('Die Zeiten stehen in Ihrer Zeitzone (Europe/Berlin).')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Nach Raum' })).toBeInTheDocument();
    expect(screen.getByText('10:00–11:00 Uhr')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Talk Stage: zum Raum gehen' })).toHaveLength(2);
  });
});
