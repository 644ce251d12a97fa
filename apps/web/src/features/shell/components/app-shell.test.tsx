import { act } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { always, preferenceOn, screenAccess, type MenuPageEntry } from '../../../lib/menu.ts';
import { setUnreadCount } from '../../../lib/unread.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { AppShell } from './app-shell.tsx';

const page = async () => ({ default: () => null });
const entries: MenuPageEntry[] = [
  {
    page: 'TokenWallet',
    path: '/token-wallet',
    labelKey: 'token-wallet:menu.label',
    placement: 'list',
    isVisible: preferenceOn('enable_token_wallet'),
    load: page,
  },
  {
    page: 'Chat',
    path: '/chat',
    labelKey: 'chat:menu.label',
    placement: 'list',
    isVisible: preferenceOn('private_chat'),
    load: page,
  },
  {
    page: 'ProfileSetting',
    path: '/profile/settings',
    labelKey: 'profile:menu.label',
    placement: 'list',
    isVisible: screenAccess('/profile'),
    showsUserAvatar: true,
    load: page,
  },
  {
    page: 'Help',
    path: '/help',
    labelKey: 'help:menu.label',
    placement: 'bottom',
    isVisible: always,
    load: page,
  },
  {
    page: 'Settings',
    path: '/settings',
    labelKey: 'settings:menu.label',
    placement: 'bottom',
    isVisible: screenAccess('/settings'),
    load: page,
  },
];

afterEach(() => {
  vi.unstubAllGlobals();
  act(() => setUnreadCount('test', 0));
});

function setup(preferences: Record<string, string> = { private_chat: 'yes', enable_token_wallet: 'auto' }) {
  mockTrpc({ 'event.getPreferences': () => prefs(preferences) });
  const signOut = vi.fn(async () => undefined);
  const view = renderWithProviders(<AppShell user={makeUser()} menuPages={entries} signOut={signOut} />, {
    route: '/lobby',
    routes: { '/chat': <p>chat</p> },
  });
  return { ...view, signOut };
}

describe('app shell', () => {
  it('opens the side menu with the visible pages in spec order and the bottom buttons', async () => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Menu' });
    const pages = within(within(drawer).getByRole('navigation', { name: 'Pages' })).getAllByRole('link');
    expect(pages.map((link) => link.getAttribute('data-menu-page') ?? link.textContent)).toEqual([
      'Lobby',
      'ProfileSetting',
      'Chat',
      'TokenWallet',
    ]);
    expect(within(drawer).getByRole('link', { name: 'Profile settings' })).toHaveAttribute(
      'href',
      '/profile/settings',
    );
    expect(within(drawer).getByRole('link', { name: 'Settings' })).toHaveAttribute('href', '/settings');
    expect(within(drawer).getByRole('link', { name: 'Help' })).toHaveAttribute('href', '/help');
    expect(within(drawer).getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('shows the unread dot on the menu toggle', async () => {
    setup();
    expect(screen.getByRole('button', { name: 'Open the menu' })).toBeInTheDocument();
    act(() => setUnreadCount('test', 2));
    expect(screen.getByRole('button', { name: 'Open the menu (unread messages)' })).toBeInTheDocument();
  });

  it('navigates from the menu and closes it', async () => {
    const { user, location } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Chat' }));
    expect(location().pathname).toBe('/chat');
    expect(screen.queryByRole('dialog', { name: 'Menu' })).not.toBeInTheDocument();
  });

  it('asks before logging out', async () => {
    const { user, signOut } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledOnce();
  });
});
