import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import SettingsPage from './settings-page.tsx';

beforeEach(async () => {
  await startSession(makeUser());
  for (const key of Object.values(STORAGE_KEYS)) window.localStorage.removeItem(key);
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await testI18n.changeLanguage('en');
});

function setup(preferences: Record<string, string>) {
  mockTrpc({ 'event.getPreferences': () => prefs(preferences) });
  return renderWithProviders(<SettingsPage />, { route: '/settings' });
}

describe('settings page', () => {
  it('shows each toggle only when the event allows it', async () => {
    setup({ background_music: 'auto', room_chat: 'auto', mini_map: 'no', hide_camera_toggle: 'yes' });
    expect(await screen.findByText('This event has no further settings.')).toBeInTheDocument();
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
  });

  it('keeps each toggle under its storage key with its default', async () => {
    const { user } = setup({
      background_music: 'yes',
      room_chat: 'yes',
      mini_map: 'yes',
      mini_map_at_start: 'no',
      hide_camera_toggle: 'no',
    });
    const music = await screen.findByRole('switch', { name: 'Background music' });
    const newsfeed = screen.getByRole('switch', { name: 'Room chat newsfeed notifications' });
    const miniMap = screen.getByRole('switch', { name: 'Mini-map' });
    const third = screen.getByRole('switch', { name: 'Third-person view' });
    expect(music).toBeChecked();
    expect(newsfeed).not.toBeChecked();
    expect(miniMap).not.toBeChecked();
    expect(third).not.toBeChecked();
    await user.click(music);
    await user.click(newsfeed);
    await user.click(miniMap);
    await user.click(third);
    expect(window.localStorage.getItem('backgroundMusicStatus')).toBe('false');
    expect(window.localStorage.getItem('enableRoomChatFeed')).toBe('true');
    expect(window.localStorage.getItem('enableMiniMap')).toBe('true');
    expect(window.localStorage.getItem('thirdPersonView')).toBe('true');
  });

  it('starts the mini-map as mini_map_at_start says unless a value is stored', async () => {
    setup({ mini_map: 'yes', mini_map_at_start: 'yes' });
    expect(await screen.findByRole('switch', { name: 'Mini-map' })).toBeChecked();
  });

  it('switches the language to Deutsch and remembers it', async () => {
    const { user } = setup({});
    await user.click(screen.getByRole('radio', { name: 'Deutsch' }));
    // The page's texts follow (its title is the drawer's, see the shell's tests).
    expect(await screen.findByRole('radiogroup', { name: 'Sprache' })).toBeInTheDocument();
    expect(window.localStorage.getItem('language')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
  });
});
