// Chat on the suite's single node: paging back through a long conversation, the helpbot's scripted answers
// through the relay, and the private-chats CSV.
import { readFile } from 'node:fs/promises';
import { expect, providerSignIn, signIn, test } from '../fixtures/stack.ts';
import { PROVIDER_URL } from '../fixtures/env.ts';
import { messages, openChatList, openConversation, send } from './helpers.ts';

/** Stores messages from grace to ada straight at the provider (a long history to page through). */
async function seedFromGrace(count: number): Promise<void> {
  const token = await providerSignIn('grace@demo.test');
  for (let i = 1; i <= count; i += 1) {
    const answer = await fetch(`${PROVIDER_URL}/api/v1/conversation/conversations/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ message: `Booth note ${i}`, conversation_id: 'conv-1' }),
    });
    expect(answer.status).toBe(200);
  }
}

test('scrolling up pages older messages in without moving the view', async ({ page }) => {
  await seedFromGrace(45);
  await signIn(page, { email: 'ada@demo.test' });
  await openConversation(page, 'Grace Hopper');
  const list = messages(page);
  await expect(list.getByText('Booth note 45')).toBeVisible();
  await expect(list.getByText('Booth note 15', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Conversation start')).toHaveCount(0);
  const firstShown = list.getByText('Booth note 16', { exact: true });
  await list.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(list.getByText('Booth note 15', { exact: true })).toBeAttached();
  // What was at the top stays in view: the older page went in above it.
  await expect(firstShown).toBeInViewport();
  await list.evaluate((element) => {
    element.scrollTop = 0;
  });
  await expect(page.getByText('Conversation start')).toBeVisible();
  await expect(list.getByText('Hi Ada, are you coming to the keynote?')).toBeVisible();
});

test('helpbot answers from its script through the relay', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openConversation(page, 'helpbot');
  await expect(messages(page).getByText(/I'm helpbot/)).toBeVisible();
  await send(page, 'When is the keynote?');
  await expect(
    messages(page).getByText(
      'The opening keynote is on the Talk Stage at 9:00; see the agenda for every session.',
    ),
  ).toBeVisible();
  await send(page, 'What is in the store?');
  await expect(messages(page).getByText(/Spend your coins in the goodies store/)).toBeVisible();
  // The bot's replies are received, the visitor's sent.
  await expect(messages(page).locator('[data-direction="sent"]')).toHaveCount(2);
});

test('the private-chats CSV downloads and holds the messages', async ({ page }) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openConversation(page, 'Grace Hopper');
  await send(page, 'See you at the Talk Stage, row 3');
  await expect(page.getByText('Sending…')).toHaveCount(0);
  await openChatList(page);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Export private chats' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('private_chats.csv');
  const csv = await readFile(await download.path(), 'utf8');
  expect(csv.split('\r\n')[0]).toBe('conversation_id,time,from,to,message');
  expect(csv).toContain('Hi Ada, are you coming to the keynote?');
  expect(csv).toContain('Ada Lovelace,Grace Hopper,"See you at the Talk Stage, row 3"');
});
