// What a new visitor meets around the floor (issue 12 "First impression"): the event named in the header, a
// signed-out deep link that keeps the event, an unknown event code said as such, and an information page with
// ways on. With SHOTS_DIR set, the screens are also saved at 1280x800 and 390x844 in English and Deutsch.
import type { Page } from '@playwright/test';
import { expect, looksRight, shoot, signIn, switchLanguage, test } from '../fixtures/stack.ts';

/** Chooses a language with the switch of the pages before sign-in. */
async function choose(page: Page, language: 'English' | 'Deutsch'): Promise<void> {
  await page.getByRole('button', { name: language }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', language === 'English' ? 'en' : 'de');
}

test("the header names the event and shows its banner in the event's colours", async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  const header = page.getByRole('banner');
  await expect(header.getByText('Showfloor Demo Expo')).toBeVisible();
  await expect(header.getByText('Showfloor', { exact: true })).toHaveCount(0);
  const banner = header.getByTestId('event-banner');
  await expect(banner).toBeVisible();
  expect(await banner.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The event's primary colour (DEMO: #3b5bdb) behind the header.
  expect(await header.evaluate((el) => getComputedStyle(el).backgroundColor)).toBe('rgb(59, 91, 219)');
  await shoot(page, 'header-en');
});

for (const language of ['en', 'de'] as const) {
  test(`on a phone the header keeps the whole event name and a conversation has one Back (${language})`, async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, { email: 'ada@demo.test' });
    await switchLanguage(page, language);
    const name = page.getByRole('banner').getByText('Showfloor Demo Expo');
    await expect(name).toBeVisible();
    // Nothing of the name is cut off: no ellipsis, no clamped line.
    expect(
      await name.evaluate((el) => ({
        wide: el.scrollWidth > el.clientWidth,
        tall: el.scrollHeight > el.clientHeight,
      })),
    ).toEqual({ wide: false, tall: false });
    await page.goto('/chat?conversation=conv-1');
    const drawer = page.getByRole('dialog', { name: 'Chat' });
    await expect(drawer.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    const back = drawer.getByRole('button', { name: language === 'en' ? /^Back/ : /^Zurück/ });
    await expect(back).toHaveCount(1);
    await back.click();
    await expect(page).toHaveURL(/\/chat$/);
    await looksRight(page, `phone-chat-list-${language}`);
  });
}

test('a signed-out deep link goes to the login page of the last event', async ({ page }) => {
  await signIn(page, { email: 'grace@demo.test' });
  // Signed out in this browser (the stored user gone), the last event kept.
  await page.evaluate(() => window.localStorage.removeItem('currentUser'));
  await page.goto('/settings');
  await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);
  await expect(page.getByLabel(/^Event code/)).toHaveCount(0);
});

test("an unknown event code says so, not 'Wrong email or password.'", async ({ page }) => {
  await page.goto('/auth/login?event=NOPE');
  await expect(
    page.getByText('There is no event with this code. Please check the event code.'),
  ).toBeVisible();
  await page.getByLabel(/^Email/).fill('ada@demo.test');
  await page.getByLabel(/^Password/).fill('Showfloor2026');
  await page.getByRole('checkbox', { name: /privacy policy/i }).check();
  await page.getByRole('checkbox', { name: /local storage/i }).check();
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert').last()).toHaveText(/There is no event with this code/);
  await expect(page.getByText('Wrong email or password.')).toHaveCount(0);
});

test('/info names the event and offers login, the language switch and the help desk', async ({ page }) => {
  await page.goto('/info?event=CLOSED');
  await expect(page.getByText('Showfloor Closed Preview')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Contact the help desk' })).toHaveAttribute('href', /^mailto:/);
  await shoot(page, 'info-en');
  await choose(page, 'Deutsch');
  await expect(page.getByRole('link', { name: 'Zurück zur Anmeldung' })).toBeVisible();
  await shoot(page, 'info-de');
  await choose(page, 'English');
  await page.getByRole('link', { name: 'Back to login' }).click();
  // The login page, for another event: it does not send the visitor straight back to /info.
  await expect(page).toHaveURL(/\/auth\/login$/);
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
});

test('the login page and the header in Deutsch', async ({ page }) => {
  await page.goto('/auth/login?event=DEMO');
  await expect(page.getByRole('heading', { name: 'Log in', level: 1 })).toBeVisible();
  await shoot(page, 'login-en');
  await choose(page, 'Deutsch');
  await expect(page.getByRole('heading', { name: 'Anmelden', level: 1 })).toBeVisible();
  await shoot(page, 'login-de');
  await page.getByLabel(/^E-Mail/).fill('ada@demo.test');
  await page.getByLabel(/^Passwort\s*\*?$/).fill('Showfloor2026');
  await page.getByRole('checkbox', { name: /Datenschutzerklärung/ }).check();
  await page.getByRole('checkbox', { name: /lokalen Speicher/ }).check();
  await page.getByRole('button', { name: 'Anmelden' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  await expect(page.getByRole('banner').getByText('Showfloor Demo Expo')).toBeVisible();
  await shoot(page, 'header-de');
});
