// Renders a component the way the app does: Mantine (env="test": no transitions), TanStack Query without retries,
// tRPC and the public reads (lib/api/gateway-reads.ts) against a fake fetch, i18n and a MemoryRouter.
import { useEffect, useState, type ReactElement, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes, useLocation, type InitialEntry, type Location } from 'react-router-dom';
import { render, type RenderResult } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { GatewayReads, GatewayReadsContext } from '../lib/api/gateway-reads.ts';
import { createQueryClient } from '../lib/api/query-client.ts';
import { createAppTrpcClient, trpc } from '../lib/api/trpc.ts';
import { testI18n } from './i18n.ts';

export interface RenderOptions {
  /** Where the MemoryRouter starts. @default '/' */
  route?: InitialEntry;
  /** Route path pattern the element is mounted at (for useParams). @default '*' */
  path?: string;
  /** Other routes to mount beside it, e.g. the pages a redirect lands on. */
  routes?: Record<string, ReactNode>;
  queryClient?: QueryClient;
}

export interface AppRenderResult extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The MemoryRouter's current location. */
  location: () => { pathname: string; search: string; state: unknown };
}

/** Reports every location the MemoryRouter shows. */
function LocationProbe({ onLocation }: { onLocation: (location: Location) => void }) {
  const location = useLocation();
  useEffect(() => onLocation(location), [location, onLocation]);
  return null;
}

export function createTestQueryClient(): QueryClient {
  return createQueryClient({ onInvalidToken: () => undefined, retry: false });
}

export function TestProviders({ children, queryClient }: { children: ReactNode; queryClient: QueryClient }) {
  const client = createAppTrpcClient('http://gateway.test/trpc');
  // The public reads' cache (lib/api/gateway-reads.ts), fresh for each rendering like the query client.
  const [reads] = useState(() => new GatewayReads({ retry: false }));
  return (
    <I18nextProvider i18n={testI18n}>
      <GatewayReadsContext value={reads}>
        <trpc.Provider client={client} queryClient={queryClient}>
          <QueryClientProvider client={queryClient}>
            <MantineProvider env="test">
              <Notifications />
              {children}
            </MantineProvider>
          </QueryClientProvider>
        </trpc.Provider>
      </GatewayReadsContext>
    </I18nextProvider>
  );
}

export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}): AppRenderResult {
  const queryClient = options.queryClient ?? createTestQueryClient();
  const current = { pathname: '', search: '', state: undefined as unknown };
  const record = (location: { pathname: string; search: string; state: unknown }) => {
    current.pathname = location.pathname;
    current.search = location.search;
    current.state = location.state;
  };
  const user = userEvent.setup();
  const result = render(
    <TestProviders queryClient={queryClient}>
      <MemoryRouter initialEntries={[options.route ?? '/']}>
        <LocationProbe onLocation={record} />
        <Routes>
          <Route path={options.path ?? '*'} element={ui} />
          {Object.entries(options.routes ?? {}).map(([path, element]) => (
            <Route key={path} path={path} element={element} />
          ))}
        </Routes>
      </MemoryRouter>
    </TestProviders>,
  );
  return { ...result, user, queryClient, location: () => ({ ...current }) };
}
