import { expect, test } from '../fixtures/stack.ts';

test('registering a new user reaches the success page', async ({ page }) => {
  const email = `newcomer-${Date.now()}@demo.test`;
  await page.goto('/auth/registration?event=DEMO');
  // DEMO's form preferences name the page and the e-mail field.
  await expect(page.getByRole('heading', { name: 'Register for the event' })).toBeVisible();
  const form = page.getByRole('form', { name: 'Registration' });
  await form.getByLabel(/^First name/).fill('Alan');
  await form.getByLabel(/^Last name/).fill('Turing');
  await form.getByLabel(/^E-mail address/).fill(email);
  await form.getByLabel(/^Password/).fill('a-long-password');
  await form.getByLabel(/^Confirm password/).fill('a-long-password');
  await form.getByRole('button', { name: 'Sign up' }).click();
  await expect(page).toHaveURL(/\/auth\/registration-success\?event=DEMO$/);
  await expect(page.getByRole('heading', { name: 'Sign up successful!' })).toBeVisible();
  // Registering signs the visitor in, so the success page offers the lobby rather than the login.
  await expect(page.getByText('Your account has been created and you are signed in.')).toBeVisible();
  await page.getByRole('button', { name: 'Go to the lobby' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
});
