// The Participants page by keyboard only (spec 02 §2.7, §6; WCAG 2.1.1, 2.4.3, 2.4.7), in English and Deutsch:
// erin, an event-admin standing in the Expo Hall with grace and linus (the demo's seed puts him there), opens the
// side menu and the page with Tab and Enter. Tab moves through the page's controls in the order of its rows
// (Close, Mute Grace, Mute Linus, Mute all, then round to Back inside the drawer), each showing its focus ring in
// a colour readable on the drawer (3:1, WCAG 1.4.11). Enter on grace's Mute mutes her (her room hears it) and
// takes the button away: the focus stays on her row, which now says Muted, and Tab goes on to the next row's
// Mute; Escape closes the drawer and gives the focus back to the menu toggle that opened it. Two browser
// contexts: grace and erin in the hall. With SHOTS_DIR set, the screen with her row focused is saved.
import type { Locator } from '@playwright/test';
import { contrastRatio, parseCssColour } from '../../../apps/web/src/lib/ui/contrast.ts';
import { withGraceAndErinInTheHall } from '../fixtures/demo-rooms.ts';
import { expectFocusRing, isFocused, operate } from '../fixtures/keyboard.ts';
import { MENU_BUTTON } from '../fixtures/languages.ts';
import { expect, shoot, test } from '../fixtures/stack.ts';

const TEXTS = {
  en: {
    participants: 'Participants',
    list: 'People in this room',
    back: 'Back to the menu',
    close: 'Close the menu',
    muteGrace: 'Mute Grace Hopper',
    muteLinus: 'Mute Linus Torvalds',
    muteAll: 'Mute all',
    muted: 'Muted',
    graceMuted: 'Erin Meyer muted your microphone.',
  },
  de: {
    participants: 'Teilnehmende',
    list: 'Personen in diesem Raum',
    back: 'Zurück zum Menü',
    close: 'Menü schließen',
    muteGrace: 'Grace Hopper stummschalten',
    muteLinus: 'Linus Torvalds stummschalten',
    muteAll: 'Alle stummschalten',
    muted: 'Stumm',
    graceMuted: 'Erin Meyer hat Ihr Mikrofon stummgeschaltet.',
  },
} as const;

/**
 * The focused control's ring is drawn, not covered (what shows 3 px outside each side of its box is the control's
 * own surroundings, not e.g. the drawer's header over the list) and readable on the drawer's background (3:1).
 */
async function expectReadableRing(target: Locator): Promise<void> {
  await expectFocusRing(target);
  const covered = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const middle = { x: (box.left + box.right) / 2, y: (box.top + box.bottom) / 2 };
    const sides = {
      top: [middle.x, box.top - 3],
      bottom: [middle.x, box.bottom + 3],
      left: [box.left - 3, middle.y],
      right: [box.right + 3, middle.y],
    } as const;
    return Object.entries(sides)
      .filter(([, [x, y]]) => {
        const over = el.ownerDocument.elementFromPoint(x, y);
        return over !== null && !over.contains(el);
      })
      .map(([side]) => side);
  });
  expect(covered, `focus ring of ${target.toString()} covered`).toEqual([]);
  const colours = await target.evaluate((el) => ({
    ring: getComputedStyle(el).outlineColor,
    background: getComputedStyle(el.closest('[role="dialog"]') ?? document.body).backgroundColor,
  }));
  const ring = parseCssColour(colours.ring);
  const background = parseCssColour(colours.background);
  if (!ring || !background) throw new Error(`unreadable colours ${JSON.stringify(colours)}`);
  expect(contrastRatio(ring, background), `focus ring of ${target.toString()}`).toBeGreaterThanOrEqual(3);
}

for (const language of ['en', 'de'] as const) {
  test(`the Participants page by keyboard (${language})`, async ({ browser }) => {
    test.setTimeout(120_000);
    const texts = TEXTS[language];
    await withGraceAndErinInTheHall(browser, language, async ({ grace, erin }) => {
      const { page } = erin;
      // The menu toggle and the page's link, with Tab and Enter only.
      const toggle = page.getByRole('button', { name: MENU_BUTTON[language] });
      await operate(page, toggle);
      await operate(page, page.getByRole('link', { name: texts.participants, exact: true }));
      const drawer = page.getByRole('dialog', { name: texts.participants });
      const people = drawer.getByRole('list', { name: texts.list });
      await expect(people.getByRole('listitem')).toHaveCount(3);
      const graceRow = people.getByRole('listitem').filter({ hasText: 'Grace Hopper' });

      // The page's title has the focus; Tab goes through the controls in the rows' order and round.
      await expect(drawer.getByRole('heading', { name: texts.participants })).toBeFocused();
      const stops = [
        drawer.getByRole('button', { name: texts.close }),
        graceRow.getByRole('button', { name: texts.muteGrace }),
        people.getByRole('button', { name: texts.muteLinus }),
        drawer.getByRole('button', { name: texts.muteAll }),
        drawer.getByRole('button', { name: texts.back }),
        drawer.getByRole('button', { name: texts.close }),
      ];
      for (const stop of stops) {
        await page.keyboard.press('Tab');
        await expect(stop).toBeFocused();
        await expectReadableRing(stop);
      }

      // Round to grace's Mute; Enter mutes her.
      await page.keyboard.press('Tab');
      const muteGrace = stops[1] as Locator;
      await expect(muteGrace).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(grace.page.frameLocator('iframe').getByRole('status')).toHaveText(texts.graceMuted);
      await expect(graceRow).toContainText(texts.muted);
      await expect(muteGrace).toHaveCount(0);
      // The button went with her state: the focus stays on her row (read out with it), not lost to the page.
      await expect.poll(() => isFocused(graceRow)).toBe(true);
      await expectReadableRing(graceRow);
      await shoot(page, `participants-keyboard-${language}`);
      await page.keyboard.press('Tab');
      await expect(stops[2] as Locator).toBeFocused();

      // Escape closes the drawer; the focus is back on the toggle that opened it.
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      await expect.poll(() => isFocused(toggle)).toBe(true);
    });
  });
}
