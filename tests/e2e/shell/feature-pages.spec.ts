// The in-app pages of issue 15 as an exhibitor sees them, in English and Deutsch, on a laptop (1280x800) and a
// phone (390x844): passport, goodies store, token wallet, help, event notification, agenda and the recruiting
// dashboard. Each shows its content, nothing runs wider than the screen, and the header keeps the event's
// colour. With SHOTS_DIR set, every screen is also saved (never committed) to be looked at.
import { expect, looksRight, openMenuPage, signIn, switchLanguage, test } from '../fixtures/stack.ts';

/** The DEMO event's primary colour (#3b5bdb) behind the header. */
const EVENT_PRIMARY = 'rgb(59, 91, 219)';

const TEXTS = {
  en: {
    menu: /Open the menu/,
    passport: 'Passport',
    redeem: 'Redeem Coins',
    goodies: 'Goodies',
    wallet: 'Token wallet',
    help: 'Help',
    agenda: 'Agenda',
    announcements: 'Announcements',
    recruiting: 'Recruiting dashboard',
    candidates: 'Candidates',
  },
  de: {
    menu: /Menü öffnen/,
    passport: 'Pass',
    redeem: 'Münzen einlösen',
    goodies: 'Goodies',
    wallet: 'Token-Wallet',
    help: 'Hilfe',
    agenda: 'Programm',
    announcements: 'Ankündigungen',
    recruiting: 'Recruiting-Dashboard',
    candidates: 'Kandidaten',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  const texts = TEXTS[language];

  test(`ada's pages in ${language}: passport, goodies, token wallet, help and agenda`, async ({ page }) => {
    test.slow();
    await signIn(page, { email: 'ada@demo.test' });
    await switchLanguage(page, language);

    await openMenuPage(page, texts.menu, texts.passport);
    await expect(page.getByTestId('coin-balance')).toBeVisible();
    await looksRight(page, `passport-${language}`, EVENT_PRIMARY);

    await page.getByRole('button', { name: texts.redeem }).click();
    await expect(page.getByRole('dialog', { name: texts.goodies })).toBeVisible();
    await expect(page.locator('li img').first()).toHaveAttribute('src', /^blob:/);
    await looksRight(page, `store-${language}`, EVENT_PRIMARY);
    await page.keyboard.press('Escape');

    await page.goto('/token-wallet');
    await expect(page.getByRole('dialog', { name: texts.wallet }).getByRole('button').first()).toBeVisible();
    await looksRight(page, `wallet-${language}`, EVENT_PRIMARY);
    await page.keyboard.press('Escape');

    await openMenuPage(page, texts.menu, texts.help);
    await expect(page.getByRole('dialog', { name: texts.help }).getByRole('button').first()).toBeVisible();
    await looksRight(page, `help-${language}`, EVENT_PRIMARY);
    await page.keyboard.press('Escape');

    await openMenuPage(page, texts.menu, texts.agenda);
    await expect(page.getByRole('dialog', { name: texts.agenda }).getByRole('region')).toHaveCount(2);
    await looksRight(page, `agenda-${language}`, EVENT_PRIMARY);
  });

  test(`erin's pages in ${language}: event notification and the recruiting dashboard`, async ({ page }) => {
    test.slow();
    await signIn(page, { email: 'erin@demo.test' });
    await switchLanguage(page, language);

    await openMenuPage(page, texts.menu, texts.announcements);
    await expect(
      page.getByRole('dialog', { name: texts.announcements }).getByRole('combobox').first(),
    ).toBeVisible();
    await looksRight(page, `notification-${language}`, EVENT_PRIMARY);
    await page.keyboard.press('Escape');

    await openMenuPage(page, texts.menu, texts.recruiting);
    const candidates = page.getByRole('list', { name: texts.candidates });
    await expect(candidates).toBeVisible();
    await looksRight(page, `recruiting-${language}`, EVENT_PRIMARY);
    await candidates.getByRole('button', { name: /^Ada Lovelace/ }).click();
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await looksRight(page, `recruiting-candidate-${language}`, EVENT_PRIMARY);
  });
}
