import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { browser } from '../../lib/browser.ts';
import { renderWithProviders } from '../../testing/render.tsx';
import { ErrorPage } from './error-page.tsx';
import { FatalError } from './fatal-error.tsx';

afterEach(() => vi.restoreAllMocks());

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
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(location().pathname).toBe('/lobby');
  });

  it('offers only a reload on the fatal screen', async () => {
    const reload = vi.spyOn(browser, 'reload').mockImplementation(() => undefined);
    const { user } = renderWithProviders(<FatalError />);
    expect(screen.getByText('A fatal error happened. You can only try ro reload.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledOnce();
  });
});
