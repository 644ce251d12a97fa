import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import ForgotPasswordPage from './forgot-password-page.tsx';
import ResetPasswordPage from './reset-password-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function forgot(handler: Handler) {
  const gateway = mockTrpc({ 'auth.password': handler });
  const view = renderWithProviders(<ForgotPasswordPage />, {
    route: '/auth/forgot-password?event=DEMO',
    path: '/auth/forgot-password',
    routes: { '/auth/forgot-password-success': <p>forgot success</p>, '/auth/login': <p>login page</p> },
  });
  return { ...view, gateway };
}

describe('forgot password page', () => {
  it('keeps send disabled while the e-mail is empty and goes to the success page on 200', async () => {
    const { user, gateway } = forgot(() => ({ message: 'Mail sent.' }));
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    await user.type(screen.getByLabelText(/^email/i), ' ada@demo.test ');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByText('forgot success')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.password')).toEqual([
      { type: 'reset', username: 'ada@demo.test', event_code: 'DEMO' },
    ]);
  });

  it('shows the server message on failure', async () => {
    const { user } = forgot(() => fail({ message: 'Unknown user.', code: 'NOT_FOUND' }));
    await user.type(screen.getByLabelText(/^email/i), 'nobody@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Unknown user.')).toBeInTheDocument();
    expect(screen.queryByText('forgot success')).not.toBeInTheDocument();
  });

  it('goes back to login 4 s after error code 401.2', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { user, location } = forgot(() =>
      fail({ message: 'Login session expired.', code: 'UNAUTHORIZED', httpStatus: 401, error_code: '401.2' }),
    );
    await user.type(screen.getByLabelText(/^email/i), 'ada@demo.test');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Login session expired.')).toBeInTheDocument();
    await act(async () => {
      vi.advanceTimersByTime(3000);
    });
    expect(location().pathname).toBe('/auth/forgot-password');
    await act(async () => {
      vi.advanceTimersByTime(1200);
    });
    expect(location().pathname).toBe('/auth/login');
    expect(location().search).toBe('?event=DEMO');
  });
});

function reset(handler: Handler) {
  const gateway = mockTrpc({ 'auth.password': handler });
  const view = renderWithProviders(<ResetPasswordPage />, {
    route: '/auth/reset-password?username=ada%40demo.test&event=DEMO',
    path: '/auth/reset-password',
    routes: { '/auth/reset-password-success': <p>reset success</p> },
  });
  return { ...view, gateway };
}

describe('reset password page', () => {
  it('requires both fields and sends the username from the query', async () => {
    const { user, gateway } = reset(() => ({ message: 'ok' }));
    const submit = screen.getByRole('button', { name: 'Save password' });
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^new password/i), 'brand-new-pass');
    expect(submit).toBeDisabled();
    await user.type(screen.getByLabelText(/^confirm new password/i), 'brand-new-pass');
    await user.click(submit);
    expect(await screen.findByText('reset success')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.password')).toEqual([
      { type: 'reset', username: 'ada@demo.test', event_code: 'DEMO', new_password: 'brand-new-pass' },
    ]);
  });

  it('goes to the success page after a failure too', async () => {
    const { user } = reset(() => fail({ message: 'nope' }));
    await user.type(screen.getByLabelText(/^new password/i), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'brand-new-pass');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(await screen.findByText('reset success')).toBeInTheDocument();
  });

  it('refuses different passwords', async () => {
    const { user, gateway } = reset(() => ({ message: 'ok' }));
    await user.type(screen.getByLabelText(/^new password/i), 'brand-new-pass');
    await user.type(screen.getByLabelText(/^confirm new password/i), 'other-pass-1');
    await user.click(screen.getByRole('button', { name: 'Save password' }));
    expect(screen.getByText('*Please make sure that your passwords match')).toBeInTheDocument();
    expect(gateway.inputsOf('auth.password')).toEqual([]);
  });
});
