import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { testI18n } from '../testing/i18n.ts';
import { DocumentTitle, titleKeyOf } from './document-title.tsx';
import { MENU_PAGES } from './menu-pages.ts';
import { routes } from './router.tsx';

function titleAt(path: string): string {
  render(
    <I18nextProvider i18n={testI18n}>
      <MemoryRouter initialEntries={[path]}>
        <DocumentTitle routes={routes} />
      </MemoryRouter>
    </I18nextProvider>,
  );
  return document.title;
}

describe('the document title', () => {
  it('names the page, then the app', () => {
    expect(titleAt('/auth/login?event=DEMO')).toBe('Log in · Showfloor');
    expect(titleAt('/info?event=CLOSED')).toBe('Information · Showfloor');
    expect(titleAt('/room/5')).toBe('Room · Showfloor');
    expect(titleAt('/settings')).toBe('Settings · Showfloor');
    expect(titleAt('/no/such/page')).toBe('Page not found! · Showfloor');
  });

  it('names every route that shows a page, and leaves redirects to the app name', () => {
    for (const entry of MENU_PAGES) expect(titleKeyOf(routes, entry.path)).toBe(entry.labelKey);
    for (const path of [
      '/auth/registration',
      '/auth/reset-password-success',
      '/auth/callback/oauth2/x',
      '/lobby',
    ])
      expect(titleKeyOf(routes, path)).toMatch(/:/);
    expect(titleKeyOf(routes, '/')).toBeUndefined();
    expect(titleKeyOf(routes, '/auth')).toBeUndefined();
  });
});
