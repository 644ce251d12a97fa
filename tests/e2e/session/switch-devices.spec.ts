import { expect, lobbyReadsDone, signIn, socketConnected, test } from '../fixtures/stack.ts';

test("signing in as ada in a second browser logs the first out with the 'Did you switch devices?' dialog", async ({
  browser,
}) => {
  const first = await browser.newContext();
  const second = await browser.newContext();
  try {
    const firstPage = await first.newPage();
    // The first tab's socket must be up before the second sign-in ends its session.
    const connected = socketConnected(firstPage);
    await signIn(firstPage, { email: 'ada@demo.test' });
    await connected;
    // A read still under way when the session is replaced would learn of it first (401.1: the session-problem text).
    await lobbyReadsDone(firstPage);

    const secondPage = await second.newPage();
    await signIn(secondPage, { email: 'ada@demo.test' });

    const dialog = firstPage.getByRole('dialog', { name: 'Logged out' });
    await expect(dialog).toBeVisible();
    await expect(
      dialog.getByText('Did you switch devices? We noticed you logged in somewhere else.'),
    ).toBeVisible();
    await dialog.getByRole('button', { name: 'Back to login' }).click();
    await expect(firstPage).toHaveURL(/\/auth\/login\?event=DEMO$/);
    expect(await firstPage.evaluate(() => window.localStorage.getItem('currentUser'))).toBeNull();

    // The second browser keeps its session.
    await secondPage.reload();
    await expect(secondPage).toHaveURL(/\/lobby$/);
  } finally {
    await first.close();
    await second.close();
  }
});
