/**
 * Test helpers: a gateway on a random port in front of a given provider, and raw tRPC calls over HTTP (the
 * wire format the web app's client speaks: GET ?input= for queries, POST JSON for mutations).
 */
import type { FastifyInstance } from 'fastify';
import type { CurrentUser } from '@showfloor/contracts';
import { DEMO_PASSWORD } from '@showfloor/mock-provider';
import { buildApp, type BuildAppOverrides } from '../src/app.ts';
import { testEnv, type RawEnv } from '../src/config/env.ts';
import { router } from '../src/trpc/init.ts';
import { serviceRouters } from '../src/trpc/root.ts';

/** The app's routers loaded at once (the app loads them lazily): the tests read procedures from it. */
const appRouter = router(
  Object.fromEntries(
    await Promise.all(Object.entries(serviceRouters).map(async ([key, load]) => [key, await load()])),
  ) as Record<keyof typeof serviceRouters, Awaited<ReturnType<(typeof serviceRouters)['auth']>>>,
);

export interface RunningGateway {
  app: FastifyInstance;
  url: string;
  close(): Promise<void>;
}

/** Builds and starts a gateway (silent logs, random port) in front of `providerUrl`. */
export async function startGateway(
  providerUrl: string,
  env: RawEnv = {},
  overrides: BuildAppOverrides = {},
): Promise<RunningGateway> {
  const app = await buildApp(testEnv({ PROVIDER_URL: providerUrl, ...env }), overrides);
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return { app, url, close: () => app.close() };
}

/** The procedure's kind, read from the router itself. */
export function procedureType(path: string): 'query' | 'mutation' {
  const procedure = (appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>)[
    path
  ];
  if (!procedure) throw new Error(`no procedure ${path}`);
  return procedure._def.type === 'query' ? 'query' : 'mutation';
}

/** The tRPC error shape our errorFormatter produces. */
export interface TrpcErrorBody {
  message: string;
  code: number;
  data: {
    code: string;
    httpStatus: number;
    path?: string;
    error_code: string | null;
    retry_token: string | null;
    zodError: unknown;
    stack?: unknown;
  };
}

export interface TrpcAnswer<T = unknown> {
  status: number;
  headers: Headers;
  data?: T;
  error?: TrpcErrorBody;
}

/** Calls one procedure over HTTP. */
export async function callProcedure<T = unknown>(
  baseUrl: string,
  path: string,
  input: unknown,
  options: { token?: string; headers?: Record<string, string> } = {},
): Promise<TrpcAnswer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const isQuery = procedureType(path) === 'query';
  const response = isQuery
    ? await fetch(`${baseUrl}/trpc/${path}?input=${encodeURIComponent(JSON.stringify(input ?? {}))}`, {
        headers,
      })
    : await fetch(`${baseUrl}/trpc/${path}`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify(input ?? {}),
      });
  const body = (await response.json()) as { result?: { data: T }; error?: TrpcErrorBody };
  return {
    status: response.status,
    headers: response.headers,
    ...(body.result ? { data: body.result.data } : {}),
    ...(body.error ? { error: body.error } : {}),
  };
}

/** A demo user signed in through the gateway: the user and the token cookie it set (`name=value`). */
export interface GatewaySignIn {
  user: CurrentUser;
  cookie: string;
}

/** Signs a demo visitor in through the gateway (force_login, as a second device would), as the web app does. */
export async function signInThroughGateway(
  gatewayUrl: string,
  email: string,
  eventCode = 'DEMO',
): Promise<GatewaySignIn> {
  const answer = await callProcedure<{ user_data: CurrentUser }>(gatewayUrl, 'auth.signin', {
    email,
    password: DEMO_PASSWORD,
    event_code: eventCode,
    frontend: 'visitor',
    force_login: true,
  });
  if (!answer.data)
    throw new Error(`sign-in of ${email} failed: ${JSON.stringify(answer.error ?? answer.status)}`);
  return {
    user: answer.data.user_data,
    cookie: (answer.headers.get('set-cookie') ?? '').split(';')[0] ?? '',
  };
}

/** Every procedure path of the router, e.g. `user.getUser`. */
export function procedurePaths(): string[] {
  return Object.keys(appRouter._def.procedures as Record<string, unknown>).sort();
}
