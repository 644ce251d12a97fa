import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { makeLobby, makeRoom, makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fileAnswer, mockTrpc } from '../../../testing/trpc-mock.ts';
import { MiniMapOverlay } from './mini-map.tsx';

const ROOMS = [
  makeLobby(),
  makeRoom({ id: 3, name: 'Talk Stage', type: 'meeting' }),
  makeRoom({ id: 4, name: 'Expo Hall' }),
  makeRoom({ id: 5, name: 'VIP Lounge' }),
  makeRoom({ id: 8, name: 'Kernel Booth', type: 'external' }),
];
const MAP = {
  width: 320,
  height: 240,
  room_coords_mapping: [
    { id: 1, room_id: 1, room_name: 'Main hall', shape: 'rect', coords: '115,150,205,228' },
    { id: 2, room_id: 3, room_name: 'Talk Stage', shape: 'circle', coords: '252,62,48' },
    { id: 3, room_id: 4, room_name: 'Expo Hall', shape: 'poly', coords: '14,14,150,14,160,104,20,112' },
    { id: 4, room_id: 8, room_name: 'Kernel Booth', shape: 'rect', coords: '225,150,306,228' },
    // A room ada may not enter gets no link.
    { id: 5, room_id: 5, room_name: 'VIP Lounge', shape: 'rect', coords: '1,1,10,10' },
  ],
};
const PEOPLE = { 1: 3, 3: 1, 4: 0, 8: 2 } as Record<number, number>;
// Ada may enter every room but the VIP Lounge.
const ADA = makeUser({ id: 1, firstname: 'Ada', room_access: [1, 3, 4, 8] });

function gateway(preferences: Record<string, string>) {
  return mockTrpc(
    {
      'event.getPreferences': () => prefs(preferences),
      'content.getMiniMap': () => MAP,
      'content.listRooms': () => ({ event_rooms: [{ event: 'DEMO', rooms: ROOMS }] }),
      'user.getRoomUsers': (input) => {
        const { id } = input as { id: number };
        return {
          users: Array.from({ length: PEOPLE[id] ?? 0 }, (_, i) => ({
            id: 100 + i,
            firstname: 'P',
            lastname: `${i}`,
          })),
        };
      },
    },
    (url) => (url.searchParams.get('type') === 'mini_map' ? fileAnswer('png', 'image/png') : undefined),
  );
}

const ON = { mini_map: 'yes', mini_map_at_start: 'yes' };

beforeEach(() => {
  localStorage.clear();
});
afterEach(() => {
  localStorage.clear();
});

describe('MiniMapOverlay', () => {
  it('starts open when mini_map_at_start says so and no choice is stored', async () => {
    gateway(ON);
    renderWithProviders(<MiniMapOverlay user={ADA} />);
    expect(await screen.findByRole('switch', { name: 'Mini-map' })).toBeChecked();
    expect(await screen.findByRole('link', { name: 'Kernel Booth' })).toBeInTheDocument();
  });

  it('starts closed when mini_map_at_start is no', async () => {
    const fake = gateway({ mini_map: 'yes', mini_map_at_start: 'no' });
    renderWithProviders(<MiniMapOverlay user={ADA} />);
    expect(await screen.findByRole('switch', { name: 'Mini-map' })).not.toBeChecked();
    expect(screen.queryByRole('group', { name: /Map of the event/ })).toBeNull();
    expect(fake.inputsOf('content.getMiniMap')).toEqual([]);
  });

  it('a stored choice wins over mini_map_at_start, and the toggle stores the new one', async () => {
    localStorage.setItem(STORAGE_KEYS.MINI_MAP, 'false');
    gateway(ON);
    const { user } = renderWithProviders(<MiniMapOverlay user={ADA} />);
    const toggle = await screen.findByRole('switch', { name: 'Mini-map' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(localStorage.getItem(STORAGE_KEYS.MINI_MAP)).toBe('true');
    expect(await screen.findByRole('link', { name: 'Talk Stage' })).toBeInTheDocument();
    await user.click(toggle);
    expect(localStorage.getItem(STORAGE_KEYS.MINI_MAP)).toBe('false');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Talk Stage' })).toBeNull());
  });

  it('shows nothing when the event switches the mini-map off', async () => {
    const fake = gateway({ mini_map: 'no', mini_map_at_start: 'yes' });
    renderWithProviders(<MiniMapOverlay user={ADA} />);
    await waitFor(() => expect(fake.inputsOf('event.getPreferences')).toHaveLength(1));
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Rooms' })).toBeNull();
  });

  it('draws rect, circle and poly areas as links named by their room, to /room/{id} (the lobby to /lobby)', async () => {
    gateway(ON);
    const { user, location } = renderWithProviders(<MiniMapOverlay user={ADA} />);
    const map = await screen.findByRole('group', { name: /Map of the event/ });
    const booth = await within(map).findByRole('link', { name: 'Kernel Booth' });
    const links = within(map).getAllByRole('link');
    expect(links.map((a) => [a.getAttribute('aria-label'), a.getAttribute('href'), a.dataset.shape])).toEqual(
      [
        ['Main hall', '/lobby', 'rect'],
        ['Talk Stage', '/room/3', 'circle'],
        ['Expo Hall', '/room/4', 'poly'],
        ['Kernel Booth', '/room/8', 'rect'],
      ],
    );
    expect(map.querySelector('circle')).toHaveAttribute('r', '48');
    expect(map.querySelector('polygon')).toHaveAttribute('points', '14,14 150,14 160,104 20,112');
    await user.click(booth);
    expect(location().pathname).toBe('/room/8');
  });

  it('the Rooms list names every room the user may enter with how many people are in it', async () => {
    gateway(ON);
    const { user, location } = renderWithProviders(<MiniMapOverlay user={ADA} />);
    const button = await screen.findByRole('button', { name: 'Rooms' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const list = await screen.findByRole('navigation', { name: 'Rooms' });
    await waitFor(() => expect(within(list).getByText('2 people')).toBeInTheDocument());
    const items = within(list)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual([
      'Main hall 3 people',
      'Talk Stage 1 person',
      'Expo Hall 0 people',
      'Kernel Booth 2 people',
    ]);
    await user.click(within(list).getByRole('link', { name: 'Talk Stage' }));
    expect(location().pathname).toBe('/room/3');
  });
});
