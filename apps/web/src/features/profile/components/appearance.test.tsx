import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { MAX_PROFILE_PICTURE_BYTES, type UserProfile } from '@showfloor/contracts';
import { clearSession, getCurrentUser, startSession } from '../../../lib/session/session.ts';
import { makeProfile, makeUser, prefs } from '../../../testing/fixtures.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import { useOwnProfile } from '../api/use-own-profile.ts';
import { Appearance, pictureProblem } from './appearance.tsx';

beforeEach(async () => {
  await startSession(makeUser());
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  clearSession();
});

const AVATARS = {
  avatars: [
    { id: 3, name: 'Demo Blue', thumbnail: 'data:image/png;base64,AA==', default: true },
    { id: 4, name: 'Demo Orange', thumbnail: 'data:image/png;base64,AA==', default: false },
  ],
};

function Page({ useEventAvatars }: { useEventAvatars: string }) {
  const profile = useOwnProfile(7);
  return profile.data ? (
    <Appearance profile={profile.data} preferences={prefs({ use_event_avatars: useEventAvatars })} />
  ) : null;
}

/** The fake gateway plus the file proxy's picture upload (a multipart fetch outside tRPC). */
function setup(profile: UserProfile, handlers: Record<string, Handler> = {}, useEventAvatars = 'yes') {
  const gateway = mockTrpc({
    'user.getUser': () => ({ data: { user: profile } }),
    'database.getAvatars': () => AVATARS,
    'event.createPreference': (input) => ({ id: 9, ...(input as object) }),
    'user.deletePicture': () => ({ message: 'Profile picture removed.' }),
    ...handlers,
  });
  const trpcFetch: typeof fetch = globalThis.fetch;
  const uploads: Array<{ url: string; method: string; body: FormData; auth: string | null }> = [];
  const fetchMock = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const href = String(url);
    if (!href.includes('/api/v1/user/picture')) return trpcFetch(url, init);
    const headers = new Headers(init?.headers);
    uploads.push({
      url: href,
      method: init?.method ?? 'GET',
      body: init?.body as FormData,
      auth: headers.get('authorization'),
    });
    return new Response(
      JSON.stringify({ message: 'Profile picture saved.', profile_picture: 'pictures/7-1.png' }),
      {
        status: 200,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  vi.stubGlobal('fetch', fetchMock);
  return { gateway, uploads, ...renderWithProviders(<Page useEventAvatars={useEventAvatars} />) };
}

const png = (size = 64) => new File([new Uint8Array(size)], 'me.png', { type: 'image/png' });

describe('appearance', () => {
  it('checks a picture for its type and size before sending it', () => {
    expect(pictureProblem({ type: 'image/png', size: 10 })).toBeUndefined();
    expect(pictureProblem({ type: 'image/webp', size: MAX_PROFILE_PICTURE_BYTES })).toBeUndefined();
    expect(pictureProblem({ type: 'image/svg+xml', size: 10 })).toBe('type');
    expect(pictureProblem({ type: 'application/pdf', size: 10 })).toBe('type');
    expect(pictureProblem({ type: 'image/jpeg', size: MAX_PROFILE_PICTURE_BYTES + 1 })).toBe('size');
  });

  it('refuses a file that is no picture, or too large, without uploading it', async () => {
    const { uploads } = setup(makeProfile());
    const input = await waitFor(() => {
      const found = document.querySelector<HTMLInputElement>('input[type="file"]');
      if (!found) throw new Error('no file input yet');
      return found;
    });
    // A browser's file dialog can still hand over any file ("All files"): the input's accept filter is no check.
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-'], 'cv.pdf', { type: 'application/pdf' })] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a PNG, JPEG, GIF or WebP image.',
    );
    const huge = png();
    Object.defineProperty(huge, 'size', { value: MAX_PROFILE_PICTURE_BYTES + 1 });
    fireEvent.change(input, { target: { files: [huge] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('The picture is too large: at most 10 MB.');
    expect(uploads).toEqual([]);
  });

  it('uploads a first picture with POST through the file proxy and shows it', async () => {
    const { user, uploads } = setup(makeProfile());
    await screen.findByRole('button', { name: 'Upload picture' });
    const input = document.querySelector<HTMLInputElement>('input[type="file"]');
    await user.upload(input!, png());
    expect(await screen.findByText('Your new picture was saved.')).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]).toMatchObject({ method: 'POST', auth: 'Bearer header.payload.signature' });
    expect(uploads[0]?.url).toContain('/api/v1/user/picture?user_id=7');
    expect((uploads[0]?.body.get('file') as File).name).toBe('me.png');
    expect(getCurrentUser()?.profile_picture).toBe('pictures/7-1.png');
    expect(screen.getByRole('button', { name: 'Change picture' })).toBeInTheDocument();
  });

  it('replaces a picture with PATCH and removes it', async () => {
    const { user, uploads, gateway } = setup(makeProfile({ profile_picture: 'pictures/7-0.png' }));
    await screen.findByRole('button', { name: 'Change picture' });
    await user.upload(document.querySelector<HTMLInputElement>('input[type="file"]')!, png());
    await screen.findByText('Your new picture was saved.');
    expect(uploads[0]?.method).toBe('PATCH');
    await user.click(screen.getByRole('button', { name: 'Remove picture' }));
    expect(await screen.findByText('Your picture was removed.')).toBeInTheDocument();
    expect(gateway.inputsOf('user.deletePicture')).toEqual([{ user_id: 7 }]);
    expect(getCurrentUser()?.profile_picture).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remove picture' })).not.toBeInTheDocument();
  });

  it("lists the event's avatars, starts on the stored choice and saves a new one as a preference", async () => {
    const { user, gateway } = setup(makeProfile({ avatar_id: 3 }));
    const blue = await screen.findByRole('radio', { name: /Demo Blue/ });
    expect(blue).toBeChecked();
    expect(gateway.inputsOf('database.getAvatars')).toEqual([{ event_code: 'DEMO' }]);
    const save = screen.getByRole('button', { name: 'Save avatar' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /Demo Orange/ }));
    await user.click(save);
    expect(await screen.findByText('Your avatar was saved.')).toBeInTheDocument();
    expect(gateway.inputsOf('event.createPreference')).toEqual([
      { name: 'user_selected_avatar', value: '4', user_id: 7, event_code: 'DEMO' },
    ]);
    expect(screen.getByRole('radio', { name: /Demo Orange/ })).toBeChecked();
    expect(save).toBeDisabled();
  });

  it("offers no avatars unless use_event_avatars is 'yes', and only logs a failing list", async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    setup(makeProfile(), {}, 'auto');
    await screen.findByRole('button', { name: 'Upload picture' });
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    document.body.innerHTML = '';
    setup(makeProfile(), {
      'database.getAvatars': () => {
        throw new Error('down');
      },
    });
    await screen.findByRole('button', { name: 'Upload picture' });
    await waitFor(() =>
      expect(warn).toHaveBeenCalledWith('avatar list could not be loaded', expect.any(String)),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
