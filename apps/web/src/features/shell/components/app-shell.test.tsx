import { act, useEffect } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { useLocation, useNavigate, useRoutes, type InitialEntry } from 'react-router-dom';
import {
  always,
  multiplayerRoomOnly,
  preferenceOn,
  screenAccess,
  type MenuPageEntry,
} from '../../../lib/shell/menu.ts';
import { menuEntryAt, sceneOf } from '../../../lib/shell/scene.ts';
import { useDrawerSubPage } from '../../../lib/shell/sub-page.ts';
import { setUnreadCount } from '../../../lib/shell/unread.ts';
import { makeLobby, makeRoom, makeUser, prefs } from '../../../testing/fixtures.ts';
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
    hasQueryViews: true,
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
    page: 'UserList',
    path: '/user-list',
    labelKey: 'user-list:menu.label',
    placement: 'list',
    isVisible: multiplayerRoomOnly,
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

/** Counts how often a scene was mounted: opening a menu page must not remount the room behind it. */
const mounts: string[] = [];
function Scene({ name }: { name: string }) {
  useEffect(() => {
    mounts.push(name);
  }, [name]);
  return <h1>{name}</h1>;
}

/** A page with a sub-page (as profile settings has): its home opens 'password' as router state. */
function PageWithSubPage() {
  const { subPage, open } = useDrawerSubPage();
  return subPage ? (
    <p>{subPage.name} sub-page body</p>
  ) : (
    <button
      type="button"
      onClick={() => open({ name: 'password', titleKey: 'profile:pages.password.title' })}
    >
      open password
    </button>
  );
}

/** The shell as app/routes/signed-in-root.tsx composes it: the scene at its own location, the page in the drawer. */
function Shell({ signOut }: { signOut: () => Promise<void> }) {
  const location = useLocation();
  const navigate = useNavigate();
  const scene = sceneOf(
    location,
    entries,
    undefined,
    (path) => path === '/lobby' || path.startsWith('/room/'),
  );
  const sceneElement = useRoutes(
    [
      { path: '/lobby', element: <Scene name="lobby scene" /> },
      { path: '/room/:roomId', element: <Scene name="room scene" /> },
    ],
    scene,
  );
  const pageElement = useRoutes(
    entries.map((e) => ({
      path: e.path,
      element: e.page === 'ProfileSetting' ? <PageWithSubPage /> : <p>{e.page} page body</p>,
    })),
  );
  const entry = menuEntryAt(entries, location.pathname);
  return (
    <>
      {/* The browser's Back button, outside the drawer's focus trap. */}
      <button type="button" onClick={() => void navigate(-1)} data-testid="browser-back" hidden />
      <AppShell
        user={makeUser()}
        menuPages={entries}
        signOut={signOut}
        scene={scene}
        sceneElement={sceneElement}
        page={entry ? { entry, element: pageElement } : undefined}
      />
    </>
  );
}

function setup({
  preferences = { private_chat: 'yes', enable_token_wallet: 'auto' },
  route = '/lobby',
  multiplayer = false,
}: { preferences?: Record<string, string>; route?: InitialEntry; multiplayer?: boolean } = {}) {
  mounts.length = 0;
  mockTrpc({
    'event.getPreferences': () => prefs(preferences),
    'content.getLobby': () => makeLobby({ multiplayer }),
    'content.getRoom': () => makeRoom({ multiplayer }),
  });
  const signOut = vi.fn(async () => undefined);
  const view = renderWithProviders(<Shell signOut={signOut} />, { route });
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
    expect(within(drawer).getByRole('link', { name: 'Lobby' })).toHaveAttribute('aria-current', 'page');
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

  it('opens a menu page in the drawer over the room, which stays mounted, and closes back to the room', async () => {
    const { user, location } = setup({ route: '/room/5' });
    expect(await screen.findByRole('heading', { name: 'room scene' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Chat' }));
    expect(location().pathname).toBe('/chat');
    expect(location().state).toEqual({ background: { pathname: '/room/5', search: '', hash: '' } });
    const drawer = await screen.findByRole('dialog', { name: 'Chat' });
    expect(within(drawer).getByText('Chat page body')).toBeInTheDocument();
    // The drawer's title takes the focus, so a screen reader starts with the page's name.
    await waitFor(() => expect(within(drawer).getByRole('heading', { name: 'Chat' })).toHaveFocus());
    expect(screen.getByRole('heading', { name: 'room scene' })).toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Close the menu' }));
    expect(location().pathname).toBe('/room/5');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(mounts).toEqual(['room scene']);
  });

  it('goes back from a page to the menu, keeping the scene', async () => {
    const { user, location } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Token wallet' }));
    const drawer = await screen.findByRole('dialog', { name: 'Token wallet' });
    await user.click(within(drawer).getByRole('button', { name: 'Back to the menu' }));
    expect(location().pathname).toBe('/lobby');
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    // The focus returns to the entry of the page the visitor came back from.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Token wallet' })).toHaveFocus());
    expect(mounts).toEqual(['lobby scene']);
  });

  it("returns to the menu on the browser's Back, with the focus on the page's entry", async () => {
    const { user, location } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Chat' }));
    expect(await screen.findByRole('dialog', { name: 'Chat' })).toBeInTheDocument();
    act(() => screen.getByTestId('browser-back').click());
    expect(location().pathname).toBe('/lobby');
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('link', { name: 'Chat' })).toHaveFocus());
  });

  it('shows the lobby behind a page opened by a deep link, and says when the page is not for this user', async () => {
    setup({ route: '/chat', preferences: { private_chat: 'no' } });
    expect(await screen.findByRole('heading', { name: 'lobby scene' })).toBeInTheDocument();
    const drawer = await screen.findByRole('dialog', { name: 'Chat' });
    expect(
      await within(drawer).findByText('This page is not available to you at this event.'),
    ).toBeInTheDocument();
    expect(within(drawer).queryByText('Chat page body')).not.toBeInTheDocument();
  });

  it('offers the participants only in a multiplayer room, judged by the room behind the drawer', async () => {
    const { user } = setup({ route: '/room/5', multiplayer: true });
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Participants' }));
    const drawer = await screen.findByRole('dialog', { name: 'Participants' });
    expect(within(drawer).getByText('UserList page body')).toBeInTheDocument();
  });

  it('has no participants in a single-user room, neither in the menu nor by link', async () => {
    const { user, unmount } = setup({ route: '/room/5', multiplayer: false });
    expect(await screen.findByRole('heading', { name: 'room scene' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Chat' })).toBeInTheDocument();
    expect(within(menu).queryByRole('link', { name: 'Participants' })).not.toBeInTheDocument();
    unmount();
    setup({
      route: { pathname: '/user-list', state: { background: { pathname: '/room/5', search: '', hash: '' } } },
    });
    const drawer = await screen.findByRole('dialog', { name: 'Participants' });
    expect(
      await within(drawer).findByText('This page is not available to you at this event.'),
    ).toBeInTheDocument();
  });

  it('asks before logging out', async () => {
    const { user, signOut } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('button', { name: 'Log out' }));
    const dialog = await screen.findByRole('dialog', { name: 'Log out' });
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(signOut).toHaveBeenCalledOnce();
  });

  it("names a page's sub-page in the drawer's header, whose Back returns to the page", async () => {
    const { user, location } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Profile settings' }));
    await user.click(await screen.findByRole('button', { name: 'open password' }));
    const drawer = await screen.findByRole('dialog', { name: 'Change password' });
    expect(within(drawer).getByText('password sub-page body')).toBeInTheDocument();
    await waitFor(() =>
      expect(within(drawer).getByRole('heading', { name: 'Change password' })).toHaveFocus(),
    );
    expect(location().pathname).toBe('/profile/settings');
    await user.click(within(drawer).getByRole('button', { name: 'Back to Profile settings' }));
    expect(await screen.findByRole('dialog', { name: 'Profile settings' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'open password' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile/settings');
  });

  it("returns from a page's query view (a chat conversation) to the page's home with the one Back", async () => {
    const { user, location } = setup({ route: '/chat?conversation=conv-1' });
    const drawer = await screen.findByRole('dialog', { name: 'Chat' });
    expect(within(drawer).queryByRole('button', { name: 'Back to the menu' })).not.toBeInTheDocument();
    await user.click(within(drawer).getByRole('button', { name: 'Back to Chat' }));
    expect(location()).toMatchObject({ pathname: '/chat', search: '' });
    await user.click(within(drawer).getByRole('button', { name: 'Back to the menu' }));
    expect(await screen.findByRole('dialog', { name: 'Menu' })).toBeInTheDocument();
  });

  it("leaves a sub-page's history entries behind when the drawer closes", async () => {
    const { user, location } = setup();
    await user.click(screen.getByRole('button', { name: 'Open the menu' }));
    await user.click(await screen.findByRole('link', { name: 'Profile settings' }));
    await user.click(await screen.findByRole('button', { name: 'open password' }));
    const drawer = await screen.findByRole('dialog', { name: 'Change password' });
    await user.click(within(drawer).getByRole('button', { name: 'Close the menu' }));
    expect(location().pathname).toBe('/lobby');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Back does not reopen the page or its sub-page: they were left, not stacked under the scene.
    await user.click(screen.getByTestId('browser-back'));
    expect(location().pathname).toBe('/lobby');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
