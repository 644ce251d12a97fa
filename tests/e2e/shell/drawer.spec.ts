// Menu pages open in the side-menu drawer over the lobby, which stays; leaving a page adds no history entry.
import { expect, signIn, test } from '../fixtures/stack.ts';

test('a menu page opens over the lobby, back returns to the menu, Escape to the lobby without a history entry', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  const lobby = page.getByRole('heading', { name: 'Lobby', level: 1 });
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Help', exact: true }).click();
  const help = page.getByRole('dialog', { name: 'Help' });
  await expect(help).toBeVisible();
  await expect(page).toHaveURL(/\/help$/);
  await expect(page).toHaveTitle('Help · Showfloor');
  await expect(lobby).toBeAttached();

  await help.getByRole('button', { name: 'Back to the menu' }).click();
  await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.getByRole('link', { name: 'Help', exact: true })).toBeFocused();

  await page.getByRole('link', { name: 'Help', exact: true }).press('Enter');
  await expect(help).toBeVisible();
  await page.keyboard.press('Escape');
  // The drawer is gone (the lobby's own welcome card, a non-modal dialog, may still show).
  await expect(page.getByRole('dialog', { name: /Menu|Help/ })).toHaveCount(0);
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(lobby).toBeVisible();
  await expect(page.getByRole('button', { name: /Open the menu/ })).toBeFocused();
  // Closing went back in history rather than forward: Back leaves the lobby instead of reopening Help.
  await page.goBack();
  await expect(page).not.toHaveURL(/\/help$/);
});
