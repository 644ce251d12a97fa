import { expect, expectAccessible, signIn, test } from '../fixtures/stack.ts';

const AUTH_PAGES = [
  ['login', '/auth/login?event=DEMO', 'Log in'],
  ['login without event', '/auth/login', 'Log in'],
  ['registration', '/auth/registration?event=DEMO', 'Register for the event'],
  ['registration success', '/auth/registration-success?event=DEMO', 'Sign up successful!'],
  ['forgot password', '/auth/forgot-password?event=DEMO', 'Forgot your password?'],
  ['forgot password success', '/auth/forgot-password-success?event=DEMO', 'Check your e-mail'],
  ['reset password', '/auth/reset-password?username=ada%40demo.test&event=DEMO', 'Choose a new password'],
  ['reset password success', '/auth/reset-password-success?event=DEMO', 'Password reset'],
  ['OAuth2 callback', '/auth/callback/oauth2/demo-sso?code=x', 'Single sign-on'],
] as const;

test.describe('accessibility (axe: no serious or critical violations)', () => {
  for (const [name, path, heading] of AUTH_PAGES) {
    test(`the ${name} page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
      await expectAccessible(page);
    });
  }

  test('the login page with its access-code dialog open', async ({ page }) => {
    await page.goto('/auth/login?event=VIP');
    await page.getByLabel(/^Email/).fill('vera@demo.test');
    await page.getByLabel(/^Password/).fill('Showfloor2026');
    await page.getByRole('checkbox', { name: /privacy policy/i }).check();
    await page.getByRole('checkbox', { name: /local storage/i }).check();
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('dialog', { name: 'Access code' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the information page', async ({ page }) => {
    await page.goto('/info?event=CLOSED');
    await expect(page.getByRole('heading', { name: 'Information' })).toBeVisible();
    await expectAccessible(page);
  });

  test('the lobby, with and without the side menu open', async ({ page }) => {
    await signIn(page, { email: 'ada@demo.test' });
    await expectAccessible(page);
    await page.getByRole('button', { name: /Open the menu/ }).click();
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible();
    await expectAccessible(page);
  });

  test('a menu page in the drawer over the lobby', async ({ page }) => {
    await signIn(page, { email: 'ada@demo.test' });
    await page.getByRole('button', { name: /Open the menu/ }).click();
    await page.getByRole('link', { name: 'Help', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Help' })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Help pages' }).getByRole('button').first(),
    ).toBeVisible();
    await expectAccessible(page);
  });

  test('the page-not-found page', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { name: 'Page not found!' })).toBeVisible();
    await expectAccessible(page);
  });
});
