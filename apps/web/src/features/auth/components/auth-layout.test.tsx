import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { prefs } from '../../../testing/fixtures.ts';
import { AuthLayout } from './auth-layout.tsx';

afterEach(() => vi.unstubAllGlobals());

describe('auth layout', () => {
  it("shows the event's poster through the gateway and the footer links with the event", async () => {
    mockTrpc({ 'event.getPreferences': () => prefs({ help_desk_email: 'desk@demo.test' }) });
    renderWithProviders(<AuthLayout />, { route: '/auth/login?event=DEMO' });
    expect(screen.getByRole('img', { name: 'Poster of the event DEMO' })).toHaveAttribute(
      'src',
      '/api/v1/content/poster?event_code=DEMO',
    );
    const footer = screen.getByRole('navigation', { name: 'Account links' });
    expect(within(footer).getByRole('link', { name: 'Register' })).toHaveAttribute(
      'href',
      '/auth/registration?event=DEMO',
    );
    expect(within(footer).getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '/auth/login?event=DEMO',
    );
    expect(within(footer).getByRole('link', { name: 'Forgot password?' })).toHaveAttribute(
      'href',
      '/auth/forgot-password?event=DEMO',
    );
    expect(within(footer).getByRole('link', { name: 'Terms of use' })).toHaveAttribute('target', '_blank');
    expect(within(footer).getByRole('link', { name: 'Privacy policy' })).toHaveAttribute('target', '_blank');
    const helpdesk = within(footer).getByRole('link', { name: 'Helpdesk' });
    await vi.waitFor(() => expect(helpdesk).toHaveAttribute('href', 'mailto:desk@demo.test'));
  });

  it('links the special event to its own terms of use', () => {
    mockTrpc({ 'event.getPreferences': () => [] });
    renderWithProviders(<AuthLayout />, { route: '/auth/login?event=VIP' });
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      'https://showfloor.example/vip-terms',
    );
  });
});
