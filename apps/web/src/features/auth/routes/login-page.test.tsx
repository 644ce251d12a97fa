import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { browser } from '../../../lib/browser.ts';
import { clearSession, getCurrentUser } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import { forgetSsoAccessCode, keptSsoAccessCode } from '../sso-access-code.ts';
import LoginPage from './login-page.tsx';

const providers = (userPass = true) => ({
  providers: [{ name: 'demo-sso', button_text: 'Sign in with Demo SSO', user_pass_login: userPass }],
  user_pass_login: userPass,
});

function setup(
  handlers: Record<string, Handler> = {},
  route: string | { pathname: string; search: string; state: unknown } = '/auth/login?event=DEMO',
) {
  const gateway = mockTrpc({
    'auth.providers': () => providers(),
    'event.getOpenHours': () => ({ event_open_hours: [] }),
    'auth.signin': () => ({ user_data: makeUser(), message: 'Login successful' }),
    ...handlers,
  });
  const view = renderWithProviders(<LoginPage />, {
    route,
    path: '/auth/login',
    routes: { '/lobby': <p>lobby page</p>, '/chat': <p>chat page</p>, '/info': <p>info page</p> },
  });
  return { ...view, gateway };
}

async function fillValid(user: ReturnType<typeof setup>['user'], email = 'ada@demo.test') {
  await user.type(screen.getByLabelText(/^email/i), email);
  await user.type(screen.getByLabelText(/^password/i), 'Showfloor2026');
}

async function tickConsents(user: ReturnType<typeof setup>['user']) {
  await user.click(screen.getByRole('checkbox', { name: /privacy policy/i }));
  await user.click(screen.getByRole('checkbox', { name: /local storage/i }));
}

/** Makes calls to `path` fail the way a dropped connection does (the browser's 'Failed to fetch'). */
function dropConnection(path: string) {
  const gatewayFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (url: string | URL | Request, init?: RequestInit) =>
    (url instanceof Request ? url.url : String(url)).includes(path)
      ? Promise.reject(new TypeError('Failed to fetch'))
      : gatewayFetch(url, init),
  );
}

afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
  forgetSsoAccessCode();
  await act(() => testI18n.changeLanguage('en'));
});

describe('login page', () => {
  it('hides the event code field when the query gives one and shows it otherwise', async () => {
    const first = setup();
    expect(await screen.findByLabelText(/^email/i)).toBeInTheDocument();
    expect(screen.queryByLabelText(/event code/i)).not.toBeInTheDocument();
    first.unmount();
    setup({}, '/auth/login');
    expect(screen.getByLabelText(/event code/i)).toBeInTheDocument();
  });

  it('enables submit only when email, password, event code and both consents are set', async () => {
    const { user } = setup({}, '/auth/login');
    const submit = screen.getByRole('button', { name: 'Log in' });
    expect(submit).toBeDisabled();
    await fillValid(user);
    await tickConsents(user);
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/event code/i), 'DEMO');
    expect(submit).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: /local storage/i }));
    expect(submit).toBeDisabled();
  });

  it("shows the spec's texts for touched empty fields", async () => {
    const { user } = setup({}, '/auth/login');
    await user.click(screen.getByLabelText(/^email/i));
    await user.click(screen.getByLabelText(/^password/i));
    await user.click(screen.getByLabelText(/event code/i));
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/i }));
    expect(screen.getByText('*Please enter a valid email-address')).toBeInTheDocument();
    expect(screen.getByText('*Please enter your password')).toBeInTheDocument();
    expect(screen.getByText('*Please enter a valid event code')).toBeInTheDocument();
  });

  it('counts a whitespace-only password as empty but sends a password as typed', async () => {
    const { user, gateway } = setup();
    await user.type(screen.getByLabelText(/^email/i), 'ada@demo.test');
    await user.type(screen.getByLabelText(/^password/i), '   ');
    await tickConsents(user);
    expect(screen.getByText('*Please enter your password')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log in' })).toBeDisabled();
    await user.clear(screen.getByLabelText(/^password/i));
    await user.type(screen.getByLabelText(/^password/i), ' Showfloor2026 ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.signin')).toMatchObject([{ password: ' Showfloor2026 ' }]);
  });

  it('marks both consents as required and still shows its own consent text', async () => {
    const { user } = setup();
    const privacy = screen.getByRole('checkbox', { name: /privacy policy/i });
    const storage = screen.getByRole('checkbox', { name: /local storage/i });
    expect(privacy).toBeRequired();
    expect(storage).toBeRequired();
    await fillValid(user);
    await user.type(screen.getByLabelText(/^password/i), '{Enter}');
    expect(screen.getAllByText('Please accept to continue')).toHaveLength(2);
  });

  it('on Enter without both consents highlights the consents and does not sign in', async () => {
    const { user, gateway } = setup();
    await fillValid(user);
    await user.click(screen.getByRole('checkbox', { name: /privacy policy/i }));
    await user.type(screen.getByLabelText(/^password/i), '{Enter}');
    expect(screen.getAllByText('Please accept to continue')).toHaveLength(1);
    expect(gateway.inputsOf('auth.signin')).toEqual([]);
  });

  it('on Enter with both consents signs in with trimmed inputs, keeps the user and opens /lobby', async () => {
    const { user, gateway, location } = setup({}, '/auth/login');
    await user.type(screen.getByLabelText(/^email/i), '  ada@demo.test  ');
    await user.type(screen.getByLabelText(/^password/i), 'Showfloor2026');
    await user.type(screen.getByLabelText(/event code/i), ' DEMO ');
    await tickConsents(user);
    await user.type(screen.getByLabelText(/^password/i), '{Enter}');
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.signin')).toEqual([
      {
        email: 'ada@demo.test',
        password: 'Showfloor2026',
        event_code: 'DEMO',
        frontend: 'visitor',
        force_login: true,
      },
    ]);
    expect(location().pathname).toBe('/lobby');
    expect(getCurrentUser()?.username).toBe('ada@demo.test');
    expect(window.localStorage.getItem(STORAGE_KEYS.ACTIVE_USER_STATUS)).toBe('available');
  });

  it('returns to the location the guard kept', async () => {
    const { user } = setup(
      {},
      {
        pathname: '/auth/login',
        search: '?event=DEMO',
        state: { from: { pathname: '/chat', search: '', hash: '' } },
      },
    );
    await fillValid(user);
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('chat page')).toBeInTheDocument();
  });

  it("shows the server's message under the form when sign-in fails", async () => {
    const { user } = setup({
      'auth.signin': () => fail({ message: 'Wrong email or password.', code: 'UNAUTHORIZED' }),
    });
    await fillValid(user);
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Wrong email or password.')).toBeInTheDocument();
    expect(getCurrentUser()).toBeNull();
  });

  it("says an event code is unknown, not 'Wrong email or password.', in English and German", async () => {
    const unknown = () => fail({ message: 'Event not found.', code: 'NOT_FOUND', httpStatus: 404 });
    const first = setup({ 'auth.providers': unknown }, '/auth/login?event=NOPE');
    expect(
      await screen.findByText('There is no event with this code. Please check the event code.'),
    ).toBeInTheDocument();
    first.unmount();
    await act(() => testI18n.changeLanguage('de'));
    const { user } = setup({ 'auth.providers': unknown }, '/auth/login');
    await user.type(screen.getByLabelText(/Veranstaltungscode/), 'NOPE');
    const unknownText =
      'Es gibt keine Veranstaltung mit diesem Code. Bitte prüfen Sie den Veranstaltungscode.';
    // Asked once the typing pauses (the field's 400 ms debounce), then said under the field.
    expect(await screen.findByText(unknownText, {}, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByLabelText(/Veranstaltungscode/)).toHaveAccessibleDescription(unknownText);
  });

  it("shows the sign-in's own answer for an unknown event in the UI language", async () => {
    const { user } = setup({
      'auth.signin': () =>
        fail({
          message: 'There is no event with this code. Please check the event code.',
          code: 'NOT_FOUND',
          httpStatus: 404,
        }),
    });
    await fillValid(user);
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('There is no event with this code.');
    expect(screen.queryByText('Wrong email or password.')).not.toBeInTheDocument();
  });

  it("shows 'Oops, submission failed!' instead of the browser's text when the connection fails", async () => {
    const { user } = setup();
    dropConnection('auth.signin');
    await fillValid(user);
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Oops, submission failed!');
    expect(screen.queryByText(/Failed to fetch/)).not.toBeInTheDocument();
  });

  it('shows a known server message in German and an unknown one as it is', async () => {
    await act(() => testI18n.changeLanguage('de'));
    let message = 'Wrong email or password.';
    const { user } = setup({ 'auth.signin': () => fail({ message, code: 'UNAUTHORIZED', httpStatus: 401 }) });
    await user.type(screen.getByLabelText(/^e-mail/i), 'ada@demo.test');
    await user.type(screen.getByLabelText(/^passwort/i, { selector: 'input' }), 'Showfloor2026');
    await user.click(screen.getByRole('checkbox', { name: /Datenschutzerklärung/ }));
    await user.click(screen.getByRole('checkbox', { name: /lokalen Speicher/ }));
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail-Adresse oder Passwort ist falsch.');
    expect(screen.queryByText('Wrong email or password.')).not.toBeInTheDocument();
    message = 'Your account is locked.';
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Your account is locked.')).toBeInTheDocument();
  });

  it('asks for the access code, refuses a wrong one with its text, and signs in with the right one', async () => {
    const { user, gateway } = setup(
      {
        'auth.signin': (input) => {
          const code = (input as { access_code?: string }).access_code;
          if (!code)
            return fail({ message: 'Please enter the access code for this event.', code: 'FORBIDDEN' });
          if (code !== 'VIP-2026')
            return fail({ message: 'Invalid access code. Please use a different code.', code: 'FORBIDDEN' });
          return { user_data: makeUser({ event_code: 'VIP' }), message: 'ok' };
        },
      },
      '/auth/login?event=VIP',
    );
    await fillValid(user, 'vera@demo.test');
    await tickConsents(user);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access code' });
    const confirm = within(dialog).getByRole('button', { name: 'Confirm' });
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Access code'), 'WRONG');
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(
      await within(dialog).findByText('Invalid access code. Please use a different code.'),
    ).toBeInTheDocument();
    await user.clear(within(dialog).getByLabelText('Access code'));
    expect(confirm).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Access code'), 'VIP-2026');
    await user.click(confirm);
    expect(await screen.findByText('lobby page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.signin').map((i) => (i as { access_code?: string }).access_code)).toEqual([
      undefined,
      'WRONG',
      'VIP-2026',
    ]);
    expect(window.localStorage.getItem(STORAGE_KEYS.ACCESS_CODE)).toBe('VIP-2026');
  });

  it('offers the SSO buttons of the event and starts the provider round trip after the consents', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user } = setup();
    const sso = await screen.findByRole('button', { name: 'Sign in with Demo SSO' });
    await user.click(sso);
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getAllByText('Please accept to continue')).toHaveLength(2);
    await tickConsents(user);
    await user.click(sso);
    expect(assign).toHaveBeenCalledWith(
      '/api/v1/auth/oauth2?frontend=visitor&provider=demo-sso&event_code=DEMO',
    );
    expect(window.localStorage.getItem(STORAGE_KEYS.EVENT_CODE)).toBe('DEMO');
  });

  it("keeps the link's access code for the SSO callback, and forgets an old one without it", async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const first = setup({}, '/auth/login?event=VIP&access_code=VIP-2026');
    await tickConsents(first.user);
    await first.user.click(await screen.findByRole('button', { name: 'Sign in with Demo SSO' }));
    expect(assign).toHaveBeenCalledTimes(1);
    expect(keptSsoAccessCode()).toBe('VIP-2026');
    first.unmount();
    const second = setup({}, '/auth/login?event=DEMO');
    await tickConsents(second.user);
    await second.user.click(await screen.findByRole('button', { name: 'Sign in with Demo SSO' }));
    expect(assign).toHaveBeenCalledTimes(2);
    expect(keptSsoAccessCode()).toBeUndefined();
  });

  it('shows email and password only when the event allows user/password login', async () => {
    setup({ 'auth.providers': () => providers(false) });
    expect(await screen.findByRole('button', { name: 'Sign in with Demo SSO' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText(/^email/i)).not.toBeInTheDocument());
    expect(screen.queryByLabelText(/^password/i)).not.toBeInTheDocument();
  });

  it('sends a closed event to the information page', async () => {
    const future = Date.now() + 86_400_000;
    setup(
      {
        'event.getOpenHours': () => ({
          event_open_hours: [{ from_timestamp: future, to_timestamp: future + 3_600_000 }],
        }),
      },
      '/auth/login?event=CLOSED',
    );
    expect(await screen.findByText('info page')).toBeInTheDocument();
  });

  it('asks for the event code in the welcome text only when the field is shown', async () => {
    const withEvent = setup();
    expect(
      await screen.findByText('Welcome! Log in with your e-mail address and your password.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/event code/i)).not.toBeInTheDocument();
    withEvent.unmount();
    setup({}, '/auth/login');
    expect(
      screen.getByText('Welcome! Log in with your e-mail address, your password and your event code.'),
    ).toBeInTheDocument();
  });

  it('greets the special event with its own welcome text', async () => {
    setup({}, '/auth/login?event=VIP');
    expect(await screen.findByText(/Welcome to our VIP event!/)).toBeInTheDocument();
  });
});
