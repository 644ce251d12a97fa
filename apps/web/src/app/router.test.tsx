import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MantineProvider } from '@mantine/core';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Link, MemoryRouter, Outlet, matchRoutes, useLocation, type RouteObject } from 'react-router-dom';
import { RouteErrorBoundary } from '../components/errors/route-error-boundary.tsx';
import { clearSession } from '../lib/session/session.ts';
import { testI18n } from '../testing/i18n.ts';
import { TestProviders, createTestQueryClient } from '../testing/render.tsx';
import { mockTrpc } from '../testing/trpc-mock.ts';
import { MENU_PAGES } from './menu-pages.ts';
import { lazyElement } from './lazy-element.tsx';
import { AppRoutes, routes } from './router.tsx';

type PageModule = { default: ComponentType };

function deferred() {
  let resolve!: (module: PageModule) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<PageModule>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

const page = (text: string): PageModule => ({ default: () => <p>{text}</p> });

function Broken(): never {
  throw new Error('boom');
}

/** The routes under test with links outside them (so they still work while an error view covers the routes). */
function renderRoutes(table: RouteObject[], route: string) {
  const user = userEvent.setup();
  // No MantineProvider around the routes: as in the app, the root error view must bring its own.
  render(
    <I18nextProvider i18n={testI18n}>
      <MemoryRouter initialEntries={[route]}>
        <Link to="/a">to a</Link>
        <Link to="/b">to b</Link>
        <AppRoutes routes={table} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return { user };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('lazy routes', () => {
  it('loads the layout and the page together, with a bare placeholder until both are in', async () => {
    const layout = deferred();
    const content = deferred();
    const loadPage = vi.fn(() => content.promise);
    renderRoutes(
      [
        {
          element: lazyElement(() => layout.promise),
          children: [{ path: '/a', element: lazyElement(loadPage) }],
        },
      ],
      '/a',
    );
    // The page's code is requested before the layout's has arrived: no waterfall.
    expect(loadPage).toHaveBeenCalledOnce();
    expect(document.querySelector('[aria-busy="true"]')).toBeInTheDocument();
    await act(async () =>
      layout.resolve({
        default: () => (
          <section>
            layout <Outlet />
          </section>
        ),
      }),
    );
    expect(screen.queryByText('layout')).not.toBeInTheDocument();
    await act(async () => content.resolve(page('page a')));
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
  });

  it('keeps the current page while the next page’s code loads', async () => {
    const next = deferred();
    const { user } = renderRoutes(
      [
        { path: '/a', element: lazyElement(async () => page('page a')) },
        { path: '/b', element: lazyElement(() => next.promise) },
      ],
      '/a',
    );
    expect(await screen.findByText('page a')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'to b' }));
    expect(screen.getByText('page a')).toBeInTheDocument();
    expect(document.querySelector('[aria-busy="true"]')).not.toBeInTheDocument();
    await act(async () => next.resolve(page('page b')));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(screen.queryByText('page a')).not.toBeInTheDocument();
  });
});

describe('preloading the page after sign-in', () => {
  it('starts the lobby’s code at the first key, click or typing on an auth page, not before', async () => {
    const loadLobby = vi.fn(() => deferred().promise);
    renderRoutes(
      [
        { path: '/auth/login', element: lazyElement(async () => page('login page')) },
        { path: '/lobby', element: lazyElement(loadLobby) },
      ],
      '/auth/login',
    );
    expect(await screen.findByText('login page')).toBeInTheDocument();
    expect(loadLobby).not.toHaveBeenCalled();
    document.body.dispatchEvent(new Event('input', { bubbles: true }));
    expect(loadLobby).toHaveBeenCalledOnce();
    document.body.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true }));
    expect(loadLobby).toHaveBeenCalledOnce();
  });

  it('starts nothing on a page that is not an auth page', async () => {
    const loadLobby = vi.fn(() => deferred().promise);
    renderRoutes(
      [
        { path: '/a', element: lazyElement(async () => page('page a')) },
        { path: '/lobby', element: lazyElement(loadLobby) },
      ],
      '/a',
    );
    expect(await screen.findByText('page a')).toBeInTheDocument();
    document.body.dispatchEvent(new Event('input', { bubbles: true }));
    expect(loadLobby).not.toHaveBeenCalled();
  });
});

describe('the static first screen (index.html #boot-shell)', () => {
  it('stays while the first route’s code loads and goes in the commit that shows the route', async () => {
    const shell = document.createElement('div');
    shell.id = 'boot-shell';
    document.body.append(shell);
    const content = deferred();
    renderRoutes([{ path: '/a', element: lazyElement(() => content.promise) }], '/a');
    expect(document.getElementById('boot-shell')).toBe(shell);
    await act(async () => content.resolve(page('page a')));
    expect(await screen.findByText('page a')).toBeInTheDocument();
    expect(document.getElementById('boot-shell')).toBeNull();
  });

  it('goes when the routes show an error instead', async () => {
    const shell = document.createElement('div');
    shell.id = 'boot-shell';
    document.body.append(shell);
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderRoutes([{ path: '/a', element: <Broken /> }], '/a');
    expect(await screen.findByText('Something went wrong.')).toBeInTheDocument();
    expect(document.getElementById('boot-shell')).toBeNull();
  });
});

describe('route errors', () => {
  // Like the auth layout and the shell: a route-level boundary around the page.
  const inLayout = (children: RouteObject[]): RouteObject[] => [
    {
      element: (
        <MantineProvider env="test">
          <header>layout header</header>
          <RouteErrorBoundary>
            <Outlet />
          </RouteErrorBoundary>
        </MantineProvider>
      ),
      children,
    },
  ];

  it("shows 'Something went wrong.' with the details when a page's code fails to load, until the path changes", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoutes(
      inLayout([
        { path: '/a', element: lazyElement(() => Promise.reject(new Error('chunk a is gone'))) },
        { path: '/b', element: <p>page b</p> },
      ]),
      '/a',
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Something went wrong.');
    expect(alert).toHaveTextContent('chunk a is gone');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'to b' }));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(screen.getByText('layout header')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows 'Unexpected error occurred' in the layout for a page that throws, and clears it on another path", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderRoutes(
      inLayout([
        { path: '/a', element: lazyElement(async () => ({ default: Broken })) },
        { path: '/b', element: lazyElement(async () => page('page b')) },
      ]),
      '/a',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('Unexpected error occurred');
    expect(screen.getByText('layout header')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'to b' }));
    expect(await screen.findByText('page b')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('the app routes', () => {
  beforeEach(() => clearSession());

  it('mounts every registered menu page inside the shell', () => {
    for (const entry of MENU_PAGES) {
      const matches = matchRoutes(routes, entry.path) ?? [];
      expect(matches.map((m) => m.route.path)).toEqual([undefined, '/', entry.path.slice(1)]);
    }
  });

  it('sends a signed-out visitor of a shell page through the lazy guard to the lazy login page, keeping the page', async () => {
    mockTrpc({
      'event.getPreferences': () => [],
      'auth.providers': () => ({ providers: [], user_pass_login: true }),
      'event.getOpenHours': () => ({ event_open_hours: [] }),
    });
    const seen: ReturnType<typeof useLocation>[] = [];
    function Probe() {
      seen.push(useLocation());
      return null;
    }
    render(
      <TestProviders queryClient={createTestQueryClient()}>
        <MemoryRouter initialEntries={['/business-cards?card=3']}>
          <Probe />
          <AppRoutes />
        </MemoryRouter>
      </TestProviders>,
    );
    expect(await screen.findByRole('button', { name: 'Log in' })).toBeInTheDocument();
    expect(seen.at(-1)).toMatchObject({
      pathname: '/auth/login',
      state: { from: { pathname: '/business-cards', search: '?card=3' } },
    });
  });
});
