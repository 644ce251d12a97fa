import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import type { Badge, Passport, StoreItem } from '@showfloor/contracts';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser, prefs } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, fileAnswer, fileFailure, mockTrpc, type Handler } from '../../../testing/trpc-mock.ts';
import PassportPage from './passport-page.tsx';

const badge = (id: number, title: string, complete: boolean, coins: number | null): Badge => ({
  id,
  title,
  description: `${title} badge description.`,
  badge_complete: complete,
  coin_value: coins,
});

const BADGES = [
  badge(1, 'Welcome', true, 50),
  badge(2, 'Networker', true, 30),
  badge(3, 'Explorer', false, 20),
  badge(4, 'Listener', false, null),
];
const passportOf = (over: Partial<Passport> = {}): Passport => ({
  badges: BADGES,
  coin_balance: 80,
  passport_claimed: false,
  ...over,
});
const ITEMS: StoreItem[] = [
  { id: 1, name: 'Showfloor Mug', description: 'A mug.', coin_price: 60, filename: 'item-mug.png' },
  { id: 3, name: 'Showfloor Hoodie', description: 'A hoodie.', coin_price: 150, filename: 'item-hoodie.png' },
];
const SHIPPING = 'https://shop.example/demo/shipping';

function gateway(
  store: string,
  passport: () => Passport,
  extra: Record<string, Handler> = {},
  files = (url: URL) =>
    url.pathname.endsWith('/content/files') ? fileAnswer('png', 'image/png') : undefined,
) {
  return mockTrpc(
    {
      'event.getPreferences': () =>
        prefs({ achievement_store: store, achievement_shipping_url: SHIPPING, passport_badges: 'yes' }),
      'event.getPassport': passport,
      'event.getStoreItems': () => ({ items: ITEMS }),
      ...extra,
    },
    files,
  );
}

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await testI18n.changeLanguage('en');
});

describe('passport main page', () => {
  it('lists each badge with its title, description, completion and coin value, and the balance with a store', async () => {
    gateway('yes', () => passportOf());
    renderWithProviders(<PassportPage />);
    const list = await screen.findByRole('list', { name: 'Badges' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(4);
    expect(items[0]).toHaveTextContent('Welcome');
    expect(items[0]).toHaveTextContent('Welcome badge description.');
    expect(items[0]).toHaveTextContent('Completed');
    expect(items[0]).toHaveTextContent('50 coins');
    expect(items[2]).toHaveTextContent('Not completed yet');
    expect(items[3]).not.toHaveTextContent(/coin/);
    expect(screen.getByText('2 of 4 badges complete')).toBeInTheDocument();
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('80 coins');
    expect(screen.getByRole('button', { name: 'Redeem Coins' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim your passport' })).toBeNull();
  });

  it('shows no balance when no badge has a coin value, even with a store', async () => {
    gateway('yes', () =>
      passportOf({ badges: BADGES.map((b) => ({ ...b, coin_value: null })), coin_balance: 0 }),
    );
    renderWithProviders(<PassportPage />);
    await screen.findByRole('list', { name: 'Badges' });
    expect(screen.queryByTestId('coin-balance')).toBeNull();
    expect(screen.getByRole('button', { name: 'Redeem Coins' })).toBeInTheDocument();
  });

  it('offers neither the store, the balance nor coin values when achievement_store is no', async () => {
    gateway('no', () => passportOf());
    renderWithProviders(<PassportPage />);
    const list = await screen.findByRole('list', { name: 'Badges' });
    expect(list).not.toHaveTextContent(/coin/);
    expect(screen.queryByTestId('coin-balance')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Redeem Coins' })).toBeNull();
    // Not every badge is complete: no claim yet.
    expect(screen.queryByRole('button', { name: 'Claim your passport' })).toBeNull();
  });

  it("says 'No achievements.' when the event has no badges", async () => {
    gateway('no', () => passportOf({ badges: [], coin_balance: 0 }));
    renderWithProviders(<PassportPage />);
    expect(await screen.findByText('No achievements.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim your passport' })).toBeNull();
  });

  it('claims a complete passport without a store and moves to the claimed page', async () => {
    const complete = BADGES.map((b) => ({ ...b, badge_complete: true }));
    let claimed = false;
    const fake = gateway('no', () => passportOf({ badges: complete, passport_claimed: claimed }), {
      'event.claimPassport': () => {
        claimed = true;
        return { passport_claimed: true, message: 'Passport claimed. Congratulations!' };
      },
    });
    const { user } = renderWithProviders(<PassportPage />);
    await user.click(await screen.findByRole('button', { name: 'Claim your passport' }));
    expect(await screen.findByRole('heading', { name: 'Achievements Completed' })).toBeInTheDocument();
    expect(fake.inputsOf('event.claimPassport')).toHaveLength(1);
    expect(screen.queryByRole('list', { name: 'Badges' })).toBeNull();
  });

  it("shows the claim's failure with the server's message", async () => {
    const complete = BADGES.map((b) => ({ ...b, badge_complete: true }));
    gateway('no', () => passportOf({ badges: complete }), {
      'event.claimPassport': () => fail({ message: 'Complete every badge before claiming the passport.' }),
    });
    const { user } = renderWithProviders(<PassportPage />);
    await user.click(await screen.findByRole('button', { name: 'Claim your passport' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Complete every badge before claiming the passport.',
    );
  });

  it('goes straight to the claimed page when the passport was claimed before', async () => {
    gateway('no', () => passportOf({ passport_claimed: true }));
    renderWithProviders(<PassportPage />);
    expect(await screen.findByRole('heading', { name: 'Achievements Completed' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Claim your passport' })).toBeNull();
  });

  it('shows the passport in Deutsch', async () => {
    await testI18n.changeLanguage('de');
    gateway('yes', () => passportOf());
    renderWithProviders(<PassportPage />);
    expect(await screen.findByText('2 von 4 Abzeichen erreicht')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Münzen einlösen' })).toBeInTheDocument();
    expect(screen.getByTestId('coin-balance')).toHaveTextContent('80 Münzen');
  });
});

describe('goodies store', () => {
  async function openStore() {
    const view = renderWithProviders(<PassportPage />);
    await view.user.click(await screen.findByRole('button', { name: 'Redeem Coins' }));
    await screen.findByRole('list', { name: 'Goodies' });
    return view;
  }

  it('lists the goodies with thumbnails through the file proxy and the shipping link', async () => {
    const fake = gateway('yes', () => passportOf());
    await openStore();
    const items = within(screen.getByRole('list', { name: 'Goodies' })).getAllByRole('listitem');
    expect(items.map((item) => within(item).getByRole('heading').textContent)).toEqual([
      'Showfloor Mug',
      'Showfloor Hoodie',
    ]);
    expect(items[0]).toHaveTextContent('60 coins');
    await waitFor(() =>
      expect(items[0]!.querySelector('img')).toHaveAttribute('src', expect.stringMatching(/^blob:/)),
    );
    const thumbnails = fake.fileRequests.map((url) => Object.fromEntries(url.searchParams));
    expect(thumbnails).toContainEqual({
      type: 'store_thumbnail',
      event_code: 'DEMO',
      filename: 'item-mug.png',
    });
    const shipping = screen.getByRole('link', { name: 'Enter Shipping Details' });
    expect(shipping).toHaveAttribute('href', SHIPPING);
    expect(shipping).toHaveAttribute('target', '_blank');
  });

  it("shows a thumbnail's failure with the server's message in red", async () => {
    gateway(
      'yes',
      () => passportOf(),
      {},
      () => fileFailure(404, 'File not found.'),
    );
    await openStore();
    const alerts = await screen.findAllByText('File not found.');
    expect(alerts).toHaveLength(2);
  });

  it("says 'Goodies list is empty.' without items", async () => {
    gateway('yes', () => passportOf(), { 'event.getStoreItems': () => ({ items: [] }) });
    const { user } = renderWithProviders(<PassportPage />);
    await user.click(await screen.findByRole('button', { name: 'Redeem Coins' }));
    expect(await screen.findByText('Goodies list is empty.')).toBeInTheDocument();
  });

  it('buys an affordable item after confirming, says so and reloads the passport', async () => {
    let balance = 80;
    const fake = gateway('yes', () => passportOf({ coin_balance: balance }), {
      'event.purchase': () => {
        balance = 20;
        return { message: 'You bought Showfloor Mug.', coin_balance: 20 };
      },
    });
    const { user } = await openStore();
    const passportReads = fake.inputsOf('event.getPassport').length;
    await user.click(screen.getByRole('button', { name: 'Buy Showfloor Mug' }));
    const confirm = await screen.findByRole('dialog', { name: 'Buy this goodie?' });
    expect(confirm).toHaveTextContent('Buy Showfloor Mug for 60 coins?');
    expect(fake.inputsOf('event.purchase')).toHaveLength(0);
    await user.click(within(confirm).getByRole('button', { name: 'Buy now' }));
    const success = await screen.findByRole('dialog', { name: 'Purchase complete' });
    expect(success).toHaveTextContent('You bought Showfloor Mug.');
    expect(success).toHaveTextContent('20 coins left.');
    expect(fake.inputsOf('event.purchase')).toEqual([{ item_id: 1, coin_price: 60 }]);
    await waitFor(() => expect(fake.inputsOf('event.getPassport').length).toBeGreaterThan(passportReads));
    await user.click(within(success).getByRole('button', { name: 'Back to the goodies' }));
    await waitFor(() => expect(screen.getByTestId('coin-balance')).toHaveTextContent('You have 20 coins'));
  });

  it('opens the error dialog with the exact text when the balance is too low, without buying', async () => {
    const fake = gateway('yes', () => passportOf(), {
      'event.purchase': () => ({ message: 'x', coin_balance: 0 }),
    });
    const { user } = await openStore();
    await user.click(screen.getByRole('button', { name: 'Buy Showfloor Hoodie' }));
    const dialog = await screen.findByRole('dialog', { name: 'Purchase not possible' });
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      'Insufficient balance to buy Showfloor Hoodie. Please collect achievements to get more coins.',
    );
    expect(fake.inputsOf('event.purchase')).toHaveLength(0);
  });

  it("shows the server's message when the purchase fails, and the exact text when coins ran out meanwhile", async () => {
    let answer = fail({ message: 'The goodies store is closed.', code: 'FORBIDDEN', httpStatus: 403 });
    gateway('yes', () => passportOf(), { 'event.purchase': () => answer });
    const { user } = await openStore();
    await user.click(screen.getByRole('button', { name: 'Buy Showfloor Mug' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The goodies store is closed.');
    await user.click(screen.getByRole('button', { name: 'Back to the goodies' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    answer = fail({
      message: 'Insufficient balance to buy Showfloor Mug. Please collect achievements to get more coins.',
    });
    await user.click(screen.getByRole('button', { name: 'Buy Showfloor Mug' }));
    await user.click(await screen.findByRole('button', { name: 'Buy now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Insufficient balance to buy Showfloor Mug. Please collect achievements to get more coins.',
    );
  });

  it('says the insufficient balance in Deutsch', async () => {
    await testI18n.changeLanguage('de');
    gateway('yes', () => passportOf());
    const { user } = renderWithProviders(<PassportPage />);
    await user.click(await screen.findByRole('button', { name: 'Münzen einlösen' }));
    await user.click(await screen.findByRole('button', { name: 'Showfloor Hoodie kaufen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Ihr Guthaben reicht nicht, um Showfloor Hoodie zu kaufen.',
    );
  });
});
