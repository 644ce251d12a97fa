// The walk through the show floor (issue 12): the lobby and rooms embedded from the demo rooms' own origin, the
// room greeting the visitor by name, one enter_room per entry, the instance picker and a popup switched off.
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  looksRight,
  recordedEntries,
  signIn,
  switchLanguage,
  test,
} from '../fixtures/stack.ts';
import { ADA, KERNEL_BOOTH, LOBBY, closeWelcomePopup } from '../fixtures/demo-rooms.ts';

const roomFrame = (page: Page) => page.frameLocator('iframe');

test('ada walks from the lobby into a booth and back; the room greets her and each entry is announced once', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  const lobby = roomFrame(page);
  await expect(lobby.getByText('Welcome, Ada!')).toBeVisible();
  // The frame is the demo room's own origin, and the token never travels in its address.
  const src = (await page.locator('iframe').getAttribute('src')) ?? '';
  expect(new URL(src).origin).not.toBe(new URL(page.url()).origin);
  expect(src).not.toContain('jwt');
  expect(src).toContain('sfcb=');

  await lobby.getByRole('button', { name: /Enter Kernel Booth/ }).click();
  await expect(page).toHaveURL(/\/room\/8$/);
  await expect(page.getByRole('heading', { name: 'Kernel Booth', level: 1 })).toBeAttached();
  const booth = roomFrame(page);
  await expect(booth.getByRole('heading', { name: 'Kernel Booth' })).toBeVisible();
  await expect(booth.getByText('Welcome, Ada!')).toBeVisible();

  // A drawer page over the room is no new entry.
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Help', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
  await page.keyboard.press('Escape');

  await page.goBack();
  await expect(page).toHaveURL(/\/lobby$/);
  // Arriving from another room plays the lobby's transition video; it can be skipped, then the welcome shows.
  await page.getByRole('button', { name: 'Skip' }).click();
  await closeWelcomePopup(page);
  // The provider recorded every enter_room the relay accepted: one per entry, none for the drawer page.
  await expect.poll(() => recordedEntries(ADA)).toEqual({ [LOBBY]: 2, [KERNEL_BOOTH]: 1 });
  await expect(roomFrame(page).getByText('Welcome, Ada!')).toBeVisible();
  expect(await recordedEntries(ADA)).toEqual({ [LOBBY]: 2, [KERNEL_BOOTH]: 1 });
});

test('the lobby shows ada the VIP Lounge locked and never asks for it; in Deutsch too', async ({ page }) => {
  const refused: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') refused.push(message.text());
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    // The demo room's own provider calls (/users/room/5) and the app's tRPC reads of a room ({"id":5}).
    const url = decodeURIComponent(request.url());
    if (/\/room\/5\b/.test(url) || (url.includes('/trpc/') && /Room[^?]*\?.*"id":5\b/.test(url)))
      asked.push(url);
  });
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  const lobby = roomFrame(page);
  const vip = lobby.getByRole('group', { name: 'VIP Lounge – locked' });
  await expect(vip).toContainText('By invitation only: you have no access to this room.');
  await expect(lobby.getByRole('button', { name: /VIP Lounge/ })).toHaveCount(0);
  await expect(lobby.getByRole('button', { name: /Enter Expo Hall/ })).toBeVisible();
  await looksRight(page, 'lobby-locked-room-en');
  await switchLanguage(page, 'de');
  // The welcome popup in the UI's language (the item's html_de).
  await expect(
    page
      .getByRole('dialog', { name: 'Information' })
      .getByRole('heading', { name: 'Willkommen auf der Showfloor Demo Expo' }),
  ).toBeVisible();
  await closeWelcomePopup(page);
  await expect(lobby.getByRole('group', { name: 'VIP Lounge – gesperrt' })).toContainText(
    'Nur auf Einladung: Sie haben keinen Zugang zu diesem Raum.',
  );
  await looksRight(page, 'lobby-locked-room-de');
  expect(asked).toEqual([]);
  expect(refused).toEqual([]);
});

/** The top-left notice of a badge the visitor just completed (opening a popup earns its achievement). */
async function badgeCompleted(page: Page, badge: string): Promise<void> {
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Badge completed' });
  await expect(notice).toContainText(badge);
}

test('the booth opens its popup with the e-mail and the achievement, axe-clean', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  await expectAccessible(page);
  await page.goto('/room/8');
  const booth = roomFrame(page);
  await booth.getByRole('button', { name: 'Watch the product tour' }).click();
  const popup = page.getByRole('dialog', { name: 'Information' });
  await expect(popup.getByRole('heading', { name: 'Product tour' })).toBeVisible();
  // Its achievement completes the Listener badge: the notice is part of what is checked.
  await badgeCompleted(page, 'Listener');
  await expectAccessible(page);
  await popup.getByRole('button', { name: 'OK' }).click();
});

test('a popup switched off stays off after a reload', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  const popup = page.getByRole('dialog', { name: 'Information' });
  await popup.getByRole('button', { name: 'Do not show this again' }).click();
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('disabledPopups'))).toBe('[2]');
  await page.reload();
  await expect(roomFrame(page).getByText('Welcome, Ada!')).toBeVisible();
  await expect(popup).toHaveCount(0);
});

test('erin gets the instance picker in the two-instance meeting room, ada goes straight in', async ({
  page,
}) => {
  await signIn(page, { email: 'erin@demo.test' });
  await closeWelcomePopup(page);
  await page.goto('/room/9');
  const picker = page.getByRole('dialog', { name: 'Enter Meeting Room' });
  await expect(picker.getByRole('radio', { name: 'Table A : 3/8 users' })).toBeChecked();
  await expect(picker.getByRole('radio', { name: 'Table B : 1/8 users' })).toBeVisible();
  // Behind the picker: the room's and the event's names on the event's colours.
  const backdrop = page.getByTestId('instance-picker-backdrop');
  await expect(backdrop).toContainText('Meeting Room');
  await expect(backdrop).toContainText('Showfloor Demo Expo');
  await expectAccessible(page);
  await looksRight(page, 'instance-picker-en');
  await picker.getByRole('radio', { name: 'Table B : 1/8 users' }).check();
  await picker.getByRole('button', { name: 'Enter' }).click();
  await expect(roomFrame(page).getByText('You are at Table B.')).toBeVisible();

  await signIn(page, { email: 'ada@demo.test' });
  await page.goto('/room/9');
  await expect(roomFrame(page).getByText('You are at Table A.')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Enter Meeting Room' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Microphone' })).toBeVisible();
});
