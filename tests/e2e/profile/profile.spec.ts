import type { Page } from '@playwright/test';
import { expect, expectAccessible, fillLogin, signIn, test } from '../fixtures/stack.ts';

/** A real 2 x 2 PNG (the provider stores only what its bytes say is an image). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGP8z8DAwMDAxMDAwMDAAAANHQEDgzG8oQAAAABJRU5ErkJggg==',
  'base64',
);

async function openProfile(page: Page): Promise<void> {
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Profile settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile settings' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
}

/** Opens a row of the profile home; the drawer is then named by the sub-page. */
async function openRow(page: Page, row: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(`^${row}`) }).click();
  await expect(page.getByRole('dialog', { name: row })).toBeVisible();
}

async function backHome(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Back to Profile settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Profile settings' })).toBeVisible();
}

test('profile edits, skills, interests and a new picture survive a reload', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openProfile(page);

  await openRow(page, 'Profile information');
  await page.getByLabel(/^Job Title/).fill('Analyst & Poet');
  await page.getByLabel(/^Webpage/).fill('ada.example.org!');
  await expect(page.getByText('Webpage is invalid or contains forbidden characters')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();
  await page.getByLabel(/^Webpage/).fill('https://ada.example.org');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Your profile information was saved.')).toBeVisible();
  // The browser's Back leaves the sub-page for the profile home, without changing the URL.
  await page.goBack();
  await expect(page.getByRole('dialog', { name: 'Profile settings' })).toBeVisible();
  await expect(page).toHaveURL(/\/profile\/settings$/);
  await expect(page.getByText('Analyst & Poet · Analytical Engines Ltd')).toBeVisible();

  await openRow(page, 'Skills');
  const skill = page.getByRole('textbox', { name: 'New skill' });
  await skill.fill('Rust!');
  await expect(page.getByText('Skill contains forbidden characters')).toBeVisible();
  await skill.fill('C++ & Rust');
  await skill.press('Enter');
  await expect(page.getByRole('list', { name: 'Your skills' }).getByRole('listitem')).toHaveText([
    'Mathematics',
    'C++ & Rust',
  ]);
  await expect(skill).toHaveValue('');
  await backHome(page);

  await openRow(page, 'Interests');
  await page.getByRole('button', { name: 'Remove interest Computing' }).click();
  await expect(page.getByText('Please add at least one interest.')).toBeVisible();
  const interest = page.getByRole('textbox', { name: 'New interest' });
  await interest.fill('Poetry');
  await interest.press('Enter');
  await expect(page.getByRole('list', { name: 'Your interests' }).getByRole('listitem')).toHaveText([
    'Poetry',
  ]);
  await backHome(page);

  await openRow(page, 'Change appearance');
  await page
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByText('Your new picture was saved.')).toBeVisible();
  const picture = page.getByRole('dialog').locator('img[src*="profilepicture"]').first();
  await expect(picture).toHaveAttribute('src', /path=pictures%2F1-/);
  await page.getByRole('radio', { name: /Demo Violet/ }).click();
  await page.getByRole('button', { name: 'Save avatar' }).click();
  await expect(page.getByText('Your avatar was saved.')).toBeVisible();

  await page.reload();
  await expect(page.getByRole('dialog', { name: 'Change appearance' })).toBeVisible();
  await expect(page.getByRole('radio', { name: /Demo Violet/ })).toBeChecked();
  // The picture is served through the gateway's proxy with the token cookie.
  await expect(page.getByRole('dialog').locator('img[src*="profilepicture"]').first()).toHaveJSProperty(
    'naturalWidth',
    2,
  );
  await backHome(page);
  await expect(page.getByText('Analyst & Poet · Analytical Engines Ltd')).toBeVisible();
  await openRow(page, 'Profile information');
  await expect(page.getByLabel(/^Webpage/)).toHaveValue('https://ada.example.org');
  await backHome(page);
  await openRow(page, 'Skills');
  await expect(page.getByRole('list', { name: 'Your skills' }).getByRole('listitem')).toHaveText([
    'Mathematics',
    'C++ & Rust',
  ]);
  await backHome(page);
  await openRow(page, 'Interests');
  await expect(page.getByRole('list', { name: 'Your interests' }).getByRole('listitem')).toHaveText([
    'Poetry',
  ]);

  // Removing the picture brings the initials back, also after a reload.
  await backHome(page);
  await openRow(page, 'Change appearance');
  await page.getByRole('button', { name: 'Remove picture' }).click();
  await expect(page.getByText('Your picture was removed.')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Upload picture' })).toBeVisible();
});

test('a password change lets ada sign in with the new password only', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openProfile(page);
  await openRow(page, 'Change password');
  await page.getByLabel(/^Current password/).fill('Showfloor2026');
  await page.getByLabel(/^New password/).fill('Showfloor2026');
  await page.getByLabel(/^Confirm new password/).fill('Showfloor2026');
  await expect(page.getByText('The new password must differ from the old one')).toBeVisible();
  await page.getByLabel(/^New password/).fill('bluebirds');
  await page.getByLabel(/^Confirm new password/).fill('bluebirds');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByRole('dialog', { name: 'Password changed' })).toBeVisible();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await page.getByRole('button', { name: 'Back to Profile settings' }).click();
  await page.getByRole('button', { name: 'Back to the menu' }).click();
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('dialog', { name: 'Log out' }).getByRole('button', { name: 'No' }).click();
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);

  await fillLogin(page, { email: 'ada@demo.test', password: 'Showfloor2026' });
  await expect(page.getByText('Wrong email or password.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth\/login/);
  await signIn(page, { email: 'ada@demo.test', password: 'bluebirds' });
});

test('deleting the account shows its success page, signs out and the account no longer signs in', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openProfile(page);
  await openRow(page, 'Delete account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
  await dialog.getByRole('button', { name: 'Delete account' }).click();
  await expect(page.getByRole('dialog', { name: 'Account deleted' })).toBeVisible();
  await expect(page.getByText('Your account was deleted.')).toBeVisible();
  // Not taken for a sign-in elsewhere.
  await expect(page.getByText('Did you switch devices?')).toHaveCount(0);
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/, { timeout: 15_000 });
  await fillLogin(page, { email: 'ada@demo.test' });
  await expect(page).toHaveURL(/\/auth\/login/);
  await expect(page.getByRole('alert').first()).toBeVisible();
});

for (const language of ['en', 'de'] as const) {
  test(`the profile pages are accessible (${language})`, async ({ page }) => {
    await signIn(page, { email: 'ada@demo.test' });
    await page.evaluate((lng) => window.localStorage.setItem('language', lng), language);
    await page.goto('/profile/settings');
    const rows = page.getByRole('navigation', {
      name: language === 'en' ? 'Profile settings' : 'Profileinstellungen',
    });
    await expect(rows).toBeVisible();
    await expectAccessible(page);
    const count = await rows.getByRole('button').count();
    expect(count).toBe(8);
    for (let index = 0; index < count; index += 1) {
      const row = rows.getByRole('button').nth(index);
      const title = (await row.locator('.mantine-NavLink-label').textContent()) ?? '';
      await row.click();
      await expect(page.getByRole('dialog', { name: title })).toBeVisible();
      await expectAccessible(page);
      await page.goBack();
      await expect(rows).toBeVisible();
    }
  });
}
