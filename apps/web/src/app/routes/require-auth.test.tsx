import { Suspense, lazy } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { afterSignInPath } from '../../lib/session/redirect.ts';
import { clearSession, startSession } from '../../lib/session/session.ts';
import { makeUser } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { mockTrpc } from '../../testing/trpc-mock.ts';
import { authPages } from '../../features/auth/pages.ts';
import { RequireAuth } from './require-auth.tsx';

const LoginPage = lazy(authPages.login);

beforeEach(() => {
  clearSession();
  mockTrpc({
    'auth.providers': () => ({ providers: [], user_pass_login: true }),
    'event.getOpenHours': () => ({ event_open_hours: [] }),
    'auth.signin': () => ({ user_data: makeUser(), message: 'ok' }),
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
});

const guarded = (
  <RequireAuth>
    <p>guarded business cards</p>
  </RequireAuth>
);

describe('the guard', () => {
  it('shows the page to a signed-in user', async () => {
    await startSession(makeUser());
    renderWithProviders(guarded, { route: '/business-cards', path: '/business-cards' });
    expect(screen.getByText('guarded business cards')).toBeInTheDocument();
  });

  it('sends a signed-out user to the login page of the last event, keeping the requested location', () => {
    window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, 'DEMO');
    const { location } = renderWithProviders(guarded, {
      route: '/business-cards?card=3#top',
      path: '/business-cards',
      routes: { '/auth/login': <p>login</p> },
    });
    expect(screen.getByText('login')).toBeInTheDocument();
    expect(location()).toMatchObject({
      pathname: '/auth/login',
      search: '?event=DEMO',
      state: { from: { pathname: '/business-cards', search: '?card=3', hash: '#top' } },
    });
  });

  it("keeps the link's own event for the login page, before the last one used", () => {
    window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, 'DEMO');
    const { location } = renderWithProviders(guarded, {
      route: '/room/3?event=VIP',
      path: '/room/:id',
      routes: { '/auth/login': <p>login</p> },
    });
    expect(location()).toMatchObject({ pathname: '/auth/login', search: '?event=VIP' });
  });

  it('returns to the requested location after sign-in', async () => {
    const { user } = renderWithProviders(guarded, {
      route: '/business-cards?card=3',
      path: '/business-cards',
      routes: {
        '/auth/login': (
          <Suspense>
            <LoginPage />
          </Suspense>
        ),
      },
    });
    // Pasted, not typed key by key: each key re-renders the login form, too slow for a busy machine.
    await user.click(await screen.findByLabelText(/^email/i));
    await user.paste('ada@demo.test');
    await user.click(screen.getByLabelText(/^password/i));
    await user.paste('Showfloor2026');
    await user.click(screen.getByLabelText(/event code/i));
    await user.paste('DEMO');
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/i }));
    await user.click(screen.getByRole('checkbox', { name: /local storage/i }));
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('guarded business cards')).toBeInTheDocument();
  });

  it('sends the user to /lobby when nothing was kept, and never off the app', () => {
    expect(afterSignInPath(undefined)).toBe('/lobby');
    expect(afterSignInPath({ from: { pathname: '/passport', search: '?a=1' } })).toBe('/passport?a=1');
    expect(afterSignInPath({ from: { pathname: '//evil.example/x' } })).toBe('/lobby');
    expect(afterSignInPath({ from: { pathname: '/auth/login' } })).toBe('/lobby');
  });
});
