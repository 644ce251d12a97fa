// Presence between two browsers (spec 02 §4.1): ada changes her status in her profile and grace, in their chat,
// sees the dot change without a reload.
import { expect, signIn, test } from '../fixtures/stack.ts';
import { openConversation } from '../chat/helpers.ts';

test.describe.configure({ timeout: 240_000 });

test('ada changes her status and grace sees the dot change in their chat without a reload', async ({
  browser,
}) => {
  const ada = await (await browser.newContext()).newPage();
  await signIn(ada, { email: 'ada@demo.test' });
  const grace = await (await browser.newContext()).newPage();
  await signIn(grace, { email: 'grace@demo.test' });
  await openConversation(grace, 'Ada Lovelace');
  const header = grace.getByRole('heading', { name: 'Ada Lovelace', level: 3 }).locator('..');

  await ada.goto('/profile/settings');
  await ada.getByRole('button', { name: /Change status/ }).click();
  await ada.getByRole('radio', { name: /Do not disturb/ }).check();
  await expect(ada.getByText('Your status is now: Do not disturb.')).toBeVisible();
  await expect(header.getByRole('img', { name: 'Do not disturb' })).toBeVisible();

  await ada.getByRole('radio', { name: /Away/ }).check();
  await expect(header.getByRole('img', { name: 'Away' })).toBeVisible();
  await expect(header.getByRole('img', { name: 'Do not disturb' })).toHaveCount(0);
});
