import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { render } from '@testing-library/react';
import { chatToast, toast, topLeftNotice } from '../../lib/ui/notify.ts';
import { createAppTrpcClient, trpc } from '../../lib/api/trpc.ts';
import { testI18n } from '../../testing/i18n.ts';
import { createTestQueryClient } from '../../testing/render.tsx';
import { mockTrpc } from '../../testing/trpc-mock.ts';
import { RootLayout } from './root-layout.tsx';

afterEach(() => vi.unstubAllGlobals());

function renderRoot() {
  mockTrpc({ 'event.getPreferences': () => [] });
  const queryClient = createTestQueryClient();
  render(
    <I18nextProvider i18n={testI18n}>
      <trpc.Provider client={createAppTrpcClient('http://gateway.test/trpc')} queryClient={queryClient}>
        <QueryClientProvider client={queryClient}>
          <MemoryRouter>
            <Routes>
              <Route element={<RootLayout />}>
                <Route path="/" element={<p>page</p>} />
              </Route>
            </Routes>
          </MemoryRouter>
        </QueryClientProvider>
      </trpc.Provider>
    </I18nextProvider>,
  );
}

describe('root layout notifications', () => {
  it('mounts the notification areas with the first notification and shows it where the spec says', async () => {
    renderRoot();
    expect(await screen.findByText('page')).toBeInTheDocument();
    act(() => {
      toast({ title: 'Saved', message: 'All good', tone: 'success' });
      topLeftNotice({
        title: 'Access Denied',
        message: 'You are not allowed to access this room.',
        tone: 'error',
      });
      chatToast({ title: 'Grace', message: 'Hello!' });
    });
    expect(await screen.findByText('All good')).toBeInTheDocument();
    expect(screen.getByText('You are not allowed to access this room.')).toBeInTheDocument();
    expect(screen.getByText('Hello!')).toBeInTheDocument();
    const position = (text: string) =>
      screen.getByText(text).closest('[data-position]')?.getAttribute('data-position');
    expect(position('All good')).toBe('top-right');
    expect(position('You are not allowed to access this room.')).toBe('top-left');
    expect(position('Hello!')).toBe('bottom-left');
  });
});
