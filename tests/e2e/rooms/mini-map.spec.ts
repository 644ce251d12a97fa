// The mini-map (issue 12, spec 02 §2.10, §4.11): ada walks lobby → mini-map → a booth and back, each entry
// recorded once by the provider; the Rooms list reaches every room she may enter by keyboard alone; axe finds
// nothing serious on the open map and list in English and Deutsch.
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  recordedEntries,
  signIn,
  switchLanguage,
  test,
} from '../fixtures/stack.ts';
import { ADA, KERNEL_BOOTH, LOBBY, closeWelcomePopup } from '../fixtures/demo-rooms.ts';

/** The rooms ada may enter in the demo event (the VIP Lounge is restricted), in the Rooms list's order. */
const ADAS_ROOMS: Array<[string, RegExp]> = [
  ['Lobby', /\/lobby$/],
  ['Partner Website', /\/room\/2$/],
  ['Talk Stage', /\/room\/3$/],
  ['Expo Hall', /\/room\/4$/],
  ['Kernel Booth', /\/room\/8$/],
  ['Meeting Room', /\/room\/9$/],
];

const miniMap = (page: Page) => page.getByRole('complementary', { name: 'Mini-map' });

test('ada goes from the lobby through the mini-map into the Kernel Booth and back, one entry each', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  // The demo event starts the map open (mini_map_at_start yes); nothing is stored yet.
  const map = miniMap(page).getByRole('group', { name: /Map of the event/ });
  await expect(miniMap(page).getByRole('switch', { name: 'Mini-map' })).toBeChecked();
  await expect(page.frameLocator('iframe').getByText('Welcome, Ada!')).toBeVisible();
  await map.getByRole('link', { name: 'Kernel Booth' }).click();
  await expect(page).toHaveURL(/\/room\/8$/);
  await expect(page.getByRole('heading', { name: 'Kernel Booth', level: 1 })).toBeAttached();
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Kernel Booth' })).toBeVisible();

  await map.getByRole('link', { name: 'Lobby' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  await page.getByRole('button', { name: 'Skip' }).click();
  await closeWelcomePopup(page);
  await expect.poll(() => recordedEntries(ADA)).toEqual({ [LOBBY]: 2, [KERNEL_BOOTH]: 1 });

  // Switched off, the map stays off after a reload (enableMiniMap wins over mini_map_at_start).
  await miniMap(page).getByRole('switch', { name: 'Mini-map' }).click();
  await expect(map).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('enableMiniMap'))).toBe('false');
  await page.reload();
  await expect(miniMap(page).getByRole('switch', { name: 'Mini-map' })).not.toBeChecked();
  await expect(map).toHaveCount(0);
});

/** Presses Tab until the focused element is the Rooms list's link `name` (focus may pass through the room). */
async function tabToRoomLink(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Rooms' }).getByRole('link', { name, exact: true });
  for (let presses = 0; presses < 80; presses += 1) {
    if (await link.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the Rooms list's link to ${name}`);
}

test('the Rooms list reaches every room ada may enter by keyboard alone', async ({ page }) => {
  test.slow();
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  // The lobby's welcome popup and transition video are other tests' business.
  await page.evaluate(() => {
    localStorage.setItem('disabledPopups', '[2]');
    localStorage.setItem('transitionContent', 'false');
  });

  const roomsButton = miniMap(page).getByRole('button', { name: 'Rooms' });
  for (let presses = 0; presses < 80; presses += 1) {
    if (await roomsButton.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(roomsButton).toBeFocused();
  await page.keyboard.press('Enter');
  const list = page.getByRole('navigation', { name: 'Rooms' });
  await expect(list.getByRole('link')).toHaveText(ADAS_ROOMS.map(([name]) => name));
  // Counts of who is in each room now (ada is in the lobby).
  await expect(list.getByRole('listitem').first()).toContainText(/\d+ (person|people)/);

  for (const [name, url] of [...ADAS_ROOMS.slice(1), ADAS_ROOMS[0]!]) {
    await tabToRoomLink(page, name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
    await expect(
      page.getByRole('heading', { name: name === 'Lobby' ? 'Lobby' : name, level: 1 }),
    ).toBeAttached();
  }
});

test('the open mini-map and Rooms list are axe-clean in English and Deutsch', async ({ page }) => {
  test.slow();
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  await miniMap(page).getByRole('button', { name: 'Rooms' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Rooms' }).getByRole('link', { name: 'Kernel Booth' }),
  ).toBeVisible();
  await expect(miniMap(page).getByRole('link', { name: 'Kernel Booth' }).first()).toBeVisible();
  await expectAccessible(page);

  await switchLanguage(page, 'de');
  const karte = page.getByRole('complementary', { name: 'Übersichtskarte' });
  await expect(karte.getByRole('switch', { name: 'Übersichtskarte' })).toBeChecked();
  // A reload is a new entry: the lobby's welcome popup shows again.
  await closeWelcomePopup(page);
  await karte.getByRole('button', { name: 'Räume' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Räume' }).getByRole('link', { name: 'Kernel Booth' }),
  ).toBeVisible();
  await expectAccessible(page);
});
