import { afterEach, describe, expect, it, vi } from 'vitest';
import { STORAGE_KEYS } from '@showfloor/contracts';
import { act, screen, within } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { prefs } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { Route, Routes } from 'react-router-dom';
import LoginPage from '../routes/login-page.tsx';
import { AuthLayout } from './auth-layout.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => testI18n.changeLanguage('en'));
});

describe('auth layout', () => {
  it("shows the event's poster through the gateway and the footer links with the event", async () => {
    mockTrpc({ 'event.getPreferences': () => prefs({ help_desk_email: 'desk@demo.test' }) });
    renderWithProviders(<AuthLayout />, { route: '/auth/reset-password-success?event=DEMO' });
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

  it('shows the whole poster at its own aspect ratio, top-aligned, without stretching the card', () => {
    mockTrpc({ 'event.getPreferences': () => [] });
    renderWithProviders(<AuthLayout />, { route: '/auth/login?event=DEMO' });
    const poster = screen.getByRole('img', { name: 'Poster of the event DEMO' });
    expect(poster.style.getPropertyValue('--image-object-fit')).toBe('contain');
    expect(poster.style.height).toBe('auto');
    expect(poster.style.objectPosition).toBe('top center');
    const column = poster.parentElement as HTMLElement;
    expect(column).toHaveClass('mantine-visible-from-xs');
    expect(column.style.alignSelf).toBe('flex-start');
    expect((column.parentElement as HTMLElement).style.alignItems).toBe('flex-start');
  });

  it('does not link to the page being shown', () => {
    mockTrpc({ 'event.getPreferences': () => [] });
    const login = renderWithProviders(<AuthLayout />, { route: '/auth/login?event=DEMO' });
    let footer = screen.getByRole('navigation', { name: 'Account links' });
    expect(within(footer).queryByRole('link', { name: 'Log in' })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Register' })).toBeInTheDocument();
    login.unmount();
    renderWithProviders(<AuthLayout />, { route: '/auth/registration?event=DEMO' });
    footer = screen.getByRole('navigation', { name: 'Account links' });
    expect(within(footer).queryByRole('link', { name: 'Register' })).not.toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Log in' })).toBeInTheDocument();
  });

  it("follows the login page's typed event code for the terms of use, as its welcome text does", async () => {
    mockTrpc({
      'event.getPreferences': () => [],
      'auth.providers': () => ({ providers: [], user_pass_login: true }),
      'event.getOpenHours': () => ({ event_open_hours: [] }),
    });
    const { user } = renderWithProviders(
      <Routes>
        <Route element={<AuthLayout />}>
          <Route path="auth/login" element={<LoginPage />} />
        </Route>
      </Routes>,
      { route: '/auth/login' },
    );
    const terms = screen.getByRole('link', { name: 'Terms of use' });
    expect(terms).toHaveAttribute('href', 'https://showfloor.example/terms');
    await user.type(screen.getByLabelText(/event code/i), 'VIP');
    expect(screen.getByText(/Welcome to our VIP event!/)).toBeInTheDocument();
    expect(terms).toHaveAttribute('href', 'https://showfloor.example/vip-terms');
    await user.clear(screen.getByLabelText(/event code/i));
    await user.type(screen.getByLabelText(/event code/i), 'DEMO');
    expect(screen.queryByText(/Welcome to our VIP event!/)).not.toBeInTheDocument();
    expect(terms).toHaveAttribute('href', 'https://showfloor.example/terms');
  });

  it('links the special event to its own terms of use', () => {
    mockTrpc({ 'event.getPreferences': () => [] });
    renderWithProviders(<AuthLayout />, { route: '/auth/login?event=VIP' });
    expect(screen.getByRole('link', { name: 'Terms of use' })).toHaveAttribute(
      'href',
      'https://showfloor.example/vip-terms',
    );
  });

  it('switches the language from a labelled switch and stores the choice like the settings page', async () => {
    mockTrpc({ 'event.getPreferences': () => [] });
    const { user } = renderWithProviders(<AuthLayout />, { route: '/auth/registration?event=DEMO' });
    const language = screen.getByRole('group', { name: 'Language' });
    const english = within(language).getByRole('button', { name: 'English' });
    const german = within(language).getByRole('button', { name: 'Deutsch' });
    expect(english).toHaveAttribute('aria-pressed', 'true');
    expect(german).toHaveAttribute('aria-pressed', 'false');
    await user.click(german);
    expect(await screen.findByRole('group', { name: 'Sprache' })).toBeInTheDocument();
    expect(german).toHaveAttribute('aria-pressed', 'true');
    expect(window.localStorage.getItem(STORAGE_KEYS.LANGUAGE)).toBe('de');
    expect(screen.getByRole('navigation', { name: 'Konto-Links' })).toBeInTheDocument();
    await user.click(english);
    expect(await screen.findByRole('group', { name: 'Language' })).toBeInTheDocument();
    expect(window.localStorage.getItem(STORAGE_KEYS.LANGUAGE)).toBe('en');
  });
});
