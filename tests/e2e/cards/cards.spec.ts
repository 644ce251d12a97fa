// Business cards between two browsers (spec 02 §4.2): ada asks for grace's card from their chat, grace answers
// inside the request's message, and the answer reaches ada's message live; an allowed card opens on its detail with
// grace's fields; a deleted card returns to the list after 3.5 s. Reporting a user from a chat (spec 02 §2.5, §8)
// reaches the provider's reported-users list. axe en + de on the card list and detail.
import type { Browser, Page } from '@playwright/test';
import {
  apiSignIn,
  callTrpc,
  expect,
  expectAccessible,
  providerSignIn,
  signIn,
  switchLanguage,
  test,
} from '../fixtures/stack.ts';
import { PROVIDER_URL } from '../fixtures/env.ts';
import { messages, openConversation, send } from '../chat/helpers.ts';

/** Demo ids (mock-provider/src/fixtures/demo.ts): ada 1, linus 3; card 3 is grace's, held by ada. */
const LINUS = 3;
const GRACES_CARD_HELD_BY_ADA = 3;

/** Ada gives grace's card back (deleted from her list) so that she can ask for it again. */
async function forgetGracesCard(): Promise<void> {
  const ada = await apiSignIn('ada@demo.test');
  const answer = await callTrpc(
    'businesscard.deleteCard',
    { id: GRACES_CARD_HELD_BY_ADA },
    { token: ada.token, kind: 'mutation' },
  );
  expect(answer.status).toBe(200);
}

// Two browsers, each signing in and opening its chat, on a shared two-core machine.
test.describe.configure({ timeout: 240_000 });

async function visitor(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email });
  return page;
}

/** The card request's bubble (the last one) in the open conversation. */
const requestBubble = (page: Page) =>
  messages(page).locator('li[data-message-id]').filter({ hasText: 'Business card request' }).last();

/** Ada asks for grace's card from their chat: the avatar opens the request page. */
async function requestGracesCard(ada: Page): Promise<void> {
  await openConversation(ada, 'Grace Hopper');
  await ada.getByRole('button', { name: 'Request the business card of Grace Hopper' }).click();
  await expect(ada).toHaveURL(/\/business-cards$/);
  await expect(ada.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await ada.getByRole('button', { name: 'Request business card' }).click();
  await expect(ada.getByRole('button', { name: 'Request Sent' })).toBeDisabled();
}

/**
 * Ada asks for grace's card afresh and sees her request sent in their chat; grace opens the chat too. Answers
 * both pages.
 */
async function adaAsksGrace(browser: Browser): Promise<{ ada: Page; grace: Page }> {
  await forgetGracesCard();
  const ada = await visitor(browser, 'ada@demo.test');
  const grace = await visitor(browser, 'grace@demo.test');
  await requestGracesCard(ada);
  await openConversation(ada, 'Grace Hopper');
  await expect(requestBubble(ada).getByText('Request Sent')).toBeVisible();
  await openConversation(grace, 'Ada Lovelace');
  return { ada, grace };
}

test('ada asks for grace’s card in chat, grace allows it in the message, ada sees it live and opens the detail', async ({
  browser,
}) => {
  const { ada, grace } = await adaAsksGrace(browser);
  const asked = requestBubble(grace);
  await expect(asked.getByRole('button', { name: 'Deny' })).toBeEnabled();
  await asked.getByRole('button', { name: 'Allow' }).click();
  await expect(asked.getByText('allowed', { exact: true })).toBeVisible();
  await expect(asked.getByRole('button', { name: 'Allow' })).toBeDisabled();
  await expect(asked.getByRole('button', { name: 'Deny' })).toBeDisabled();

  // Ada's message follows without a reload.
  await expect(requestBubble(ada).getByText('allowed', { exact: true })).toBeVisible();
  await expect(requestBubble(ada).getByText('Request Sent')).toHaveCount(0);

  // The approval check now opens the detail, with what grace's card holds.
  await ada.getByRole('button', { name: 'Request the business card of Grace Hopper' }).click();
  await expect(ada.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await expect(ada.getByRole('link', { name: 'grace@demo.test' })).toBeVisible();
  await expect(ada.getByRole('button', { name: 'Delete card' })).toBeVisible();
  await expect(ada.getByRole('button', { name: 'Request business card' })).toHaveCount(0);
});

test('a denied card shows denied to both', async ({ browser }) => {
  const { ada, grace } = await adaAsksGrace(browser);
  await requestBubble(grace).getByRole('button', { name: 'Deny' }).click();
  await expect(requestBubble(grace).getByText('denied', { exact: true })).toBeVisible();
  await expect(requestBubble(grace).getByRole('button', { name: 'Allow' })).toBeDisabled();
  await expect(requestBubble(ada).getByText('denied', { exact: true })).toBeVisible();
  // After a reload too: the answer is in the conversation.
  await grace.reload();
  await expect(requestBubble(grace).getByText('denied', { exact: true })).toBeVisible();
  // The request page says so, and ada's list does not hold the card.
  await ada.getByRole('button', { name: 'Request the business card of Grace Hopper' }).click();
  await expect(ada.getByText('Your last request was denied. You may ask again.')).toBeVisible();
});

test('ada deletes a card: the server’s message, then the list without it after 3.5 s', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await page.goto('/business-cards');
  const list = page.getByRole('list', { name: 'Your business cards' });
  await list.getByRole('button', { name: /Grace Hopper/ }).click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete card' }).click();
  await page.getByRole('button', { name: 'Delete', exact: true }).click();
  const said = page.getByRole('status').filter({ hasText: 'Business card deleted.' });
  await expect(said).toBeVisible();
  // Back on the list, read again: grace's was ada's only card.
  await expect(page.getByText('You have no business cards yet. Ask for one from a chat.')).toBeVisible({
    timeout: 15_000,
  });
  await expect(said).toHaveCount(0);
});

test('ada reports linus from their chat and the provider lists the report with the conversation', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await page.goto(`/chat?to=${LINUS}`);
  await send(page, 'Please stop sending me links.');
  await expect(page).toHaveURL(/conversation=/);
  const conversationId = new URL(page.url()).searchParams.get('conversation');
  await page
    .getByRole('toolbar', { name: 'Chat actions' })
    .getByRole('button', { name: 'Report user' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Report Linus Torvalds' });
  await dialog.getByRole('textbox', { name: 'What happened? (optional)' }).fill('Spam links');
  await dialog.getByRole('button', { name: 'Report' }).click();
  await expect(page.getByText('Linus Torvalds was reported to the moderators. Thank you.')).toBeVisible();

  // The provider's reported-users list, read by the event's admin (erin) at the provider itself.
  const erin = await providerSignIn('erin@demo.test');
  const answer = await fetch(`${PROVIDER_URL}/api/v1/user/reported-users`, {
    headers: { authorization: `Bearer ${erin}` },
  });
  const listed = { status: answer.status, data: (await answer.json()) as { reports: unknown[] } };
  expect(listed.status).toBe(200);
  expect(listed.data?.reports).toContainEqual(
    expect.objectContaining({
      reported_user_id: LINUS,
      reported_by_user_id: 1,
      conversation_id: conversationId,
      summary: 'Spam links',
      status: 'open',
    }),
  );
});

for (const language of ['en', 'de'] as const) {
  test(`the card list and detail are accessible (${language})`, async ({ page }) => {
    await signIn(page, { email: 'ada@demo.test' });
    await page.goto('/business-cards');
    await switchLanguage(page, language);
    const list = page.locator('ul').filter({ has: page.getByRole('button', { name: /Grace Hopper/ }) });
    await expect(list).toBeVisible({ timeout: 30_000 });
    await expectAccessible(page);
    await list.getByRole('button', { name: /Grace Hopper/ }).click();
    await expect(page.getByRole('link', { name: 'grace@demo.test' })).toBeVisible();
    await expectAccessible(page);
  });
}
