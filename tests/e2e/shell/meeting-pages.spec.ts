// The pages of issues 13 and 14 as an exhibitor sees them, in English and Deutsch, on a laptop (1280x800) and a
// phone (390x844): the chat list and a conversation (with a link in it), the business-card list and a card, the
// profile home and its sub-pages, the incoming-call dialog and the call window. Each shows its content and
// nothing runs wider than the screen. With SHOTS_DIR set, every screen is also saved (never committed) to be
// looked at.
import type { Browser } from '@playwright/test';
import { expect, looksRight, signIn, socketConnected, switchLanguage, test } from '../fixtures/stack.ts';

const TEXTS = {
  en: {
    conversations: 'Conversations',
    messages: 'Messages',
    message: 'Message',
    cards: 'Your business cards',
    profile: 'Profile settings',
    rows: [
      'Change status',
      'Profile information',
      'Skills',
      'Interests',
      'Change appearance',
      'Change password',
      'Delete account',
    ],
    videoCall: 'Video call',
    incoming: 'Incoming video call',
    answer: 'Answer with video',
    window: 'Video call with Ada Lovelace',
  },
  de: {
    conversations: 'Unterhaltungen',
    messages: 'Nachrichten',
    message: 'Nachricht',
    cards: 'Ihre Visitenkarten',
    profile: 'Profileinstellungen',
    rows: [
      'Status ändern',
      'Profilinformationen',
      'Fähigkeiten',
      'Interessen',
      'Aussehen ändern',
      'Passwort ändern',
      'Konto löschen',
    ],
    videoCall: 'Videoanruf',
    incoming: 'Eingehender Videoanruf',
    answer: 'Mit Video annehmen',
    window: 'Videoanruf mit Ada Lovelace',
  },
} as const;

async function visitor(browser: Browser, email: string, language: 'en' | 'de') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email });
  await Promise.all([socketConnected(page), switchLanguage(page, language)]);
  return { context, page };
}

for (const language of ['en', 'de'] as const) {
  const texts = TEXTS[language];

  test(`ada's chat, cards and profile in ${language}`, async ({ page }) => {
    test.slow();
    await signIn(page, { email: 'ada@demo.test' });
    await Promise.all([socketConnected(page), switchLanguage(page, language)]);

    await page.goto('/chat');
    const list = page.getByRole('list', { name: texts.conversations });
    await list.getByRole('button', { name: /Grace Hopper/ }).click();
    await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 3 })).toBeVisible();
    await expect(page.getByRole('region', { name: texts.messages })).toBeVisible();
    const box = page.getByRole('textbox', { name: texts.message, exact: true });
    await box.fill(`The booth plan: [Hall 2 map | showfloor.example/halls/2] (${language})`);
    await box.press('Enter');
    await expect(page.getByRole('link', { name: 'Hall 2 map' }).last()).toBeVisible();
    await looksRight(page, `conversation-${language}`);

    await page.goto('/chat');
    await expect(list.getByRole('button', { name: /Grace Hopper/ })).toContainText(
      'The booth plan: Hall 2 map',
    );
    await looksRight(page, `chat-list-${language}`);

    await page.goto('/business-cards');
    const cards = page.getByRole('list', { name: texts.cards });
    await expect(cards).toBeVisible();
    await looksRight(page, `card-list-${language}`);
    await cards.getByRole('button', { name: /Grace Hopper/ }).click();
    await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
    await looksRight(page, `card-detail-${language}`);

    await page.goto('/profile/settings');
    await expect(page.getByRole('dialog', { name: texts.profile })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ada Lovelace' })).toBeVisible();
    await looksRight(page, `profile-${language}`);
    for (const [index, row] of texts.rows.entries()) {
      await page.getByRole('button', { name: new RegExp(`^${row}`) }).click();
      await expect(page.getByRole('dialog', { name: row })).toBeVisible();
      await looksRight(page, `profile-${index + 1}-${language}`);
      await page.goBack();
      await expect(page.getByRole('dialog', { name: texts.profile })).toBeVisible();
    }
  });

  test(`the incoming call and the call window in ${language}`, async ({ browser }) => {
    test.setTimeout(240_000);
    const grace = await visitor(browser, 'grace@demo.test', language);
    const ada = await visitor(browser, 'ada@demo.test', language);
    try {
      await ada.page.goto('/chat');
      await ada.page
        .getByRole('dialog')
        .getByRole('button', { name: /Grace Hopper/ })
        .click();
      await expect(ada.page.getByRole('region', { name: texts.messages })).toBeVisible();
      await ada.page.getByRole('toolbar').getByRole('button', { name: texts.videoCall, exact: true }).click();
      const dialog = grace.page.getByRole('dialog', { name: texts.incoming });
      await expect(dialog).toBeVisible();
      await looksRight(grace.page, `call-incoming-${language}`);
      await dialog.getByRole('button', { name: texts.answer }).click();
      await expect(grace.page.getByRole('dialog', { name: texts.window })).toBeVisible();
      await expect(grace.page.getByTestId('call-window').locator('iframe')).toBeVisible();
      await expect(ada.page.getByTestId('call-window').locator('iframe')).toBeVisible();
      await looksRight(grace.page, `call-window-${language}`);
    } finally {
      await ada.context.close();
      await grace.context.close();
    }
  });
}
