import { expect, signIn, storage, test } from '../fixtures/stack.ts';

const CLEARED = [
  'currentUser',
  'selectedApp',
  'enableRoomChatFeed',
  'activeUserStatus',
  'disabledPopups',
  'transitionContent',
  'backgroundMusicStatus',
  'enableMiniMap',
  'thirdPersonView',
];

test('logging out clears the storage keys and lands on /auth/login?event=DEMO', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await page.evaluate(() => {
    window.localStorage.setItem('backgroundMusicStatus', 'true');
    window.localStorage.setItem('thirdPersonView', 'false');
    window.localStorage.setItem('enableMiniMap', 'true');
    window.localStorage.setItem('language', 'en');
  });
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  const dialog = page.getByRole('dialog', { name: 'Log out' });
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeVisible();
  // DEMO has an exit survey: answering 'No' records it and logs out.
  await dialog.getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible();
  const stored = await storage(page);
  for (const key of CLEARED) expect(stored[key], key).toBeUndefined();
  expect(stored).toMatchObject({ eventCode: 'DEMO', language: 'en' });
  await page.goto('/lobby');
  await expect(page).toHaveURL(/\/auth\/login/);
});

// The suite runs with reduced motion (playwright.config.ts). A dialog then opens in place; with motion allowed it
// slides in (Mantine's inline transition on the dialog itself).
for (const [reducedMotion, duration] of [
  ['reduce', ''],
  ['no-preference', '200ms'],
] as const) {
  test.describe(`with reducedMotion '${reducedMotion}'`, () => {
    test.use({ contextOptions: { reducedMotion } });
    test(`the Log out dialog opens with transition duration '${duration}'`, async ({ page }) => {
      await signIn(page, { email: 'ada@demo.test' });
      await page.getByRole('button', { name: /Open the menu/ }).click();
      await page.getByRole('button', { name: 'Log out' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log out' });
      await expect(dialog).toBeVisible();
      expect(await dialog.evaluate((element) => (element as HTMLElement).style.transitionDuration)).toBe(
        duration,
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await expect(dialog).toHaveCount(0);
    });
  });
}
