// profile_picture_change as the signed-in root hears it (the session topic's hook) and the profile page shows it:
// the new picture is written into the cached profile, so the open page changes without reading the profile again.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ComponentType } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import { profileMenuPage } from '../../features/profile/menu.ts';
import { useSessionEvents } from '../../features/session/index.ts';
import { clearSession, getCurrentUser, startSession } from '../../lib/session/session.ts';
import { setSocket } from '../../lib/socket/registry.ts';
import { createFakeSocket } from '../../testing/fake-socket.ts';
import { makeProfile, makeUser, prefs } from '../../testing/fixtures.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { mockTrpc } from '../../testing/trpc-mock.ts';

const noop = () => undefined;

let ProfilePage: ComponentType;

beforeEach(async () => {
  ProfilePage = (await profileMenuPage.load()).default;
  await startSession(makeUser({ id: 7 }));
});

afterEach(() => {
  setSocket(null);
  clearSession();
});

function SignedInWithProfile() {
  useSessionEvents('/lobby', noop);
  return <ProfilePage />;
}

/** The picture the profile home shows ('' for the initials). */
const shownPicture = () => document.querySelector('[data-picture]')?.getAttribute('data-picture');

describe('profile_picture_change', () => {
  it('writes the new picture into the open profile without reading it again, and a removal too', async () => {
    // The gateway keeps answering the old profile: a read would bring the old picture back.
    const gateway = mockTrpc({
      'user.getUser': () => ({
        data: { user: makeProfile({ id: 7, profile_picture: 'pictures/7-old.png' }) },
      }),
      'event.getPreferences': () => prefs({ use_event_avatars: 'no' }),
    });
    const socket = createFakeSocket();
    socket.install();
    const { queryClient } = renderWithProviders(<SignedInWithProfile />, { route: '/profile/settings' });
    expect(await screen.findByRole('heading', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() => expect(shownPicture()).toBe('pictures/7-old.png'));
    await waitFor(() => expect(socket.listenerCount('profile_picture_change')).toBe(1));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    const reads = gateway.inputsOf('user.getUser').length;

    // Someone else's new picture leaves this profile as it is.
    act(() => socket.fire('profile_picture_change', { user_id: 8, profile_picture_path: 'pictures/8.png' }));
    act(() =>
      socket.fire('profile_picture_change', { user_id: 7, profile_picture_path: 'pictures/7-new.png' }),
    );
    await waitFor(() => expect(shownPicture()).toBe('pictures/7-new.png'));
    expect(getCurrentUser()?.profile_picture).toBe('pictures/7-new.png');

    act(() => socket.fire('profile_picture_change', { user_id: 7, profile_picture_path: '' }));
    await waitFor(() => expect(shownPicture()).toBe(''));
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(gateway.inputsOf('user.getUser')).toHaveLength(reads);
  });
});
