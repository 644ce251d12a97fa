// axe on the incoming-call dialog and the call window (with the conference widget in it), in English and
// Deutsch: no serious or critical violation.
import { expect, expectAccessible, test } from '../fixtures/stack.ts';
import { callWindow, ringGrace, widgetFrame } from './helpers.ts';

const TEXTS = {
  en: { answer: 'Answer with video', window: 'Video call with Ada Lovelace' },
  de: { answer: 'Mit Video annehmen', window: 'Videoanruf mit Ada Lovelace' },
} as const;

for (const language of ['en', 'de'] as const) {
  test(`the incoming-call dialog and the call window have no serious axe violation (${language})`, async ({
    browser,
  }) => {
    // Two browsers, each signing in and loading the app and the widget: more than the suite's one-page default.
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    await ringGrace(browser, language, async ({ grace, dialog }) => {
      await expect(dialog.getByText('Ada Lovelace')).toBeVisible();
      await expectAccessible(grace.page);

      await dialog.getByRole('button', { name: texts.answer }).click();
      await expect(grace.page.getByRole('dialog', { name: texts.window })).toBeVisible();
      await expect(widgetFrame(grace.page).locator('li[data-participant]')).toHaveCount(2);
      await expect(widgetFrame(grace.page).locator('html')).toHaveAttribute('lang', language);
      await expectAccessible(grace.page);
      await expect(callWindow(grace.page)).toBeVisible();
    });
  });
}
