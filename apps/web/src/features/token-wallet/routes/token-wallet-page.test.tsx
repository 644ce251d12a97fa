import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { clearSession, startSession } from '../../../lib/session/session.ts';
import { makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { fail, mockTrpc } from '../../../testing/trpc-mock.ts';
import TokenWalletPage from './token-wallet-page.tsx';

const TOKENS = [
  { token_id: 'tok-1001', hotspot_label: 'Kernel Booth', access_code: 'BOOTH-A-7731' },
  { token_id: 'tok-1002', hotspot_label: 'Talk Stage', access_code: 'STAGE-4410' },
];

beforeEach(async () => {
  await startSession(makeUser());
});

afterEach(async () => {
  vi.unstubAllGlobals();
  clearSession();
  await testI18n.changeLanguage('en');
});

describe('token wallet', () => {
  it('lists each token with its hotspot and access code, and copies the code', async () => {
    mockTrpc({ 'user.getWallet': () => ({ tokens: TOKENS }) });
    const { user } = renderWithProviders(<TokenWalletPage />);
    const list = await screen.findByRole('list', { name: 'Tokens' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).toHaveTextContent('Kernel Booth');
    expect(rows[0]).toHaveTextContent('Access code: BOOTH-A-7731');
    expect(rows[1]).toHaveTextContent('STAGE-4410');
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await user.click(screen.getByRole('button', { name: 'Copy the access code of Talk Stage' }));
    expect(writeText).toHaveBeenCalledWith('STAGE-4410');
    expect(
      await screen.findByRole('button', { name: 'Access code of Talk Stage copied' }),
    ).toBeInTheDocument();
  });

  it('says the wallet is empty, in Deutsch too', async () => {
    mockTrpc({ 'user.getWallet': () => ({ tokens: [] }) });
    renderWithProviders(<TokenWalletPage />);
    expect(
      await screen.findByText('Your wallet is empty. Collect tokens at the hotspots of the event.'),
    ).toBeInTheDocument();
    await testI18n.changeLanguage('de');
    expect(
      await screen.findByText('Ihre Wallet ist leer. Sammeln Sie Tokens an den Hotspots der Veranstaltung.'),
    ).toBeInTheDocument();
  });

  it("shows the server's message when the wallet cannot be read", async () => {
    mockTrpc({ 'user.getWallet': () => fail({ message: 'The event service is unavailable.' }) });
    renderWithProviders(<TokenWalletPage />);
    expect(await screen.findByRole('alert')).toHaveTextContent('The event service is unavailable.');
  });
});
