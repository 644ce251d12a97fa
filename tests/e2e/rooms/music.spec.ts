// The lobby's background music (the demo lobby's background_music item, its audio media served by the demo rooms'
// origin): it plays after sign-in, the button beside the room stops it and the settings page's switch starts it
// again, both through the stored backgroundMusicStatus.
import type { Page } from '@playwright/test';
import { expect, signIn, test } from '../fixtures/stack.ts';

const music = (page: Page) => page.getByTestId('background-music');

/** Whether the music is playing: not paused and its time moving on. */
async function isPlaying(page: Page): Promise<boolean> {
  const start = await music(page).evaluate((a: HTMLAudioElement) => a.currentTime);
  return music(page).evaluate(
    (a: HTMLAudioElement, from) =>
      new Promise<boolean>((resolve) => {
        if (a.paused) {
          resolve(false);
          return;
        }
        a.addEventListener('timeupdate', () => resolve(!a.paused && a.currentTime !== from), { once: true });
      }),
    start,
  );
}

test('the lobby music plays, the button stops it and the settings switch starts it again', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await expect(music(page)).toHaveAttribute('src', /\/demo-rooms\/media\/lobby-music\.wav$/);
  await expect.poll(() => isPlaying(page)).toBe(true);

  const button = page.getByRole('button', { name: 'Background music' });
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await button.click();
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(() => music(page).evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('backgroundMusicStatus'))).toBe('false');

  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await page
    .getByRole('dialog', { name: 'Settings' })
    .getByRole('switch', { name: 'Background music' })
    .click();
  await expect.poll(() => isPlaying(page)).toBe(true);
});
