// Chat across two gateway nodes sharing Redis: ada's tab on node a, grace's (and linus's) on node b. Nothing
// acknowledged is lost or shown twice, also when grace's node is killed and started again while ada keeps
// sending.
import { expect, test } from '../fixtures/two-nodes.ts';
import {
  countOf,
  messages,
  openChatList,
  openConversation,
  send,
  shownMessages,
  visitor,
} from './helpers.ts';

test.describe('chat on two gateway nodes', () => {
  test('a private message arrives once, within a second', async ({ browser, twoNodes }) => {
    const ada = await visitor(browser, twoNodes.a.url, 'ada@demo.test');
    const grace = await visitor(browser, twoNodes.b.url, 'grace@demo.test');
    await openConversation(ada.page, 'Grace Hopper');
    await openConversation(grace.page, 'Ada Lovelace');
    // The moment grace's tab shows it, by the browsers' own clocks (the test's polling adds nothing).
    const text = `Across the nodes ${Date.now()}`;
    const shownAt = grace.page.evaluate(
      (wanted) =>
        new Promise<number>((resolve) => {
          const observer = new MutationObserver(() => {
            if (document.body.innerText.includes(wanted)) {
              observer.disconnect();
              resolve(Date.now());
            }
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        }),
      text,
    );
    // From ada's Enter (the text typed first: typing speed is not delivery), by her browser's clock.
    const box = ada.page.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.evaluate((element) => {
      element.addEventListener('keydown', () => element.setAttribute('data-entered-at', String(Date.now())), {
        capture: true,
        once: true,
      });
    });
    await box.press('Enter');
    const shown = await shownAt;
    const sentAt = Number(await box.getAttribute('data-entered-at'));
    expect(sentAt).toBeGreaterThan(0);
    expect(shown - sentAt).toBeLessThan(1000);
    await expect(ada.page.getByText('Sending…')).toHaveCount(0);
    await expect.poll(() => countOf(grace.page, text)).toBe(1);
    expect(await countOf(ada.page, text)).toBe(1);
    await ada.context.close();
    await grace.context.close();
  });

  test('a group of three talks across the nodes', async ({ browser, twoNodes }) => {
    // Signed in side by side: one after the other, three sign-ins alone took most of the test's minute on a
    // busy machine.
    const [ada, grace, linus] = await Promise.all([
      visitor(browser, twoNodes.a.url, 'ada@demo.test'),
      visitor(browser, twoNodes.b.url, 'grace@demo.test'),
      visitor(browser, twoNodes.b.url, 'linus@demo.test'),
    ]);
    await openChatList(ada.page);
    await ada.page.getByRole('button', { name: 'New conversation' }).click();
    await ada.page.getByRole('button', { name: 'Select Grace Hopper' }).click();
    await ada.page.getByRole('button', { name: 'Select Linus Torvalds' }).click();
    await ada.page.getByRole('button', { name: 'Start conversation' }).click();
    await expect(ada.page.getByRole('heading', { name: 'Grace Hopper +1', level: 3 })).toBeVisible();
    await send(ada.page, 'Welcome to the booth tour, both of you');
    await expect(ada.page).toHaveURL(/\/chat\?conversation=conv-/);
    await openConversation(grace.page, 'Ada Lovelace +1');
    await openConversation(linus.page, 'Ada Lovelace +1');
    await expect(messages(grace.page).getByText('Welcome to the booth tour, both of you')).toBeVisible();
    await expect(messages(linus.page).getByText('Welcome to the booth tour, both of you')).toBeVisible();
    await send(linus.page, 'Thanks! Meet at the Kernel Booth.');
    await expect(messages(ada.page).getByText('Thanks! Meet at the Kernel Booth.')).toBeVisible();
    await expect(messages(grace.page).getByText('Thanks! Meet at the Kernel Booth.')).toBeVisible();
    await expect(grace.page.getByRole('button', { name: /Participants \(3\)/ })).toBeVisible();
    for (const who of [ada, grace, linus]) await who.context.close();
  });

  test("killing grace's node while ada keeps sending loses and repeats nothing", async ({
    browser,
    twoNodes,
  }) => {
    test.setTimeout(180_000);
    const ada = await visitor(browser, twoNodes.a.url, 'ada@demo.test');
    const grace = await visitor(browser, twoNodes.b.url, 'grace@demo.test');
    await openConversation(ada.page, 'Grace Hopper');
    await openConversation(grace.page, 'Ada Lovelace');
    const texts = Array.from({ length: 24 }, (_, i) => `Through the outage ${i + 1}`);
    const pause = () => ada.page.waitForTimeout(150);
    for (const text of texts.slice(0, 6)) {
      await send(ada.page, text);
      await pause();
    }
    await twoNodes.b.kill();
    for (const text of texts.slice(6, 12)) {
      await send(ada.page, text);
      await pause();
    }
    // Node b comes back while ada goes on; grace's tab reconnects to it by itself.
    const restarted = twoNodes.b.start();
    for (const text of texts.slice(12, 18)) {
      await send(ada.page, text);
      await pause();
    }
    await restarted;
    for (const text of texts.slice(18)) {
      await send(ada.page, text);
      await pause();
    }
    await expect(ada.page.getByText('Sending…')).toHaveCount(0, { timeout: 30_000 });
    await expect
      .poll(async () => (await shownMessages(grace.page)).filter(([, text]) => texts.includes(text)).length, {
        timeout: 60_000,
      })
      .toBe(texts.length);
    const seenByGrace = await shownMessages(grace.page);
    const seenByAda = await shownMessages(ada.page);
    // Every message once, in the order sent, and the same history on both sides.
    expect(seenByGrace.filter(([, text]) => texts.includes(text)).map(([, text]) => text)).toEqual(texts);
    expect(new Set(seenByGrace.map(([id]) => id)).size).toBe(seenByGrace.length);
    expect(seenByAda).toEqual(seenByGrace);
    await ada.context.close();
    await grace.context.close();
  });
});
