// What the call specs share: two visitors in browser contexts of their own, ada opening her chat with grace, ada
// ringing grace by video (ringGrace), and the conference widget's frame inside a call window.
import type { Browser, BrowserContext, Locator, Page } from '@playwright/test';
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

/** The words ringGrace finds its way by, in each language. */
const RING_TEXTS = {
  en: { messages: 'Messages', videoCall: 'Video call', incoming: 'Incoming video call' },
  de: { messages: 'Nachrichten', videoCall: 'Videoanruf', incoming: 'Eingehender Videoanruf' },
} as const;

/** Grace and ada, each signed in, and grace's incoming-call dialog (shown). */
export interface Ringing {
  grace: { context: BrowserContext; page: Page };
  ada: { context: BrowserContext; page: Page };
  dialog: Locator;
}

/**
 * Grace and ada sign in (in contexts of their own, switched to `language`), ada opens their chat and starts a video
 * call; once grace's incoming-call dialog shows, `body` runs with both and the dialog. Both contexts are closed
 * afterwards, whatever happened.
 */
export async function ringGrace(
  browser: Browser,
  language: 'en' | 'de',
  body: (ringing: Ringing) => Promise<void>,
): Promise<void> {
  const texts = RING_TEXTS[language];
  const contexts: BrowserContext[] = [];
  try {
    const grace = await visitor(browser, 'grace@demo.test', language);
    contexts.push(grace.context);
    const ada = await visitor(browser, 'ada@demo.test', language);
    contexts.push(ada.context);
    await openChatWithGrace(ada.page, texts.messages);
    await ada.page.getByRole('toolbar').getByRole('button', { name: texts.videoCall, exact: true }).click();
    const dialog = grace.page.getByRole('dialog', { name: texts.incoming });
    await expect(dialog).toBeVisible();
    await body({ grace, ada, dialog });
  } finally {
    for (const context of contexts.reverse()) await context.close();
  }
}
