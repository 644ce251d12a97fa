import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, within } from '@testing-library/react';
import { useNavigate } from 'react-router-dom';
import { STORAGE_KEYS, TIMINGS } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { browser } from '../../../lib/browser.ts';
import { getSocket, setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeProfile, makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import ProfilePage from './profile-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  setSocket(null);
  clearSession();
});

/** The browser's Back button. */
function BrowserBack() {
  const navigate = useNavigate();
  return (
    <button type="button" onClick={() => void navigate(-1)}>
      browser back
    </button>
  );
}

function setup(handlers: Record<string, (input: unknown) => unknown> = {}) {
  const gateway = mockTrpc({
    'user.getUser': () => ({ data: { user: makeProfile() } }),
    'event.getPreferences': () => prefs({ use_event_avatars: 'no' }),
    ...handlers,
  });
  const result = renderWithProviders(
    <>
      <BrowserBack />
      <ProfilePage />
    </>,
    { route: '/profile/settings' },
  );
  return { gateway, ...result };
}

const ROWS = [
  'Change status',
  'Change appearance',
  'Profile information',
  'Skills',
  'Interests',
  'Change password',
  'Export private chats',
  'Delete account',
];

describe('profile settings page', () => {
  it('shows the picture, the full name, the status and the eight rows', async () => {
    window.localStorage.setItem(STORAGE_KEYS.ACTIVE_USER_STATUS, 'busy');
    setup();
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(screen.getAllByText('Do not disturb').length).toBeGreaterThan(0);
    const rows = within(screen.getByRole('navigation', { name: 'Profile settings' })).getAllByRole('button');
    expect(rows.map((row) => row.querySelector('.mantine-NavLink-label')?.textContent)).toEqual(ROWS);
  });

  it('opens a sub-page as router state, not URL, and the browser’s Back returns home to its row', async () => {
    const { user, location } = setup();
    await user.click(await screen.findByRole('button', { name: /Change password/ }));
    expect(await screen.findByLabelText(/^Current password/, { selector: 'input' })).toBeInTheDocument();
    expect(location().pathname).toBe('/profile/settings');
    expect(location().state).toMatchObject({ subPage: { name: 'password' }, subPageDepth: 1 });
    await user.click(screen.getByRole('button', { name: 'browser back' }));
    const row = await screen.findByRole('button', { name: /Change password/ });
    expect(row).toHaveFocus();
    expect(location().state).toBeNull();
  });

  it('shows the password-changed page in place of the form', async () => {
    const { user, location } = setup({ 'auth.password': () => ({ message: 'Password changed.' }) });
    await user.click(await screen.findByRole('button', { name: /Change password/ }));
    await user.type(screen.getByLabelText(/^Current password/, { selector: 'input' }), 'Showfloor2026');
    await user.type(screen.getByLabelText(/^New password/, { selector: 'input' }), 'bluebirds');
    await user.type(screen.getByLabelText(/^Confirm new password/, { selector: 'input' }), 'bluebirds');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your password was changed.')).toBeInTheDocument();
    // Replaced, not pushed: Back to the profile is one step.
    expect(location().state).toMatchObject({ subPage: { name: 'passwordChanged' }, subPageDepth: 1 });
    await user.click(screen.getByRole('button', { name: 'Back to the profile' }));
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
  });

  it('changes the status: stored under activeUserStatus and announced', async () => {
    const fake = createFakeSocket();
    fake.install();
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Change status/ }));
    await user.click(screen.getByRole('radio', { name: /Away/ }));
    expect(await screen.findByText('Your status is now: Away.')).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.ACTIVE_USER_STATUS)).toBe('away');
    expect(fake.emitted).toEqual([
      { topic: 'user_status_changes', payload: { room_id: null, user_id: 7, user_status: 'away' } },
    ]);
    expect(screen.getByRole('radio', { name: /Away/ })).toBeChecked();
  });

  it('links the private chats download with the local time offset', async () => {
    const { user } = setup();
    await user.click(await screen.findByRole('button', { name: /Export private chats/ }));
    const link = screen.getByRole('link', { name: 'Download private chats' });
    const offset = -new Date().getTimezoneOffset();
    expect(link).toHaveAttribute('href', `/api/v1/conversation/user/7/chats/all?utc_offset=${offset}`);
    expect(link).toHaveAttribute('download', 'private_chats.csv');
  });

  it('deletes the account after the confirmation, shows only its success page, then signs out', async () => {
    const fake = createFakeSocket();
    fake.install();
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => undefined);
    const { user, gateway } = setup({
      'user.deactivateUser': () => ({ message: 'Your account was deleted.' }),
      'auth.signout': () => ({ message: 'Signed out.' }),
    });
    await user.click(await screen.findByRole('button', { name: /Delete account/ }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(within(dialog).getByRole('button', { name: 'Delete account' }));
    expect(await screen.findByText('Your account was deleted.')).toBeInTheDocument();
    expect(gateway.inputsOf('user.deactivateUser')).toEqual([{ user_id: 7 }]);
    // The socket went first, so the sessions' end is not taken for a sign-in elsewhere.
    expect(getSocket()).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
    await act(() => vi.advanceTimersByTimeAsync(TIMINGS.ACCOUNT_DELETED_SIGN_OUT_MS + 3500));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('/auth/login?event=DEMO'));
  });
});
