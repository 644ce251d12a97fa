import { expect, fillLogin, signIn, storage, test } from '../fixtures/stack.ts';

test.describe('signing in', () => {
  test('ada@demo.test on DEMO lands on /lobby with her session stored encrypted', async ({ page }) => {
    await signIn(page, { email: 'ada@demo.test' });
    // The lobby room (its own origin, in a frame) greets her.
    await expect(page.frameLocator('iframe').getByText('Welcome, Ada!')).toBeVisible();
    const stored = await storage(page);
    expect(stored.currentUser).toMatch(/^v1\./);
    expect(stored.currentUser).not.toContain('ada@demo.test');
    expect(stored).toMatchObject({
      eventCode: 'DEMO',
      activeUserStatus: 'available',
      enableRoomChatFeed: 'true',
    });
  });

  test('a deep link opened while signed out returns there after sign-in', async ({ page }) => {
    await page.goto('/settings');
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.getByLabel(/^Event code/).fill('DEMO');
    await fillLogin(page, { email: 'grace@demo.test' });
    await expect(page).toHaveURL(/\/settings$/);
    // A menu page opens in the side menu's drawer over the lobby.
    await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Lobby', level: 1 })).toBeAttached();
  });

  test("a wrong password shows the server's message", async ({ page }) => {
    await page.goto('/auth/login?event=DEMO');
    await fillLogin(page, { email: 'grace@demo.test', password: 'not-the-password' });
    await expect(page.getByText('Wrong email or password.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth\/login\?event=DEMO$/);
  });
});
