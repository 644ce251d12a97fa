// axe on the incoming-call dialog and the call window (with the conference widget in it), in English and
// Deutsch: no serious or critical violation.
import { expect, expectAccessible, test } from '../fixtures/stack.ts';
import { callWindow, openChatWithGrace, visitor, widgetFrame } from './helpers.ts';

const TEXTS = {
  en: {
    messages: 'Messages',
    videoCall: 'Video call',
    incoming: 'Incoming video call',
    answer: 'Answer with video',
    window: 'Video call with Ada Lovelace',
  },
  de: {
    messages: 'Nachrichten',
    videoCall: 'Videoanruf',
    incoming: 'Eingehender Videoanruf',
    answer: 'Mit Video annehmen',
    window: 'Videoanruf mit Ada Lovelace',
  },
} as const;

for (const language of ['en', 'de'] as const) {
  test(`the incoming-call dialog and the call window have no serious axe violation (${language})`, async ({
    browser,
  }) => {
    // Two browsers, each signing in and loading the app and the widget: more than the suite's one-page default.
    test.setTimeout(180_000);
    const texts = TEXTS[language];
    const grace = await visitor(browser, 'grace@demo.test', language);
    const ada = await visitor(browser, 'ada@demo.test', language);
    try {
      await openChatWithGrace(ada.page, texts.messages);
      await ada.page.getByRole('toolbar').getByRole('button', { name: texts.videoCall, exact: true }).click();

      const dialog = grace.page.getByRole('dialog', { name: texts.incoming });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByText('Ada Lovelace')).toBeVisible();
      await expectAccessible(grace.page);

      await dialog.getByRole('button', { name: texts.answer }).click();
      await expect(grace.page.getByRole('dialog', { name: texts.window })).toBeVisible();
      await expect(widgetFrame(grace.page).locator('li[data-participant]')).toHaveCount(2);
      await expect(widgetFrame(grace.page).locator('html')).toHaveAttribute('lang', language);
      await expectAccessible(grace.page);
      await expect(callWindow(grace.page)).toBeVisible();
    } finally {
      await ada.context.close();
      await grace.context.close();
    }
  });
}
