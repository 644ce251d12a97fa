import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import {
  BACKGROUND_MUSIC_CONTENT_TYPE,
  STORAGE_KEYS,
  type Preference,
  type RoomContentItem,
} from '@showfloor/contracts';
import { writeFlag } from '../../../lib/shell/stored-flags.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket } from '../../../testing/fake-socket.ts';
import { makeContentItem, makeLobby, prefs, makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { EmbeddedRoom } from './embedded-room.tsx';

const MUSIC_URL = 'https://media.example/lobby-music.wav';
const MUSIC = makeContentItem({ id: 8, type: BACKGROUND_MUSIC_CONTENT_TYPE, media_id: 3 });

let play: MockInstance<() => Promise<void>>;
let pause: MockInstance<() => void>;
/** Whether the browser lets the page play sound yet (it does after an interaction). */
let mayPlay: boolean;

function openLobby(preferences: Preference[], content: RoomContentItem[] = [MUSIC]) {
  const gateway = mockTrpc({
    'content.getRoomContent': () => ({ content }),
    'content.getMedia': () => ({
      id: 3,
      type: 'audio',
      event_code: 'DEMO',
      external_id: null,
      external_link: null,
      video: [{ link: MUSIC_URL }],
    }),
  });
  createFakeSocket().install();
  const view = renderWithProviders(
    <EmbeddedRoom room={makeLobby()} instance={null} user={makeUser()} preferences={preferences} />,
  );
  return { ...view, gateway };
}

const musicOn = prefs({ background_music: 'yes' });
const audio = () => screen.getByTestId<HTMLAudioElement>('background-music');

beforeEach(() => {
  window.localStorage.clear();
  mayPlay = true;
  play = vi
    .spyOn(HTMLMediaElement.prototype, 'play')
    .mockImplementation(() => (mayPlay ? Promise.resolve() : Promise.reject(new Error('NotAllowedError'))));
  pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => undefined);
});

afterEach(async () => {
  vi.restoreAllMocks();
  setSocket(null);
  window.localStorage.clear();
  await testI18n.changeLanguage('en');
});

describe('background music', () => {
  it("plays the room's music in a loop from its audio media while background_music is 'yes'", async () => {
    const { gateway } = openLobby(musicOn);
    expect(await screen.findByRole('button', { name: 'Background music' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(audio()).toHaveAttribute('src', MUSIC_URL);
    expect(audio().loop).toBe(true);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    expect(gateway.inputsOf('content.getMedia')).toEqual([{ id: 3 }]);
  });

  it("plays nothing and offers no button when the event's background_music is not 'yes'", async () => {
    // The item carries its source: with the event's consent it would show as soon as the content is read.
    const { queryClient } = openLobby(prefs({ background_music: 'auto' }), [
      { ...MUSIC, media_id: null, attributes: { media_src: MUSIC_URL } },
    ]);
    await waitFor(() =>
      expect(
        queryClient.getQueryCache().findAll({ predicate: (q) => q.state.status === 'success' }),
      ).toHaveLength(1),
    );
    expect(screen.queryByTestId('background-music')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Background music' })).toBeNull();
    expect(play).not.toHaveBeenCalled();
  });

  it('stops while a call turns the stored flag off and plays again when the call restores it', async () => {
    openLobby(musicOn);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    // What features/calls does at a call's start and end.
    act(() => writeFlag(STORAGE_KEYS.BACKGROUND_MUSIC, false));
    expect(pause).toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Background music' })).toHaveAttribute('aria-pressed', 'false');
    act(() => writeFlag(STORAGE_KEYS.BACKGROUND_MUSIC, true));
    await waitFor(() => expect(play).toHaveBeenCalledTimes(2));
  });

  it('starts switched off when the visitor switched it off before, and the button switches it on', async () => {
    writeFlag(STORAGE_KEYS.BACKGROUND_MUSIC, false);
    const { user } = openLobby(musicOn);
    const button = await screen.findByRole('button', { name: 'Background music' });
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(play).not.toHaveBeenCalled();
    await user.click(button);
    expect(window.localStorage.getItem(STORAGE_KEYS.BACKGROUND_MUSIC)).toBe('true');
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    await user.click(button);
    expect(window.localStorage.getItem(STORAGE_KEYS.BACKGROUND_MUSIC)).toBe('false');
    expect(button).toHaveAttribute('aria-pressed', 'false');
  });

  it('tries again at the first interaction when the browser refused to start it', async () => {
    mayPlay = false;
    openLobby(musicOn);
    await waitFor(() => expect(play).toHaveBeenCalledTimes(1));
    await act(async () => undefined);
    mayPlay = true;
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));
    });
    expect(play).toHaveBeenCalledTimes(2);
    // Playing now: later key presses start nothing more.
    await act(async () => undefined);
    act(() => {
      document.body.dispatchEvent(new KeyboardEvent('keydown', { key: 'b', bubbles: true }));
    });
    expect(play).toHaveBeenCalledTimes(2);
  });

  it('says so in Deutsch', async () => {
    await act(() => testI18n.changeLanguage('de'));
    openLobby(musicOn);
    expect(await screen.findByRole('button', { name: 'Hintergrundmusik' })).toBeInTheDocument();
  });
});
