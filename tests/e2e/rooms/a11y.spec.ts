// The show floor for everyone (issue 12): axe finds no serious or critical violation on the lobby with its
// welcome popup, a room, a popup opened from the room, the instance picker and the restricted-room notice, in
// English and in Deutsch (the mini-map and the Rooms list: mini-map.spec.ts). With SHOTS_DIR set, each screen is
// also saved at 1280x800 and 390x844. The restricted-room notice is in
// the event's colours; axe's colour-contrast rule holds its text to 4.5:1. The demo room speaks the app's
// language and logs no CSP violation (its avatars' colours are set through the CSSOM, not style attributes).
import type { Page } from '@playwright/test';
import { expect, expectAccessible, shoot, signIn, switchLanguage, test } from '../fixtures/stack.ts';

const LANGUAGES = {
  en: {
    lobby: 'Lobby',
    information: 'Information',
    watchTour: 'Watch the product tour',
    tour: 'Product tour',
    welcomeAda: 'Welcome, Ada!',
    picker: 'Enter Meeting Room',
    restricted: 'Restricted room',
    rooms: 'Rooms',
    tableA: 'Table A : 3/8 users',
  },
  de: {
    lobby: 'Lobby',
    information: 'Information',
    watchTour: 'Produkttour ansehen',
    // The organiser's Deutsch text of the popup (content attribute html_de).
    tour: 'Produkttour',
    welcomeAda: 'Willkommen, Ada!',
    picker: 'Meeting Room betreten',
    restricted: 'Eingeschränkter Raum',
    rooms: 'Räume',
    tableA: 'Table A : 3/8 Personen',
  },
} as const;

type Language = keyof typeof LANGUAGES;

/** Signs in (the login page is English) and switches the signed-in app to `language`. */
async function signInIn(page: Page, email: string, language: Language): Promise<void> {
  await signIn(page, { email });
  if (language !== 'en') await switchLanguage(page, language);
}

for (const language of Object.keys(LANGUAGES) as Language[]) {
  const words = LANGUAGES[language];

  test.describe(`the show floor in ${language} (axe: no serious or critical violations)`, () => {
    test('the lobby with its welcome popup, a booth and the popup it opens', async ({ page }) => {
      test.slow();
      // The rooms' pages run under a CSP without inline styles: nothing on the page or in a frame breaks it.
      const cspViolations: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error' && message.text().includes('Content Security Policy'))
          cspViolations.push(`${message.location().url}: ${message.text()}`);
      });
      await signInIn(page, 'ada@demo.test', language);
      await expect(page.getByRole('heading', { name: words.lobby, level: 1 })).toBeVisible();
      const welcome = page.getByRole('dialog', { name: words.information });
      await expect(welcome.getByRole('heading', { name: /Showfloor Demo Expo/ })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, `lobby-popup-${language}`);
      await welcome.getByRole('button', { name: 'OK' }).click();
      await page.getByRole('button', { name: words.rooms }).click();
      await expect(
        page.getByRole('navigation', { name: words.rooms }).getByRole('link').first(),
      ).toBeVisible();
      await shoot(page, `lobby-mini-map-${language}`);

      await page.goto('/room/8');
      await expect(page.getByRole('heading', { name: 'Kernel Booth', level: 1 })).toBeAttached();
      const booth = page.frameLocator('iframe');
      await expect(booth.getByRole('heading', { name: 'Kernel Booth' })).toBeVisible();
      // The room speaks the app's language.
      await expect(booth.getByText(words.welcomeAda)).toBeVisible();
      await expectAccessible(page);
      await shoot(page, `booth-${language}`);

      await booth.getByRole('button', { name: words.watchTour }).click();
      const popup = page.getByRole('dialog', { name: words.information });
      await expect(popup.getByRole('heading', { name: words.tour })).toBeVisible();
      await expectAccessible(page);
      await shoot(page, `booth-popup-${language}`);
      expect(cspViolations).toEqual([]);
    });

    test('the instance picker of the two-instance meeting room', async ({ page }) => {
      await signInIn(page, 'erin@demo.test', language);
      await page.goto('/room/9');
      const picker = page.getByRole('dialog', { name: words.picker });
      await expect(picker.getByRole('radio', { name: words.tableA })).toBeChecked();
      await expectAccessible(page);
      await shoot(page, `instance-picker-${language}`);
    });

    test('the restricted-room notice', async ({ page }) => {
      await signInIn(page, 'ada@demo.test', language);
      // The VIP Lounge is not ada's: it is never framed, a notice says so and she goes back to the lobby.
      await page.goto('/room/5');
      const notice = page
        .locator('.mantine-Notification-root')
        .filter({ has: page.getByText(words.restricted, { exact: true }) });
      await expect(notice).toBeVisible();
      await expect(page.locator('iframe')).toHaveCount(0);
      await expectAccessible(page);
      await shoot(page, `restricted-${language}`);
    });
  });
}
