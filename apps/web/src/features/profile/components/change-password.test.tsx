import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import { ChangePassword } from './change-password.tsx';

afterEach(() => vi.unstubAllGlobals());

const input = (name: string) => screen.getByLabelText(new RegExp(`^${name}`), { selector: 'input' });

function setup(handler: (input: unknown) => unknown = () => ({ message: 'Password changed.' })) {
  const gateway = mockTrpc({ 'auth.password': handler });
  const onChanged = vi.fn();
  return {
    gateway,
    onChanged,
    ...renderWithProviders(<ChangePassword username="ada@demo.test" onChanged={onChanged} />),
  };
}

describe('change password', () => {
  it('needs all three fields', async () => {
    const { user, gateway } = setup();
    const submit = screen.getByRole('button', { name: 'Change password' });
    expect(submit).toBeDisabled();
    await user.type(input('Current password'), 'Showfloor2026');
    await user.type(input('New password'), 'Bluebird2027');
    expect(submit).toBeDisabled();
    await user.click(input('Confirm new password'));
    await user.tab();
    expect(screen.getByText('Please confirm the new password')).toBeInTheDocument();
    expect(gateway.calls).toEqual([]);
  });

  it('wants at least 8 characters, a new password that differs and a matching confirmation', async () => {
    const { user } = setup();
    await user.type(input('Current password'), 'Showfloor2026');
    await user.type(input('New password'), 'short');
    await user.tab();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    await user.clear(input('New password'));
    await user.type(input('New password'), 'Showfloor2026');
    expect(screen.getByText('The new password must differ from the old one')).toBeInTheDocument();
    await user.clear(input('New password'));
    // Numbers and capitals are not required.
    await user.type(input('New password'), 'bluebirds');
    await user.type(input('Confirm new password'), 'bluebird');
    await user.tab();
    expect(screen.getByText('*Please make sure that your passwords match')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    await user.type(input('Confirm new password'), 's');
    expect(screen.queryByText('*Please make sure that your passwords match')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });

  it('sends a change with the username and opens the success page', async () => {
    const { user, gateway, onChanged } = setup();
    await user.type(input('Current password'), 'Showfloor2026');
    await user.type(input('New password'), 'bluebirds');
    await user.type(input('Confirm new password'), 'bluebirds');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await vi.waitFor(() => expect(onChanged).toHaveBeenCalledOnce());
    expect(gateway.inputsOf('auth.password')).toEqual([
      { type: 'change', username: 'ada@demo.test', password: 'Showfloor2026', new_password: 'bluebirds' },
    ]);
  });

  it("shows the server's message when the current password is wrong", async () => {
    const { user, onChanged } = setup(() =>
      fail({ message: 'Wrong email or password.', code: 'UNAUTHORIZED', httpStatus: 401 }),
    );
    await user.type(input('Current password'), 'wrong-one');
    await user.type(input('New password'), 'bluebirds');
    await user.type(input('Confirm new password'), 'bluebirds');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Wrong email or password.');
    expect(onChanged).not.toHaveBeenCalled();
  });
});
