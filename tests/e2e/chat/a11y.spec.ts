// axe on the chat screens in English and Deutsch: the chat list, a conversation, the new-conversation page and
// room chat (no serious or critical violation).
import type { Page } from '@playwright/test';
import { expect, expectAccessible, signIn, switchLanguage, test } from '../fixtures/stack.ts';

const TEXTS = {
  en: {
    list: 'Conversations',
    messages: 'Messages',
    new: 'New conversation',
    people: 'People in the event',
    nobody: 'Nobody else is at the event right now.',
  },
  de: {
    list: 'Unterhaltungen',
    messages: 'Nachrichten',
    new: 'Neue Unterhaltung',
    people: 'Personen auf der Veranstaltung',
    nobody: 'Gerade ist niemand sonst auf der Veranstaltung.',
  },
} as const;

async function settled(page: Page): Promise<void> {
  await expect(page.locator('[data-client-id]')).toHaveCount(0);
  await expect(page.getByRole('progressbar')).toHaveCount(0);
}

for (const language of ['en', 'de'] as const) {
  test(`the chat screens have no serious axe violation (${language})`, async ({ page }) => {
    // A sign-in, a language switch, four pages and four axe scans: more than a minute on the shared 2-core
    // machine (the scans alone took 10 s each there). A budget, not a wait: nothing here waits on time.
    test.slow();
    const texts = TEXTS[language];
    await signIn(page, { email: 'ada@demo.test' });
    await switchLanguage(page, language);

    await page.goto('/chat');
    await expect(page.getByRole('list', { name: texts.list })).toBeVisible();
    await expectAccessible(page);

    await page.goto('/chat?conversation=conv-1');
    await expect(page.getByRole('region', { name: texts.messages })).toBeVisible();
    await expect(page.getByText('Hi Ada, are you coming to the keynote?')).toBeVisible();
    await settled(page);
    await expectAccessible(page);

    await page.goto('/chat?view=new');
    await expect(page.getByRole('heading', { name: texts.new })).toBeVisible();
    await expect(page.getByText(texts.people)).toBeVisible();
    // Nobody else is signed in: the list says so.
    await expect(page.getByText(texts.nobody)).toBeVisible();
    await expectAccessible(page);

    await page.goto('/room-chat');
    await expect(page.getByRole('region', { name: texts.messages })).toBeVisible();
    await settled(page);
    await expectAccessible(page);
  });
}
