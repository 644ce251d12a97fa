// One tRPC procedure call as a plain fetch, for the signed-out pages (issue 17: the login route loads neither the
// tRPC client nor TanStack Query). It speaks the wire format of the app's tRPC client (httpBatchLink, a batch of
// one: GET `/trpc/<path>?batch=1&input={"0":...}` for a query, POST `{"0":...}` for a mutation, the user's token
// as a bearer), and a failure is an error that `parseAppError` reads like the tRPC client's. Types come from the
// gateway's router (type-only imports: nothing of tRPC is bundled).
import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '@showfloor/gateway/router';
import { env } from '../../config/env.ts';
import { getCurrentUser } from '../session/session.ts';

type Inputs = inferRouterInputs<AppRouter>;
type Outputs = inferRouterOutputs<AppRouter>;

/** A procedure's path, `router.procedure` (e.g. `auth.signin`). */
export type ProcedurePath = {
  [R in keyof Inputs & string]: `${R}.${keyof Inputs[R] & string}`;
}[keyof Inputs & string];

/** What the router's inputs or outputs (`T`) hold for the procedure at `P`. */
type AtPath<T, P extends ProcedurePath> = P extends `${infer R}.${infer N}`
  ? R extends keyof T
    ? N extends keyof T[R]
      ? T[R][N]
      : never
    : never
  : never;

export type ProcedureInput<P extends ProcedurePath> = AtPath<Inputs, P>;

export type ProcedureOutput<P extends ProcedurePath> = AtPath<Outputs, P>;

export type ProcedureKind = 'query' | 'mutation';

/**
 * The gateway's answer to a call that failed, read like the tRPC client's error: `name` 'TRPCClientError' and
 * the error's `data` (httpStatus, error_code, retry_token, message), so `parseAppError` treats both alike.
 */
export class GatewayCallError extends Error {
  override readonly name = 'TRPCClientError';
  constructor(
    message: string,
    readonly data: unknown,
  ) {
    super(message);
  }
}

interface BatchItem {
  result?: { data?: unknown };
  error?: { message?: unknown; data?: unknown };
}

function isBatchItem(value: unknown): value is BatchItem {
  return typeof value === 'object' && value !== null && ('result' in value || 'error' in value);
}

/** Calls one procedure; resolves with its output, rejects with a {@link GatewayCallError} or a fetch failure. */
export async function callGateway<P extends ProcedurePath>(
  kind: ProcedureKind,
  path: P,
  input: ProcedureInput<P>,
  url: string = env.trpcUrl,
): Promise<ProcedureOutput<P>> {
  const user = getCurrentUser();
  const headers: Record<string, string> = user ? { authorization: `Bearer ${user.jwt_token}` } : {};
  const batch = input === undefined ? {} : { 0: input };
  let response: Response;
  if (kind === 'query') {
    const query = input === undefined ? '' : `&input=${encodeURIComponent(JSON.stringify(batch))}`;
    response = await fetch(`${url}/${path}?batch=1${query}`, { method: 'GET', headers });
  } else {
    response = await fetch(`${url}/${path}?batch=1`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(batch),
    });
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch (cause) {
    throw new Error('Unable to transform response from server', { cause });
  }
  const item: unknown = Array.isArray(body) ? body[0] : body;
  if (!isBatchItem(item)) throw new Error('Unable to transform response from server');
  if (item.error) {
    const message = typeof item.error.message === 'string' ? item.error.message : '';
    throw new GatewayCallError(message, item.error.data);
  }
  return item.result?.data as ProcedureOutput<P>;
}
