// The Participants page over the Expo Hall as a moderator sees it (spec 02 §2.7, §6), in English and Deutsch, at
// 1280x800 (the 400 px drawer) and 390x844 (the drawer full width): every name and detail shown whole, never cut
// with an ellipsis ("Grace H…" was), on grace's row as crowded as a row gets (her microphone state heard and a
// Mute button); the Mute button's label visible and readable on its background (WCAG 1.4.3, 4.5:1: as variant
// light with a shade the label was drawn in the background's own colour, c7774a6); axe; nothing wider than the
// drawer. With SHOTS_DIR set the screens are saved. Two browser contexts: grace and erin in the hall.
import type { Locator, Page } from '@playwright/test';
import { contrastRatio, parseCssColour } from '../../../apps/web/src/lib/ui/contrast.ts';
import { withGraceAndErinInTheHall } from '../fixtures/demo-rooms.ts';
import { MENU_BUTTON } from '../fixtures/languages.ts';
import {
  SHOT_VIEWPORTS,
  expect,
  expectAccessible,
  looksRight,
  openMenuPage,
  test,
} from '../fixtures/stack.ts';

const TEXTS = {
  en: {
    participants: 'Participants',
    list: 'People in this room',
    microphoneOn: 'Microphone on',
    mute: 'Mute',
    muteGrace: 'Mute Grace Hopper',
  },
  de: {
    participants: 'Teilnehmende',
    list: 'Personen in diesem Raum',
    microphoneOn: 'Mikrofon an',
    mute: 'Stummschalten',
    muteGrace: 'Grace Hopper stummschalten',
  },
} as const;

/** The texts of the list's rows that do not show whole: cut by their box (an ellipsis, a clip) or by the row's. */
function cutTexts(list: Locator): Promise<string[]> {
  return list.evaluate((ul) => {
    const cut: string[] = [];
    for (const row of ul.querySelectorAll<HTMLElement>('[data-participant]')) {
      const rowBox = row.getBoundingClientRect();
      for (const el of row.querySelectorAll<HTMLElement>('p, span')) {
        const own = [...el.childNodes].some((n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim());
        if (!own) continue;
        const box = el.getBoundingClientRect();
        const isClipped = el.scrollWidth > el.clientWidth + 1 || el.scrollHeight > el.clientHeight + 1;
        const isOutside = box.left < rowBox.left - 1 || box.right > rowBox.right + 1;
        if (isClipped || isOutside) cut.push(el.textContent ?? '');
      }
    }
    return cut;
  });
}

/** The WCAG contrast of a button's label: its text colour on the button's background. */
async function labelContrast(button: Locator): Promise<number> {
  const colours = await button.evaluate((el) => {
    const label = el.querySelector('.mantine-Button-label') ?? el;
    return { text: getComputedStyle(label).color, background: getComputedStyle(el).backgroundColor };
  });
  const text = parseCssColour(colours.text);
  const background = parseCssColour(colours.background);
  if (!text || !background) throw new Error(`unreadable colours ${JSON.stringify(colours)}`);
  return contrastRatio(text, background);
}

async function openParticipants(page: Page, language: 'en' | 'de'): Promise<Locator> {
  await openMenuPage(page, MENU_BUTTON[language], TEXTS[language].participants);
  return page.getByRole('list', { name: TEXTS[language].list });
}

for (const language of ['en', 'de'] as const) {
  test(`the Participants page shows whole names and a readable Mute button (${language})`, async ({
    browser,
  }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    await withGraceAndErinInTheHall(browser, language, async ({ erin }) => {
      const people = await openParticipants(erin.page, language);
      const graceRow = people.getByRole('listitem').filter({ hasText: 'Grace Hopper' });
      await expect(graceRow).toContainText(texts.microphoneOn);
      const mute = graceRow.getByRole('button', { name: texts.muteGrace });
      for (const viewport of SHOT_VIEWPORTS) {
        await erin.page.setViewportSize(viewport);
        const where = `${viewport.width}x${viewport.height}`;
        await expect.poll(() => cutTexts(people), `cut texts at ${where}`).toEqual([]);
        await expect(mute.getByText(texts.mute, { exact: true })).toBeVisible();
        expect(await labelContrast(mute), `Mute label contrast at ${where}`).toBeGreaterThanOrEqual(4.5);
      }
      await erin.page.setViewportSize(SHOT_VIEWPORTS[0]);
      await expectAccessible(erin.page);
      await looksRight(erin.page, `participants-${language}`);
    });
  });
}
