// The passport and the goodies store against the real stack (spec 02 §4.9): a badge collected in a room reaching
// the open passport live, the coins a visitor has, a purchase she can afford (the balance drops), the exact text
// for one she cannot, and two purchases sent at once that spend the coins once.
import {
  apiSignIn,
  callTrpc,
  expect,
  expectAccessible,
  openMenuPage,
  signIn,
  socketConnected,
  test,
  switchLanguage,
} from '../fixtures/stack.ts';

test('a badge ada collects in the Kernel Booth shows in her passport in another tab at once, coins and all', async ({
  page,
  context,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openMenuPage(page, /Open the menu/, 'Passport');
  await expect(page.getByText('2 of 4 badges complete')).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveText('80 coins');
  // The achievement's result comes with the event: the open passport is not read again.
  const passportReads: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('event.getPassport')) passportReads.push(request.url());
  });

  const booth = await context.newPage();
  const connected = socketConnected(booth);
  await booth.goto('/room/8');
  await connected;
  await booth.frameLocator('iframe').getByRole('button', { name: 'Collect the booth badge' }).click();

  await expect(page.getByText('3 of 4 badges complete')).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveText('100 coins');
  const notice = page.locator('.mantine-Notification-root').filter({ hasText: 'Badge completed' });
  await expect(notice).toContainText('Explorer: +20 coins');
  expect(passportReads).toEqual([]);
  // The provider keeps what the passport shows.
  const ada = await apiSignIn('ada@demo.test');
  const stored = await callTrpc<{ coin_balance: number }>('event.getPassport', undefined, {
    token: ada.token,
  });
  expect(stored.data?.coin_balance).toBe(100);
});

test('ada buys a goodie she can afford and is refused one she cannot, with the exact text', async ({
  page,
}) => {
  await signIn(page, { email: 'ada@demo.test' });
  await openMenuPage(page, /Open the menu/, 'Passport');
  await expect(page.getByText('2 of 4 badges complete')).toBeVisible();
  await expect(page.getByTestId('coin-balance')).toHaveText('80 coins');

  await page.getByRole('button', { name: 'Redeem Coins' }).click();
  await expect(page.getByRole('dialog', { name: 'Goodies' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Enter Shipping Details' })).toHaveAttribute(
    'href',
    'https://shop.showfloor.example/demo/shipping',
  );
  const mug = page.getByRole('listitem').filter({ hasText: 'Showfloor Mug' });
  await expect(mug.locator('img')).toHaveAttribute('src', /^blob:/);
  await page.getByRole('button', { name: 'Buy Showfloor Mug' }).click();
  const confirm = page.getByRole('dialog', { name: 'Buy this goodie?' });
  await expect(confirm).toContainText('Buy Showfloor Mug for 60 coins?');
  await confirm.getByRole('button', { name: 'Buy now' }).click();
  const success = page.getByRole('dialog', { name: 'Purchase complete' });
  await expect(success).toContainText('You bought Showfloor Mug.');
  await expect(success).toContainText('20 coins left.');
  await success.getByRole('button', { name: 'Back to the goodies' }).click();
  await expect(page.getByTestId('coin-balance')).toHaveText('You have 20 coins');

  await page.getByRole('button', { name: 'Buy Showfloor Hoodie' }).click();
  const refusal = page.getByRole('dialog', { name: 'Purchase not possible' });
  await expect(refusal.getByRole('alert')).toHaveText(
    'Insufficient balance to buy Showfloor Hoodie. Please collect achievements to get more coins.',
  );
  await refusal.getByRole('button', { name: 'Back to the goodies' }).click();
  // The passport behind the store shows the balance the provider keeps.
  await page.getByRole('button', { name: 'Back to Passport' }).click();
  await expect(page.getByTestId('coin-balance')).toHaveText('20 coins');
});

test('two purchases sent at once spend the coins once', async ({ page }) => {
  const ada = await apiSignIn('ada@demo.test');
  const buy = () =>
    callTrpc<{ coin_balance: number }>(
      'event.purchase',
      { item_id: 1, coin_price: 60 },
      { token: ada.token, kind: 'mutation' },
    );
  const answers = await Promise.all([buy(), buy()]);
  expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
  expect(answers.find((a) => a.status === 400)?.message).toBe(
    'Insufficient balance to buy Showfloor Mug. Please collect achievements to get more coins.',
  );
  expect(answers.find((a) => a.status === 200)?.data?.coin_balance).toBe(20);
  const passport = await callTrpc<{ coin_balance: number }>('event.getPassport', undefined, {
    token: ada.token,
  });
  expect(passport.data?.coin_balance).toBe(20);

  await signIn(page, { email: 'ada@demo.test' });
  await openMenuPage(page, /Open the menu/, 'Passport');
  await expect(page.getByTestId('coin-balance')).toHaveText('20 coins');
});

test.describe('accessibility of the passport, the store and the wallet (axe)', () => {
  for (const language of ['en', 'de'] as const) {
    const texts =
      language === 'en'
        ? {
            menu: /Open the menu/,
            passport: 'Passport',
            redeem: 'Redeem Coins',
            buy: 'Buy Showfloor Hoodie',
            wallet: 'Token wallet',
            goodies: 'Goodies',
            copy: 'Copy the access code of Kernel Booth',
          }
        : {
            menu: /Menü öffnen/,
            passport: 'Pass',
            redeem: 'Münzen einlösen',
            buy: 'Showfloor Hoodie kaufen',
            wallet: 'Token-Wallet',
            goodies: 'Goodies',
            copy: 'Zugangscode von Kernel Booth kopieren',
          };

    test(`in ${language}`, async ({ page }) => {
      await signIn(page, { email: 'ada@demo.test' });
      await switchLanguage(page, language);
      await openMenuPage(page, texts.menu, texts.passport);
      await expect(page.getByTestId('coin-balance')).toBeVisible();
      await expectAccessible(page);
      await page.getByRole('button', { name: texts.redeem }).click();
      await expect(page.getByRole('dialog', { name: texts.goodies })).toBeVisible();
      await expect(page.locator('li img').first()).toHaveAttribute('src', /^blob:/);
      await expectAccessible(page);
      await page.getByRole('button', { name: texts.buy }).click();
      await expect(page.getByRole('alert')).toBeVisible();
      await expectAccessible(page);
      await page.keyboard.press('Escape');
      await page.goto('/token-wallet');
      await expect(page.getByRole('button', { name: texts.copy })).toBeVisible();
      await expectAccessible(page);
    });
  }
});
