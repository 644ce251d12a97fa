import { expect, test } from '../fixtures/stack.ts';

test('the SSO button completes the OAuth2 round trip through the fake identity page', async ({ page }) => {
  await page.goto('/auth/login?event=DEMO');
  await page.getByRole('checkbox', { name: /privacy policy/i }).check();
  await page.getByRole('checkbox', { name: /local storage/i }).check();
  await page.getByRole('button', { name: 'Sign in with Demo SSO' }).click();

  // The provider's identity page, reached through the gateway on the same origin.
  await expect(page.getByRole('heading', { name: 'Demo SSO' })).toBeVisible();
  await page.getByLabel('E-mail').fill('grace@demo.test');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/auth\/callback\/oauth2\/demo-sso\?code=[^&]+/);
  // The visitor chose the provider already: the page finishes without another click.
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.frameLocator('iframe').getByText('Welcome, Grace!')).toBeVisible();
});
