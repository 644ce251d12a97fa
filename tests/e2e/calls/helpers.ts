// What the call specs share: two visitors in browser contexts of their own, ada opening her chat with grace, and
// the conference widget's frame inside a call window.
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, socketConnected, switchLanguage } from '../fixtures/stack.ts';

/** A signed-in visitor in a context of their own (a second sign-in of the same account would end the first). */
export async function visitor(browser: Browser, email: string, language: 'en' | 'de' = 'en') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, { email });
  // The reload that switches the language opens a new socket: a call is started once it is connected.
  if (language !== 'en') await Promise.all([socketConnected(page), switchLanguage(page, language)]);
  return { context, page };
}

/** Opens ada's conversation with grace (the demo's conv-1) in the drawer. */
export async function openChatWithGrace(page: Page, messagesLabel = 'Messages'): Promise<void> {
  await page.goto('/chat');
  await page.getByRole('dialog').getByRole('button', { name: 'Grace Hopper' }).click();
  await expect(page.getByRole('heading', { name: 'Grace Hopper', level: 3 })).toBeVisible();
  await expect(page.getByRole('region', { name: messagesLabel })).toBeVisible();
}

/** The call window of a page. */
export const callWindow = (page: Page) => page.getByTestId('call-window');

/** The conference widget's frame in a page's call window. */
export const widgetFrame = (page: Page) => callWindow(page).locator('iframe').contentFrame();
