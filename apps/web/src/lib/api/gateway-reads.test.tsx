import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen, waitFor } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { makeUser } from '../../testing/fixtures.ts';
import { fail, mockTrpc } from '../../testing/trpc-mock.ts';
import { clearSession, startSession } from '../session/session.ts';
import { parseAppError } from './app-error.ts';
import { callGateway } from './gateway-call.ts';
import { GatewayReads, GatewayReadsContext, useGatewayMutation, useGatewayRead } from './gateway-reads.ts';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  clearSession();
});

const HOURS = { id: 'DEMO' } as const;

function Hours({ label, staleTime }: { label: string; staleTime?: number }) {
  const read = useGatewayRead('event.getOpenHours', HOURS, staleTime === undefined ? {} : { staleTime });
  const windows = read.data?.event_open_hours.length;
  return <p>{`${label}: ${read.isSuccess ? `${windows} windows` : read.isError ? 'failed' : 'loading'}`}</p>;
}

function withReads(reads: GatewayReads, children: ReactNode) {
  return <GatewayReadsContext value={reads}>{children}</GatewayReadsContext>;
}

describe('callGateway', () => {
  it("speaks the tRPC client's wire format: a batch of one, GET for a query, POST for a mutation, the bearer", async () => {
    await startSession(makeUser({ jwt_token: 'jwt-1' }));
    const gateway = mockTrpc({
      'event.getOpenHours': () => ({ event_open_hours: [] }),
      'auth.signin': () => fail({ message: 'Wrong password.', httpStatus: 401, error_code: '401.3' }),
    });
    await expect(callGateway('query', 'event.getOpenHours', HOURS, '/trpc')).resolves.toEqual({
      event_open_hours: [],
    });
    const failure: unknown = await callGateway(
      'mutation',
      'auth.signin',
      { email: 'a@b.c', password: 'x', event_code: 'DEMO', frontend: 'web' } as never,
      '/trpc',
    ).catch((error: unknown) => error);
    expect(gateway.calls).toEqual([
      { path: 'event.getOpenHours', input: HOURS },
      { path: 'auth.signin', input: expect.objectContaining({ email: 'a@b.c' }) },
    ]);
    const [[getUrl, getInit], [postUrl, postInit]] = vi.mocked(fetch).mock.calls as unknown as [
      [string, RequestInit],
      [string, RequestInit],
    ];
    expect(getUrl).toBe(
      `/trpc/event.getOpenHours?batch=1&input=${encodeURIComponent('{"0":{"id":"DEMO"}}')}`,
    );
    expect(getInit).toMatchObject({ method: 'GET', headers: { authorization: 'Bearer jwt-1' } });
    expect(postUrl).toBe('/trpc/auth.signin?batch=1');
    expect(postInit).toMatchObject({ method: 'POST', headers: { 'content-type': 'application/json' } });
    // The failure reads like the tRPC client's: the server's message, its status and error code.
    expect(parseAppError(failure)).toEqual({
      message: 'Wrong password.',
      fromServer: true,
      errorCode: '401.3',
      httpStatus: 401,
    });
  });

  it('fails like a network failure on an answer that is not JSON', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('<html>Bad gateway</html>', { status: 502 })),
    );
    const failure = await callGateway('query', 'event.getOpenHours', HOURS).catch((error: unknown) => error);
    expect(parseAppError(failure).fromServer).toBe(false);
  });
});

describe('useGatewayRead', () => {
  it('asks once for every component that reads the same thing, and again only once it is stale', async () => {
    const gateway = mockTrpc({ 'event.getOpenHours': () => ({ event_open_hours: [] }) });
    const reads = new GatewayReads({ retry: false });
    // The clock stands still until the test moves it: on a loaded machine more than the second of staleTime can
    // pass in real time between the first answer and the next mount (a CI run saw a second call there).
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now').mockReturnValue(start);
    function Page() {
      const [isSecondShown, setSecondShown] = useState(false);
      return (
        <>
          <Hours label="first" staleTime={1_000} />
          <Hours label="second" staleTime={1_000} />
          <button type="button" onClick={() => setSecondShown((shown) => !shown)}>
            toggle
          </button>
          {isSecondShown ? <Hours label="later" staleTime={1_000} /> : null}
        </>
      );
    }
    render(withReads(reads, <Page />));
    expect(await screen.findByText('first: 0 windows')).toBeInTheDocument();
    expect(screen.getByText('second: 0 windows')).toBeInTheDocument();
    expect(gateway.inputsOf('event.getOpenHours')).toEqual([HOURS]);

    // Fresh: a component mounting now shows the cached answer without asking.
    act(() => screen.getByRole('button').click());
    expect(screen.getByText('later: 0 windows')).toBeInTheDocument();
    expect(gateway.calls).toHaveLength(1);

    // Stale: the next mount asks again and shows the cached answer meanwhile.
    act(() => screen.getByRole('button').click());
    clock.mockReturnValue(start + 1_500);
    act(() => screen.getByRole('button').click());
    expect(screen.getByText('later: 0 windows')).toBeInTheDocument();
    await waitFor(() => expect(gateway.calls).toHaveLength(2));
  });

  it('counts as loading from the first render of an enabled read, as TanStack Query does', async () => {
    mockTrpc({ 'event.getOpenHours': () => ({ event_open_hours: [] }) });
    const seen: string[] = [];
    function Probe({ enabled }: { enabled: boolean }) {
      const read = useGatewayRead('event.getOpenHours', HOURS, { enabled });
      seen.push(`${enabled ? 'on' : 'off'}:${read.isLoading ? 'loading' : read.isSuccess ? 'done' : 'idle'}`);
      return null;
    }
    const reads = new GatewayReads({ retry: false });
    render(withReads(reads, <Probe enabled={false} />));
    expect(seen).toEqual(['off:idle']);
    seen.length = 0;
    render(withReads(reads, <Probe enabled />));
    expect(seen[0]).toBe('on:loading');
    await waitFor(() => expect(seen.at(-1)).toBe('on:done'));
  });

  it('shows a failure, asks again once after 1 s when the app retries, and never for an error code', async () => {
    let answers = 0;
    mockTrpc({
      'event.getOpenHours': () => {
        answers += 1;
        return answers === 1 ? fail({ message: 'Busy.', httpStatus: 503 }) : { event_open_hours: [] };
      },
    });
    render(withReads(new GatewayReads(), <Hours label="retried" />));
    expect(await screen.findByText('retried: 0 windows', {}, { timeout: 3_000 })).toBeInTheDocument();
    expect(answers).toBe(2);

    const coded = mockTrpc({
      'event.getOpenHours': () => fail({ message: 'Nope.', httpStatus: 401, error_code: '401.1' }),
    });
    render(withReads(new GatewayReads(), <Hours label="coded" />));
    expect(await screen.findByText('coded: failed')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect(coded.calls).toHaveLength(1);
  });
});

describe('useGatewayMutation', () => {
  it('is pending while the call runs and hands back its answer', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const reads = new GatewayReads({
      call: async (_kind, path) => {
        await gate;
        return { path };
      },
    });
    const seen: unknown[] = [];
    function Form() {
      const signIn = useGatewayMutation('auth.signin');
      return (
        <button
          type="button"
          onClick={() => void signIn.mutateAsync({} as never).then((answer) => seen.push(answer))}
        >
          {signIn.isPending ? 'pending' : 'idle'}
        </button>
      );
    }
    render(withReads(reads, <Form />));
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('pending');
    await act(async () => {
      release();
      await gate;
    });
    await waitFor(() => expect(screen.getByRole('button')).toHaveTextContent('idle'));
    expect(seen).toEqual([{ path: 'auth.signin' }]);
  });
});

describe('GatewayReads.refresh (after a socket reconnect)', () => {
  it('asks again a fresh read a component shows, and makes one nobody shows stale', async () => {
    const answers = new Map<string, number>();
    const call = vi.fn(async (_kind: string, path: string) => {
      answers.set(path, (answers.get(path) ?? 0) + 1);
      return { event_open_hours: [] };
    });
    const reads = new GatewayReads({ call, retry: false });
    // A read nobody shows any more, fresh for an hour.
    reads.ensure('event.getPreferences', { id: 'DEMO' }, 'prefs', 3_600_000, false);
    render(withReads(reads, <Hours label="Hours" staleTime={3_600_000} />));
    expect(await screen.findByText('Hours: 0 windows')).toBeInTheDocument();
    await waitFor(() => expect(reads.state('prefs').status).toBe('success'));
    expect(call).toHaveBeenCalledTimes(2);

    act(() => reads.refresh());
    await waitFor(() => expect(answers.get('event.getOpenHours')).toBe(2));
    await waitFor(() =>
      expect(reads.state(`event.getOpenHours:${JSON.stringify(HOURS)}`).isFetching).toBe(false),
    );
    // Not asked by the refresh (nobody shows it), but stale: the next component that wants it asks.
    expect(answers.get('event.getPreferences')).toBe(1);
    reads.ensure('event.getPreferences', { id: 'DEMO' }, 'prefs', 3_600_000, false);
    await waitFor(() => expect(answers.get('event.getPreferences')).toBe(2));
  });
});
