import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { browser } from '../../lib/browser.ts';
import { testI18n } from '../../testing/i18n.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { ErrorPage } from './error-page.tsx';
import { FatalError } from './fatal-error.tsx';

afterEach(async () => {
  vi.restoreAllMocks();
  await testI18n.changeLanguage('en');
});

describe('error pages', () => {
  it("shows 'Page not found!' with the helpdesk link and closes to /lobby", async () => {
    const { user, location } = renderWithProviders(<ErrorPage helpdeskEmail="help@demo.test" />, {
      route: '/no/such/page',
      routes: { '/lobby': <p>lobby</p> },
    });
    expect(screen.getByRole('heading', { name: 'Page not found!' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'help@demo.test' })).toHaveAttribute(
      'href',
      'mailto:help@demo.test',
    );
    const close = screen.getByRole('button', { name: 'Close and go to the lobby' });
    expect(close).toHaveTextContent(/^Close$/);
    await user.click(close);
    expect(location().pathname).toBe('/lobby');
  });

  it('names the close button by where it goes, starting with its visible word, in Deutsch too', async () => {
    await testI18n.changeLanguage('de');
    renderWithProviders(<ErrorPage helpdeskEmail="help@demo.test" />, { route: '/no/such/page' });
    const close = screen.getByRole('button', { name: 'Schließen und zur Lobby gehen' });
    expect(close).toHaveTextContent(/^Schließen$/);
  });

  it('offers only a reload on the fatal screen', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<FatalError />);
    expect(screen.getByText('A fatal error happened. You can only try ro reload.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
