import { afterEach, describe, expect, it } from 'vitest';
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RoomContentItem } from '@showfloor/contracts';
import { makeContentItem } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { ContentPopup } from './content-popup.tsx';

const WELCOME = makeContentItem({
  id: 2,
  attributes: {
    enablePopup: true,
    html: '<h2>Welcome to the Expo</h2>',
    html_de: '<h2>Willkommen auf der Expo</h2>',
  },
});

function open(item: RoomContentItem) {
  mockTrpc({});
  renderWithProviders(
    <ContentPopup item={item} roomId={1} onClose={() => undefined} onAchievement={() => undefined} />,
  );
}

afterEach(async () => {
  await testI18n.changeLanguage('en');
});

describe('ContentPopup languages', () => {
  it("shows the organiser's Deutsch text while the UI is Deutsch, else the item's text", async () => {
    open(WELCOME);
    expect(await screen.findByRole('heading', { name: 'Welcome to the Expo' })).toBeInTheDocument();
    await act(() => testI18n.changeLanguage('de'));
    expect(await screen.findByRole('heading', { name: 'Willkommen auf der Expo' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Welcome to the Expo' })).not.toBeInTheDocument();
  });

  it('shows the only text in both languages when the item has no Deutsch one', async () => {
    await act(() => testI18n.changeLanguage('de'));
    open({ ...WELCOME, attributes: { enablePopup: true, html: '<h2>Welcome to the Expo</h2>' } });
    expect(await screen.findByRole('heading', { name: 'Welcome to the Expo' })).toBeInTheDocument();
  });
});

describe('ContentPopup as a corner card (the popup that opens by itself)', () => {
  function openCard(onClose: () => void) {
    mockTrpc({});
    renderWithProviders(
      <ContentPopup item={WELCOME} roomId={1} onClose={onClose} onAchievement={() => undefined} asCard />,
    );
  }

  for (const [language, title] of [
    ['en', 'Information'],
    ['de', 'Information'],
  ] as const) {
    it(`is a labelled non-modal dialog, reached by Tab, that closes on Escape (${language})`, async () => {
      await act(() => testI18n.changeLanguage(language));
      const closed: string[] = [];
      openCard(() => closed.push('closed'));
      const card = await screen.findByRole('dialog', { name: title });
      expect(card).toHaveAttribute('aria-modal', 'false');
      expect(card).not.toHaveFocus();
      await userEvent.tab();
      expect(card).toContainElement(document.activeElement as HTMLElement);
      await userEvent.keyboard('{Escape}');
      expect(closed).toEqual(['closed']);
    });
  }

  it('leaves the focus where the visitor is when it opens', async () => {
    const field = document.createElement('input');
    document.body.append(field);
    field.focus();
    openCard(() => undefined);
    await screen.findByRole('dialog', { name: 'Information' });
    expect(field).toHaveFocus();
    field.remove();
  });
});
