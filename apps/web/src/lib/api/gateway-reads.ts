// The public reads every page needs before sign-in (the event's preferences and open hours, its sign-in ways) and
// the signed-out pages' calls, without TanStack Query (issue 17: the login route's weight). A read is cached by
// procedure and input for the tab, asked once however many components want it, asked again when a component
// mounts after its `staleTime`, and kept while it is asked again; the signed-in pages share the same cache
// through the same hooks (src/hooks), so sign-in asks nothing twice. Everything else lives in TanStack Query.
import { createContext, useCallback, useContext, useEffect, useState, useSyncExternalStore } from 'react';
import {
  callGateway,
  type ProcedureInput,
  type ProcedureKind,
  type ProcedureOutput,
  type ProcedurePath,
} from './gateway-call.ts';
import { READ_RETRY_DELAY_MS, READ_STALE_TIME_MS, shouldRetryRead } from './read-policy.ts';

export interface ReadState<T> {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'error' | 'success';
  isFetching: boolean;
  /** When the data last arrived (ms since epoch; 0 before). */
  updatedAt: number;
}

interface Entry {
  state: ReadState<unknown>;
  listeners: Set<() => void>;
  inFlight: Promise<void> | undefined;
  /** What the last `ensure` asked, to ask it again on `refresh`. */
  request?: { path: ProcedurePath; input: unknown; retry: boolean } | undefined;
}

type Caller = (kind: ProcedureKind, path: ProcedurePath, input: unknown) => Promise<unknown>;

export interface GatewayReadsOptions {
  /** How a call reaches the gateway. @default callGateway to env.trpcUrl */
  call?: Caller;
  /**
   * A failed read is asked again as `shouldRetryRead` says, after `READ_RETRY_DELAY_MS` (read-policy.ts, the
   * rule TanStack Query follows too); tests turn it off. @default true
   */
  retry?: boolean;
}

const IDLE: ReadState<never> = {
  data: undefined,
  error: null,
  status: 'pending',
  isFetching: false,
  updatedAt: 0,
};

/** The tab's cache of public reads. */
export class GatewayReads {
  readonly #entries = new Map<string, Entry>();
  readonly #call: Caller;
  readonly #retry: boolean;

  constructor({ call, retry = true }: GatewayReadsOptions = {}) {
    this.#call = call ?? ((kind, path, input) => callGateway(kind, path, input as never));
    this.#retry = retry;
  }

  #entry(key: string): Entry {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = { state: IDLE, listeners: new Set(), inFlight: undefined };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #set(entry: Entry, patch: Partial<ReadState<unknown>>): void {
    entry.state = { ...entry.state, ...patch };
    for (const listener of entry.listeners) listener();
  }

  subscribe(key: string, listener: () => void): () => void {
    const entry = this.#entry(key);
    entry.listeners.add(listener);
    return () => entry.listeners.delete(listener);
  }

  state(key: string): ReadState<unknown> {
    return this.#entries.get(key)?.state ?? IDLE;
  }

  /** Asks the gateway unless the entry is being asked or is fresh (younger than `staleTime`). */
  ensure(path: ProcedurePath, input: unknown, key: string, staleTime: number, retry: boolean): void {
    const entry = this.#entry(key);
    entry.request = { path, input, retry };
    if (entry.inFlight) return;
    const { status, updatedAt } = entry.state;
    if (status === 'success' && Date.now() - updatedAt < staleTime) return;
    this.#set(entry, { isFetching: true });
    const attempt = async (count: number): Promise<unknown> => {
      try {
        return await this.#call('query', path, input);
      } catch (error) {
        if (!retry || !this.#retry || !shouldRetryRead(count, error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, READ_RETRY_DELAY_MS));
        return attempt(count + 1);
      }
    };
    entry.inFlight = attempt(0).then(
      (data) =>
        this.#set(entry, { data, error: null, status: 'success', isFetching: false, updatedAt: Date.now() }),
      (error: unknown) => this.#set(entry, { error, status: 'error', isFetching: false }),
    );
    void entry.inFlight.finally(() => {
      entry.inFlight = undefined;
    });
  }

  /**
   * As a reload would read them (after a socket reconnect, lib/api/use-refetch-after-reconnect.ts): every read a
   * component listens to now is asked again, fresh or not (one under way is kept); the others count as stale, so
   * the next component that wants one asks it.
   */
  refresh(): void {
    for (const [key, entry] of this.#entries) {
      entry.state = { ...entry.state, updatedAt: 0 };
      const { request } = entry;
      if (entry.listeners.size > 0 && request)
        this.ensure(request.path, request.input, key, 0, request.retry);
    }
  }

  /** A call that changes something (never cached). */
  mutate(path: ProcedurePath, input: unknown): Promise<unknown> {
    return this.#call('mutation', path, input);
  }
}

const appReads = new GatewayReads();

/** The cache the hooks below use: the tab's, unless a test provides its own. */
export const GatewayReadsContext = createContext<GatewayReads>(appReads);

export interface ReadOptions {
  /** @default true */
  enabled?: boolean;
  /** @default READ_STALE_TIME_MS (read-policy.ts, the app's TanStack Query default too) */
  staleTime?: number;
  /** Ask once more after a failure without error_code. @default true */
  retry?: boolean;
}

export interface ReadResult<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isLoading: boolean;
  isFetching: boolean;
  isSuccess: boolean;
  isError: boolean;
}

/** One public query, named like tRPC's (`'event.getPreferences'`) with its input. */
export function useGatewayRead<P extends ProcedurePath>(
  path: P,
  input: ProcedureInput<P>,
  { enabled = true, staleTime = READ_STALE_TIME_MS, retry = true }: ReadOptions = {},
): ReadResult<ProcedureOutput<P>> {
  const reads = useContext(GatewayReadsContext);
  const key = `${path}:${JSON.stringify(input)}`;
  const subscribe = useCallback((listener: () => void) => reads.subscribe(key, listener), [reads, key]);
  const state = useSyncExternalStore(subscribe, () => reads.state(key)) as ReadState<ProcedureOutput<P>>;
  useEffect(() => {
    if (enabled) reads.ensure(path, input, key, staleTime, retry);
    // `key` stands for `input`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [reads, key, path, enabled, staleTime, retry]);
  // As TanStack Query does, a read never asked yet that its effect is about to ask already counts as loading, so a
  // first render does not take it for an empty answer.
  const isFetching = state.isFetching || (enabled && state.status === 'pending');
  const isPending = state.status === 'pending';
  return {
    data: state.data,
    error: state.status === 'error' ? state.error : null,
    isPending,
    isLoading: isPending && isFetching,
    isFetching,
    isSuccess: state.status === 'success',
    isError: state.status === 'error',
  };
}

export interface MutationResult<P extends ProcedurePath> {
  mutateAsync: (input: ProcedureInput<P>) => Promise<ProcedureOutput<P>>;
  isPending: boolean;
}

/** One call that changes something (sign-in, sign-up, ...): `mutateAsync` with `isPending` while it runs. */
export function useGatewayMutation<P extends ProcedurePath>(path: P): MutationResult<P> {
  const reads = useContext(GatewayReadsContext);
  const [running, setRunning] = useState(0);
  const mutateAsync = useCallback(
    async (input: ProcedureInput<P>) => {
      setRunning((n) => n + 1);
      try {
        return (await reads.mutate(path, input)) as ProcedureOutput<P>;
      } finally {
        setRunning((n) => n - 1);
      }
    },
    [reads, path],
  );
  return { mutateAsync, isPending: running > 0 };
}
