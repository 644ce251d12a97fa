import { expect, signIn, storage, test } from '../fixtures/stack.ts';

test('switching to Deutsch changes the texts and survives a reload', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // The radio follows the language, which switches once the German catalogue has loaded.
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await page.getByRole('radio', { name: 'Deutsch' }).click();
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Deutsch' })).toBeChecked();
  await expect(page.getByRole('radiogroup', { name: 'Sprache' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  expect((await storage(page)).language).toBe('de');
  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Einstellungen' })).toBeVisible();
  await page.getByRole('button', { name: 'Zurück zum Menü' }).click();
  await expect(page.getByRole('dialog', { name: 'Menü' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Abmelden' })).toBeVisible();
});
