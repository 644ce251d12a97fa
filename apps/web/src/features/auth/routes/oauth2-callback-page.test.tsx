import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { clearSession, getCurrentUser } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import { forgetSsoAccessCode, rememberSsoAccessCode } from '../sso-access-code.ts';
import OAuth2CallbackPage from './oauth2-callback-page.tsx';

function setup(handler: Handler, route = '/auth/callback/oauth2/demo-sso?code=abc&event=VIP') {
  const gateway = mockTrpc({ 'auth.oauth2Callback': handler });
  const view = renderWithProviders(<OAuth2CallbackPage />, {
    route,
    path: '/auth/callback/oauth2/:provider',
    routes: { '/lobby': <p>lobby page</p>, '/auth/login': <p>login page</p> },
  });
  return { ...view, gateway };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
  clearSession();
  forgetSsoAccessCode();
});

describe('OAuth2 callback page', () => {
  it('asks for the event code only when the query has none', async () => {
    window.localStorage.setItem(STORAGE_KEYS.EVENT_CODE, 'DEMO');
    // The page finishes by itself with a known event; here the provider refuses the code.
    const refuse = () => fail({ message: 'The code has expired.', code: 'UNAUTHORIZED', httpStatus: 401 });
    const first = setup(refuse);
    expect(screen.queryByLabelText(/event code/i)).not.toBeInTheDocument();
    expect(await screen.findByText('The code has expired.')).toBeInTheDocument();
    first.unmount();
    setup(refuse, '/auth/callback/oauth2/demo-sso?code=abc');
    expect(screen.getByLabelText(/event code/i)).toHaveValue('DEMO');
    expect(await screen.findByText('The code has expired.')).toBeInTheDocument();
  });

  it('signs in with the code and the provider from the path without a click', async () => {
    const { gateway } = setup(
      () => ({ user_data: makeUser(), message: 'ok' }),
      '/auth/callback/oauth2/demo-sso?code=abc&event=DEMO',
    );
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.oauth2Callback')).toEqual([
      { code: 'abc', frontend: 'visitor', provider: 'demo-sso', event_code: 'DEMO' },
    ]);
    expect(getCurrentUser()).not.toBeNull();
  });

  it("sends the login link's access code with the first attempt", async () => {
    rememberSsoAccessCode('VIP-2026');
    const { gateway } = setup(() => ({ user_data: makeUser({ event_code: 'VIP' }), message: 'ok' }));
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.oauth2Callback')).toEqual([
      { code: 'abc', frontend: 'visitor', provider: 'demo-sso', event_code: 'VIP', access_code: 'VIP-2026' },
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_CODE)).toBe('VIP-2026');
    expect(window.sessionStorage.getItem('ssoAccessCode')).toBeNull();
  });

  it('keeps the retry token, opens the access-code dialog and sends both with the next attempt', async () => {
    const { user, gateway } = setup((input) => {
      const { access_code: code, retry_token: token } = input as {
        access_code?: string;
        retry_token?: string;
      };
      if (!code)
        return fail({
          message: 'Please enter the access code for this event.',
          code: 'FORBIDDEN',
          retry_token: 'rt-1',
        });
      if (code !== 'VIP-2026' || token !== 'rt-1')
        return fail({
          message: 'Invalid access code. Please use a different code.',
          code: 'FORBIDDEN',
          retry_token: 'rt-1',
        });
      return { user_data: makeUser({ event_code: 'VIP' }), message: 'ok' };
    });
    // The first attempt goes by itself; the dialog's code loads lazily the first time it opens.
    const dialog = await screen.findByRole('dialog', { name: 'Access code' }, { timeout: 10_000 });
    await user.type(within(dialog).getByLabelText('Access code'), 'nope');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(
      await within(dialog).findByText('Invalid access code. Please use a different code.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Access code'));
    await user.type(within(dialog).getByLabelText('Access code'), 'VIP-2026');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.oauth2Callback').at(-1)).toMatchObject({
      access_code: 'VIP-2026',
      retry_token: 'rt-1',
    });
  });

  it("shows 'Oops, submission failed!' for an error answer that is not the gateway's", async () => {
    // A proxy's 502 page or a tRPC error without data.httpStatus: no server message to show.
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify([{ error: { message: 'upstream connect error', code: -32603, data: null } }]),
          { status: 502, headers: { 'content-type': 'application/json' } },
        ),
      ),
    );
    renderWithProviders(<OAuth2CallbackPage />, {
      route: '/auth/callback/oauth2/demo-sso?code=abc&event=DEMO',
      path: '/auth/callback/oauth2/:provider',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops, submission failed!');
    expect(screen.queryByText(/upstream connect error/)).not.toBeInTheDocument();
  });

  it('waits for a typed event code when none is known, then signs in with the button', async () => {
    const { user, gateway } = setup(
      () => ({ user_data: makeUser(), message: 'ok' }),
      '/auth/callback/oauth2/demo-sso?code=abc',
    );
    await user.type(screen.getByLabelText(/event code/i), 'DEMO');
    expect(gateway.inputsOf('auth.oauth2Callback')).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.oauth2Callback')).toHaveLength(1);
  });

  it("goes back to login 4 s after 'Login session expired.'", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { location } = setup(() =>
      fail({ message: 'Login session expired.', code: 'UNAUTHORIZED', httpStatus: 401 }),
    );
    expect(await screen.findByText('Login session expired.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(location().pathname).toBe('/auth/callback/oauth2/demo-sso');
    await act(async () => {
      vi.advanceTimersByTime(1200);
    });
    expect(location().pathname).toBe('/auth/login');
  });
});
