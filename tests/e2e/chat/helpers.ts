// What the chat specs do the way a visitor does: open the chat, a conversation, send; and read what a
// conversation shows (its stored messages' ids and texts, in order).
import type { Browser, Page } from '@playwright/test';
import { expect, signIn } from '../fixtures/stack.ts';

/** A signed-in visitor in a browser context of its own, on the given origin (a gateway node). */
export async function visitor(browser: Browser, baseURL: string, email: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await signIn(page, { email });
  return { context, page };
}

/** Opens the chat list in the drawer. */
export async function openChatList(page: Page): Promise<void> {
  await page.goto('/chat');
  await expect(page.getByRole('dialog', { name: 'Chat' })).toBeVisible();
}

/** Opens the conversation the list names `title` (its heading). */
export async function openConversation(page: Page, title: string): Promise<void> {
  await openChatList(page);
  await page.getByRole('list', { name: 'Conversations' }).getByRole('button', { name: title }).click();
  await expect(page.getByRole('heading', { name: title, level: 3 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
}

export async function send(page: Page, text: string): Promise<void> {
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill(text);
  await box.press('Enter');
}

export const messages = (page: Page) => page.getByRole('region', { name: 'Messages' });

/** The stored messages a conversation shows: [id, text] in order (sends still waiting are left out). */
export function shownMessages(page: Page): Promise<Array<[string, string]>> {
  return messages(page)
    .locator('li[data-message-id]')
    .evaluateAll((items) =>
      items.map((li) => [
        li.getAttribute('data-message-id') ?? '',
        li.querySelector('[data-message-text]')?.textContent ?? '',
      ]),
    );
}

/** How many bubbles (stored or waiting) show exactly this text. */
export async function countOf(page: Page, text: string): Promise<number> {
  const texts = await messages(page)
    .locator('li[data-message-id], li[data-client-id]')
    .evaluateAll((items) => items.map((li) => li.querySelector('[data-message-text]')?.textContent ?? ''));
  return texts.filter((shown) => shown === text).length;
}

/**
 * Resolves once the relay acknowledged the page's enter_room of `roomId` (its socket is then in the room and gets
 * the room's chat). Call before the page signs in: it watches the page's socket from its first frame.
 */
export function roomEntered(page: Page, roomId: number): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().includes('/messaging')) return;
      let ackId: string | undefined;
      ws.on('framesent', (frame) => {
        const text = String(frame.payload);
        const id = /^42(\d+)\["user_room_events",/.exec(text)?.[1];
        if (id && text.includes('"enter_room"') && text.includes(`"room_id":${roomId}`)) ackId = id;
      });
      ws.on('framereceived', (frame) => {
        const text = String(frame.payload);
        if (ackId !== undefined && text.startsWith(`43${ackId}[`) && text.includes('"statusCode":200'))
          resolve();
      });
    });
  });
}

/** Opens room chat from the side menu (the drawer over the scene's room). */
export async function openRoomChat(page: Page, roomName: string): Promise<void> {
  await page.getByRole('button', { name: /Open the menu/ }).click();
  await page.getByRole('link', { name: 'Room chat', exact: true }).click();
  await expect(page.getByRole('dialog', { name: 'Room chat' })).toBeVisible();
  await expect(page.getByRole('heading', { name: roomName, level: 3 })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Messages' })).toBeVisible();
}
