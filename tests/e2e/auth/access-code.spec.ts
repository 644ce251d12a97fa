import { expect, fillLogin, test } from '../fixtures/stack.ts';

test('VIP without an access code opens the dialog, a wrong code shows its error and VIP-2026 gets in', async ({
  page,
}) => {
  await page.goto('/auth/login?event=VIP');
  await fillLogin(page, { email: 'vera@demo.test' });
  const dialog = page.getByRole('dialog', { name: 'Access code' });
  await expect(dialog).toBeVisible();
  const confirm = dialog.getByRole('button', { name: 'Confirm' });
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Access code').fill('WRONG-CODE');
  await confirm.click();
  await expect(dialog.getByText('Invalid access code. Please use a different code.')).toBeVisible();
  await dialog.getByLabel('Access code').fill('VIP-2026');
  await confirm.click();
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.getByRole('heading', { name: 'Lobby', level: 1 })).toBeVisible();
});
