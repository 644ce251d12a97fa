// Event notifications against the real stack (spec 02 §2.8, §4.6): erin (event-admin) sends an announcement to
// All Rooms for 5 s from the menu's notification page; ada and grace, signed in elsewhere, see it with its type
// for its 5 s. Visitors have no notification page in their menu.
import type { Browser, Page } from '@playwright/test';
import { expect, expectAccessible, openMenuPage, signIn, socketConnected, test } from '../fixtures/stack.ts';
import { forEachLanguage } from '../fixtures/languages.ts';

async function visitor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  const connected = socketConnected(page);
  await signIn(page, { email });
  await connected;
  return page;
}

/**
 * Records, in the page's own clock, when a notification titled `title` appears and when it is gone: Playwright's
 * polling cannot measure a 5 s display to better than its own delays on a busy machine.
 */
function watchNotification(page: Page, title: string): Promise<void> {
  return page.evaluate((wanted) => {
    const w = window as unknown as { shown?: { at?: number; goneAt?: number } };
    w.shown = {};
    const find = () =>
      [...document.querySelectorAll('[role="alert"]')].find((el) => el.textContent?.includes(wanted));
    new MutationObserver(() => {
      const present = find() !== undefined;
      const seen = w.shown!;
      if (present && seen.at === undefined) seen.at = performance.now();
      if (!present && seen.at !== undefined && seen.goneAt === undefined) seen.goneAt = performance.now();
    }).observe(document.body, { childList: true, subtree: true });
  }, title);
}

const shownFor = (page: Page) =>
  page.evaluate(() => {
    const seen = (window as unknown as { shown: { at?: number; goneAt?: number } }).shown;
    return seen.at !== undefined && seen.goneAt !== undefined ? seen.goneAt - seen.at : undefined;
  });

test('erin announces to All Rooms for 5 s and ada and grace see it for 5 s', async ({ page, browser }) => {
  const ada = await visitor(browser, 'ada@demo.test');
  const grace = await visitor(browser, 'grace@demo.test');
  // Visitors have no notification page in their menu.
  await ada.getByRole('button', { name: /Open the menu/ }).click();
  await expect(ada.getByRole('link', { name: 'Chat', exact: true })).toBeVisible();
  await expect(ada.getByRole('link', { name: 'Announcements', exact: true })).toHaveCount(0);
  await ada.keyboard.press('Escape');

  await signIn(page, { email: 'erin@demo.test' });
  await openMenuPage(page, /Open the menu/, 'Announcements');
  const send = page.getByRole('button', { name: 'Send notification' });
  await page.getByRole('textbox', { name: /^Title/ }).fill('Keynote moved');
  await page
    .getByRole('textbox', { name: /^Message/ })
    .fill('The keynote starts at 10:30 on the Talk Stage.');
  await expect(page.getByText('46/500')).toBeVisible();
  await expect(send).toBeDisabled();
  await page.getByRole('combobox', { name: 'Audience room' }).click();
  await page.getByRole('option', { name: 'All Rooms' }).click();
  await expect(page.getByRole('combobox', { name: 'Type' })).toHaveValue('Information');
  await expect(page.getByRole('combobox', { name: 'Duration' })).toHaveValue('5 seconds');

  const title = 'Information: Keynote moved';
  await watchNotification(ada, title);
  await watchNotification(grace, title);
  await send.click();
  await expect(page.getByRole('status')).toContainText('Notification sent');

  for (const viewer of [ada, grace]) {
    const notice = viewer.getByRole('alert').filter({ hasText: title });
    await expect(notice).toBeVisible();
    await expect(notice).toContainText('The keynote starts at 10:30 on the Talk Stage.');
  }
  for (const viewer of [ada, grace]) {
    await expect(viewer.getByRole('alert').filter({ hasText: title })).toBeHidden({ timeout: 15_000 });
    const ms = await shownFor(viewer);
    // 5 s on screen, plus Mantine's exit transition before the node leaves the page.
    expect(ms).toBeGreaterThanOrEqual(4_900);
    expect(ms).toBeLessThan(6_500);
  }
});

forEachLanguage(
  'accessibility of the notification page (axe)',
  {
    email: 'erin@demo.test',
    texts: {
      en: { label: 'Announcements', room: 'Audience room' },
      de: { label: 'Ankündigungen', room: 'Zielraum' },
    },
  },
  async ({ page, texts, menu }) => {
    await openMenuPage(page, menu, texts.label);
    await expect(page.getByRole('combobox', { name: texts.room })).toBeVisible();
    await expectAccessible(page);
    await page.getByRole('textbox').first().fill('Axe');
    await page.getByRole('textbox').nth(1).fill('x'.repeat(500));
    await expect(page.getByText('500/500')).toBeVisible();
    await expectAccessible(page);
  },
);
