import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { clearSession, getCurrentUser } from '../../../lib/session/session.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import RegistrationPage from './registration-page.tsx';

function setup(
  preferences: Record<string, string> = {},
  handlers: Record<string, Handler> = {},
  route = '/auth/registration?event=DEMO',
) {
  const gateway = mockTrpc({
    'event.getPreferences': () => prefs(preferences),
    'auth.signup': () => ({
      message: 'Sign up successful!',
      user_data: makeUser({ username: 'new@demo.test' }),
    }),
    ...handlers,
  });
  const view = renderWithProviders(<RegistrationPage />, {
    route,
    path: '/auth/registration',
    routes: { '/auth/registration-success': <p>success page</p> },
  });
  return { ...view, gateway };
}

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await act(() => testI18n.changeLanguage('en'));
});

async function fillAll(user: ReturnType<typeof setup>['user'], confirm = 'longpassword') {
  await user.type(screen.getByLabelText(/^first name/i), 'Alan');
  await user.type(screen.getByLabelText(/^last name/i), 'Turing');
  await user.type(screen.getByLabelText(/^email/i), 'alan@demo.test');
  await user.type(screen.getByLabelText(/^password/i), 'longpassword');
  await user.type(screen.getByLabelText(/^confirm password/i), confirm);
}

describe('registration page', () => {
  it('takes labels, title, visibility and mandatory flags from the event preferences', async () => {
    setup({
      MainTitle_Label: 'Join the Expo',
      Firstname_Label: 'Given name',
      Lastname_Display: 'no',
      Firstname_Mandatory: 'yes',
      EMail_Label: 'Work e-mail',
    });
    expect(await screen.findByRole('heading', { name: 'Join the Expo' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^given name/i)).toBeRequired();
    expect(screen.getByLabelText(/^work e-mail/i)).toBeInTheDocument();
    expect(screen.queryByLabelText(/^last name/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/event code/i)).not.toBeInTheDocument();
  });

  it("uses the event's labels only in English and the German catalogue in Deutsch", async () => {
    const labels = {
      MainTitle_Label: 'Join the Expo',
      Firstname_Label: 'Given name',
      Lastname_Label: 'Family name',
      EMail_Label: 'Work e-mail',
      Firstname_Mandatory: 'yes',
    };
    const english = setup(labels);
    expect(await screen.findByRole('heading', { name: 'Join the Expo' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^family name/i)).toBeInTheDocument();
    english.unmount();
    await act(() => testI18n.changeLanguage('de'));
    setup(labels);
    // The preferences have loaded once the first name is mandatory.
    await vi.waitFor(() => expect(screen.getByLabelText(/^vorname/i)).toBeRequired());
    expect(screen.getByRole('heading', { name: 'Konto erstellen' })).toBeInTheDocument();
    expect(screen.getByLabelText(/^nachname/i)).toBeInTheDocument();
    expect(screen.getByLabelText(/^e-mail/i)).toBeInTheDocument();
    expect(screen.queryByText(/Join the Expo|Given name|Family name|Work e-mail/)).not.toBeInTheDocument();
  });

  it('makes first and last name optional unless the preferences say mandatory', async () => {
    setup();
    expect(await screen.findByLabelText(/^first name/i)).not.toBeRequired();
    expect(screen.getByLabelText(/^last name/i)).not.toBeRequired();
    expect(screen.getByLabelText(/^email/i)).toBeRequired();
  });

  it('enables the button only when every field is filled and asks for matching passwords', async () => {
    const { user, gateway } = setup();
    const button = screen.getByRole('button', { name: 'Sign up' });
    expect(button).toBeDisabled();
    await fillAll(user, 'different1');
    expect(button).toBeEnabled();
    await user.click(button);
    expect(screen.getByText('*Please make sure that your passwords match')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.signup')).toEqual([]);
  });

  it("opens the success page only on 'Sign up successful!' and keeps the new user", async () => {
    const { user, gateway } = setup();
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('success page')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.signup')).toEqual([
      {
        firstname: 'Alan',
        lastname: 'Turing',
        email: 'alan@demo.test',
        password: 'longpassword',
        active: true,
        event_code: 'DEMO',
      },
    ]);
    expect(getCurrentUser()?.username).toBe('new@demo.test');
  });

  it('shows any other answer or failure as the server message', async () => {
    const { user } = setup(
      {},
      { 'auth.signup': () => ({ message: 'Please confirm your e-mail first.', user_data: makeUser() }) },
    );
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Please confirm your e-mail first.')).toBeInTheDocument();
    expect(screen.queryByText('success page')).not.toBeInTheDocument();
    expect(getCurrentUser()).toBeNull();
  });

  it('shows the server message when the e-mail is taken', async () => {
    const { user } = setup(
      {},
      { 'auth.signup': () => fail({ message: 'This e-mail is already registered.', code: 'CONFLICT' }) },
    );
    await fillAll(user);
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('This e-mail is already registered.')).toBeInTheDocument();
  });

  it('asks for the event code when the query has none', async () => {
    const { user } = setup({}, {}, '/auth/registration');
    const field = screen.getByLabelText(/event code/i);
    await user.click(field);
    await user.tab();
    expect(screen.getByText('*Please enter a valid event code')).toBeInTheDocument();
  });
});
