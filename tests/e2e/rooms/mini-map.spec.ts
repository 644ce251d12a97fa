// The mini-map (issue 12, spec 02 §2.10, §4.11): ada walks lobby → mini-map → a booth and back, each entry
// recorded once by the provider; the Rooms list reaches every room she may enter by keyboard alone; axe finds
// nothing serious on the open map and list in English and Deutsch; the map's card and the music button lie
// over no word of the lobby at 1280x800 and 390x844 (at the page's top and its end), in both languages.
import type { Locator, Page } from '@playwright/test';
import {
  SHOT_VIEWPORTS,
  expect,
  expectAccessible,
  recordedEntries,
  signIn,
  switchLanguage,
  test,
} from '../fixtures/stack.ts';
import { forEachLanguage } from '../fixtures/languages.ts';
import { ADA, KERNEL_BOOTH, LOBBY, closeWelcomePopup } from '../fixtures/demo-rooms.ts';

/** The rooms ada may enter in the demo event (the VIP Lounge is restricted), in the Rooms list's order. */
const ADAS_ROOMS: Array<[string, RegExp]> = [
  ['Lobby', /\/lobby$/],
  ['Partner Website', /\/room\/2$/],
  ['Talk Stage', /\/room\/3$/],
  ['Expo Hall', /\/room\/4$/],
  ['Kernel Booth', /\/room\/8$/],
  ['Meeting Room', /\/room\/9$/],
];

const miniMap = (page: Page) => page.getByRole('complementary', { name: 'Mini-map' });

test('ada goes from the lobby through the mini-map into the Kernel Booth and back, one entry each', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  // The demo event starts the map open (mini_map_at_start yes); nothing is stored yet.
  const map = miniMap(page).getByRole('group', { name: /Map of the event/ });
  await expect(miniMap(page).getByRole('switch', { name: 'Mini-map' })).toBeChecked();
  await expect(page.frameLocator('iframe').getByText('Welcome, Ada!')).toBeVisible();
  await map.getByRole('link', { name: 'Kernel Booth' }).click();
  await expect(page).toHaveURL(/\/room\/8$/);
  await expect(page.getByRole('heading', { name: 'Kernel Booth', level: 1 })).toBeAttached();
  await expect(page.frameLocator('iframe').getByRole('heading', { name: 'Kernel Booth' })).toBeVisible();

  await map.getByRole('link', { name: 'Lobby' }).click();
  await expect(page).toHaveURL(/\/lobby$/);
  await page.getByRole('button', { name: 'Skip' }).click();
  await closeWelcomePopup(page);
  await expect.poll(() => recordedEntries(ADA)).toEqual({ [LOBBY]: 2, [KERNEL_BOOTH]: 1 });

  // Switched off, the map stays off after a reload (enableMiniMap wins over mini_map_at_start).
  await miniMap(page).getByRole('switch', { name: 'Mini-map' }).click();
  await expect(map).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('enableMiniMap'))).toBe('false');
  await page.reload();
  await expect(miniMap(page).getByRole('switch', { name: 'Mini-map' })).not.toBeChecked();
  await expect(map).toHaveCount(0);
});

/** Presses Tab until the focused element is the Rooms list's link `name` (focus may pass through the room). */
async function tabToRoomLink(page: Page, name: string): Promise<void> {
  const link = page.getByRole('navigation', { name: 'Rooms' }).getByRole('link', { name, exact: true });
  for (let presses = 0; presses < 80; presses += 1) {
    if (await link.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached the Rooms list's link to ${name}`);
}

test('the Rooms list reaches every room ada may enter by keyboard alone', async ({ page }) => {
  test.slow();
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  // The lobby's welcome popup and transition video are other tests' business.
  await page.evaluate(() => {
    localStorage.setItem('disabledPopups', '[2]');
    localStorage.setItem('transitionContent', 'false');
  });

  const roomsButton = miniMap(page).getByRole('button', { name: 'Rooms' });
  for (let presses = 0; presses < 80; presses += 1) {
    if (await roomsButton.evaluate((el) => el === document.activeElement)) break;
    await page.keyboard.press('Tab');
  }
  await expect(roomsButton).toBeFocused();
  await page.keyboard.press('Enter');
  const list = page.getByRole('navigation', { name: 'Rooms' });
  await expect(list.getByRole('link')).toHaveText(ADAS_ROOMS.map(([name]) => name));
  // Counts of who is in each room now (ada is in the lobby).
  await expect(list.getByRole('listitem').first()).toContainText(/\d+ (person|people)/);

  for (const [name, url] of [...ADAS_ROOMS.slice(1), ADAS_ROOMS[0]!]) {
    await tabToRoomLink(page, name);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(url);
    await expect(
      page.getByRole('heading', { name: name === 'Lobby' ? 'Lobby' : name, level: 1 }),
    ).toBeAttached();
  }
});

test('the open mini-map and Rooms list are axe-clean in English and Deutsch', async ({ page }) => {
  test.slow();
  await signIn(page, { email: 'ada@demo.test' });
  await closeWelcomePopup(page);
  await miniMap(page).getByRole('button', { name: 'Rooms' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Rooms' }).getByRole('link', { name: 'Kernel Booth' }),
  ).toBeVisible();
  await expect(miniMap(page).getByRole('link', { name: 'Kernel Booth' }).first()).toBeVisible();
  await expectAccessible(page);

  await switchLanguage(page, 'de');
  const karte = page.getByRole('complementary', { name: 'Übersichtskarte' });
  await expect(karte.getByRole('switch', { name: 'Übersichtskarte' })).toBeChecked();
  // A reload is a new entry: the lobby's welcome popup shows again.
  await closeWelcomePopup(page);
  await karte.getByRole('button', { name: 'Räume' }).click();
  await expect(
    page.getByRole('navigation', { name: 'Räume' }).getByRole('link', { name: 'Kernel Booth' }),
  ).toBeVisible();
  await expectAccessible(page);
});

/**
 * The words of the room's page that one of the app's controls over the frame lies on: every text of the frame's
 * document, box by box (a range's client rects), that is inside the frame's view and meets the control's box.
 */
async function wordsUnder(page: Page, controls: Locator[]): Promise<string[]> {
  const frameBox = await page.locator('iframe').boundingBox();
  const frame = await (await page.locator('iframe').elementHandle())?.contentFrame();
  if (!frameBox || !frame) throw new Error('no room frame');
  const found: string[] = [];
  for (const control of controls) {
    const box = await control.boundingBox();
    if (!box) throw new Error(`${control.toString()} is not shown`);
    // The control in the frame's own coordinates.
    const over = {
      left: box.x - frameBox.x,
      top: box.y - frameBox.y,
      right: box.x + box.width - frameBox.x,
      bottom: box.y + box.height - frameBox.y,
    };
    const words = await frame.evaluate((rect) => {
      const covered: string[] = [];
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const r of range.getClientRects()) {
          const isInView = r.bottom > 0 && r.top < window.innerHeight;
          const meets =
            r.right > rect.left && r.left < rect.right && r.bottom > rect.top && r.top < rect.bottom;
          if (isInView && meets) {
            covered.push(text);
            break;
          }
        }
      }
      return covered;
    }, over);
    found.push(...words.map((word) => `${word} (under ${control.toString()})`));
  }
  return found;
}

forEachLanguage(
  'the mini-map and the music button cover no word of the lobby, at the top of the page and at its end',
  {
    email: 'ada@demo.test',
    slow: true,
    texts: {
      en: { label: 'Mini-map', music: 'Background music', peopleHere: 'People here' },
      de: { label: 'Übersichtskarte', music: 'Hintergrundmusik', peopleHere: 'Hier sind' },
    },
  },
  async ({ page, language, texts }) => {
    await closeWelcomePopup(page);
    const room = page.frameLocator('iframe');
    await expect(
      room.getByRole('region', { name: texts.peopleHere }).getByText('Grace Hopper'),
    ).toBeVisible();
    const controls = [
      page.getByRole('complementary', { name: texts.label }),
      page.getByRole('button', { name: texts.music }),
    ];
    const scrollTo = (end: boolean) =>
      room
        .locator('body')
        .evaluate((_, isEnd) => window.scrollTo(0, isEnd ? document.documentElement.scrollHeight : 0), end);
    for (const viewport of SHOT_VIEWPORTS) {
      await page.setViewportSize(viewport);
      const where = `${viewport.width}x${viewport.height}`;
      for (const [end, name] of [
        [false, 'top'],
        [true, 'end'],
      ] as const) {
        await scrollTo(end);
        await expect.poll(() => wordsUnder(page, controls), `${name} at ${where}`).toEqual([]);
        // With SHOTS_DIR, saved for a person to look at (shoot() cannot: a resize moves the frame's scroll).
        if (process.env.SHOTS_DIR)
          await page.screenshot({ path: `${process.env.SHOTS_DIR}/lobby-${name}-${language}-${where}.png` });
      }
    }
    await page.setViewportSize(SHOT_VIEWPORTS[0]);
  },
);
