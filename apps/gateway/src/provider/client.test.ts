import { afterEach, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { BACKEND_MESSAGES, catalogue } from '@showfloor/contracts';
import { listenOnSparePort, rejectionOf, slowServer, type SpareServer } from '../../test/http-server.ts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { ProviderClient, requestHeadersOf, tokenHeadersCache } from './client.ts';
import { ProviderError } from './errors.ts';

const cleanups: Array<() => Promise<unknown>> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function stub(setup: Parameters<typeof startStubProvider>[0]): Promise<StubProvider> {
  const provider = await startStubProvider(setup);
  cleanups.push(() => provider.close());
  return provider;
}

function makeClient(baseUrl: string, timeoutMs: number, transport: 'lean' | 'undici'): ProviderClient {
  const created = new ProviderClient({ baseUrl, timeoutMs, transport });
  cleanups.push(() => created.close());
  return created;
}

const failure = (promise: Promise<unknown>): Promise<ProviderError> => rejectionOf(promise, ProviderError);

/** A TCP server that accepts and then drops every connection without answering. */
async function droppingServer(): Promise<SpareServer> {
  const server = await listenOnSparePort(createServer((socket) => socket.destroy()));
  cleanups.push(server.close);
  return server;
}

describe.each(['lean', 'undici'] as const)('ProviderClient (%s transport)', (transport) => {
  const client = (baseUrl: string, timeoutMs = 2_000): ProviderClient =>
    makeClient(baseUrl, timeoutMs, transport);

  it('forwards the token and request id, fills the path and query, and parses the answer', async () => {
    let seen: { auth?: string; requestId?: string; url?: string } = {};
    const provider = await stub((app) => {
      app.get('/api/v1/user/user/:id', async (request) => {
        seen = {
          auth: request.headers.authorization,
          requestId: request.headers['x-request-id'] as string,
          url: request.url,
        };
        return { message: 'ok' };
      });
    });
    // A local catalogue-shaped call keeps the test independent of the user schema's fields.
    const call = { ...catalogue.user.getUser, responses: { 200: catalogue.auth.signout.responses[200] } };
    const answer = await client(provider.url).request(call, { id: 42 }, { token: 'tok', requestId: 'req-1' });
    expect(answer).toEqual({ message: 'ok' });
    expect(seen).toEqual({ auth: 'Bearer tok', requestId: 'req-1', url: '/api/v1/user/user/42' });
  });

  it("sends each call with its own caller's token, with and without a body, as callers come and go", async () => {
    const seen: Array<string | undefined> = [];
    const provider = await stub((app) => {
      app.get('/api/v1/user/user/:id', async (request) => {
        seen.push(request.headers.authorization);
        return { message: 'ok' };
      });
    });
    const call = { ...catalogue.user.getUser, responses: { 200: catalogue.auth.signout.responses[200] } };
    const provided = client(provider.url);
    const tokens = ['a', 'b', 'a', 'c', 'b', 'a'];
    for (const token of tokens) await provided.request(call, { id: 1 }, { token });
    await provided.request(call, { id: 1 });
    expect(seen).toEqual([...tokens.map((token) => `Bearer ${token}`), undefined]);
  });

  it('reads an answer of many chunks whole, multi-byte text split across them, with and without a signal', async () => {
    // ~300 KB: more than one socket read, and 'ü' (two bytes) lands on chunk edges somewhere in it.
    const message = `${'Grüße, '.repeat(40_000)}ü`;
    const provider = await stub((app) => {
      app.get('/api/v1/user/user/:id', async () => ({ message }));
    });
    const call = { ...catalogue.user.getUser, responses: { 200: catalogue.auth.signout.responses[200] } };
    const provided = client(provider.url);
    // Without a signal (the relay's calls): the lean transport, or undici's dispatch with the client's own body
    // collector.
    expect(await provided.request(call, { id: 1 })).toEqual({ message });
    // With one (a tRPC query the client may cancel): undici's request and its body stream.
    const controller = new AbortController();
    expect(await provided.request(call, { id: 2 }, { signal: controller.signal })).toEqual({ message });
  });

  it('turns an error answer into one ProviderError with message, error_code and retry_token', async () => {
    const provider = await stub((app) => {
      app.post('/api/v1/auth/signin', async (_request, reply) =>
        reply.code(401).send({ message: 'Login session expired.', error_code: '401.2', retry_token: 'rt-9' }),
      );
    });
    const error = await failure(
      client(provider.url).call('auth', 'signin', {
        email: 'ada@demo.test',
        password: 'x',
        event_code: 'DEMO',
        frontend: 'visitor',
      }),
    );
    expect(error).toMatchObject({
      status: 401,
      message: 'Login session expired.',
      error_code: '401.2',
      retry_token: 'rt-9',
      failure: 'answer',
    });
  });

  it('refuses an answer that does not match the catalogue schema as a bad gateway', async () => {
    const provider = await stub((app) => {
      app.get('/api/v1/auth/providers', async () => ({ providers: 'nope' }));
    });
    const error = await failure(
      client(provider.url).call('auth', 'providers', { frontend: 'visitor', event_code: 'DEMO' }),
    );
    expect(error).toMatchObject({ status: 502, failure: 'invalid-answer' });
  });

  it('answers a 504-class error within the time budget when the provider is slow', async () => {
    const provider = await slowServer(3_000);
    cleanups.push(provider.close);
    const started = Date.now();
    const error = await failure(
      client(provider.url, 300).call('auth', 'providers', { frontend: 'visitor', event_code: 'DEMO' }),
    );
    const elapsed = Date.now() - started;
    expect(error).toMatchObject({
      status: 504,
      failure: 'timeout',
      message: BACKEND_MESSAGES.PROVIDER_TIMEOUT,
    });
    expect(elapsed).toBeGreaterThanOrEqual(250);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('answers a 502-class error at once when nothing listens', async () => {
    const dead = await droppingServer();
    // Close it: now the port refuses connections.
    await dead.close();
    const error = await failure(
      client(dead.url).call('auth', 'providers', { frontend: 'visitor', event_code: 'DEMO' }),
    );
    expect(error).toMatchObject({
      status: 502,
      failure: 'unreachable',
      message: BACKEND_MESSAGES.PROVIDER_UNAVAILABLE,
    });
  });

  it('retries an idempotent GET once on a dropped connection but never a POST', async () => {
    const dead = await droppingServer();
    const provider = client(dead.url);
    await failure(provider.call('auth', 'providers', { frontend: 'visitor', event_code: 'DEMO' }));
    expect(dead.connections()).toBe(2);
    await failure(
      provider.call('auth', 'signin', {
        email: 'ada@demo.test',
        password: 'x',
        event_code: 'DEMO',
        frontend: 'visitor',
      }),
    );
    expect(dead.connections()).toBe(3);
  });

  it('refuses an input that does not match the call before sending it', async () => {
    const provider = await stub(() => {});
    const error = await failure(
      client(provider.url).call('auth', 'signin', {
        email: 'not-an-email',
        password: 'x',
        event_code: 'DEMO',
        frontend: 'visitor',
      }),
    );
    expect(error.status).toBe(400);
    expect(provider.hits.filter((hit) => hit.includes('signin'))).toHaveLength(0);
  });
});

describe('requestHeadersOf', () => {
  it('gives every token its own authorization, as pairs and as header lines, as the generations turn over', () => {
    const cache = tokenHeadersCache(2);
    const tokens = ['t1', 't2', 't3', 't1', 't4', 't5', 't2', 't1', 't6'];
    for (const token of tokens) {
      expect(requestHeadersOf(cache, false, token)).toEqual({
        pairs: ['accept', 'application/json', 'authorization', `Bearer ${token}`],
        text: `accept: application/json\r\nauthorization: Bearer ${token}\r\n`,
      });
      expect(requestHeadersOf(cache, true, token)).toEqual({
        pairs: [
          'accept',
          'application/json',
          'content-type',
          'application/json',
          'authorization',
          `Bearer ${token}`,
        ],
        text: `accept: application/json\r\ncontent-type: application/json\r\nauthorization: Bearer ${token}\r\n`,
      });
    }
    expect(requestHeadersOf(cache, true, undefined)).toEqual({
      pairs: ['accept', 'application/json', 'content-type', 'application/json'],
      text: 'accept: application/json\r\ncontent-type: application/json\r\n',
    });
    expect(requestHeadersOf(cache, false, '')).toEqual({
      pairs: ['accept', 'application/json'],
      text: 'accept: application/json\r\n',
    });
    expect(cache.size).toBeLessThanOrEqual(4);
  });

  it('answers a recent token with the same headers (built once)', () => {
    const cache = tokenHeadersCache(2);
    const first = requestHeadersOf(cache, true, 'tok');
    requestHeadersOf(cache, true, 'other');
    requestHeadersOf(cache, true, 'third');
    // 'tok' is in the previous generation now, still held.
    expect(requestHeadersOf(cache, true, 'tok')).toBe(first);
  });

  it('builds both forms of a token into one cache entry', () => {
    const cache = tokenHeadersCache(2);
    const send = requestHeadersOf(cache, true, 'tok');
    const read = requestHeadersOf(cache, false, 'tok');
    expect(cache.size).toBe(1);
    expect(cache.get('tok')).toEqual({ read, send });
  });

  it('refuses a token with an unsafe character before caching it', () => {
    const cache = tokenHeadersCache(2);
    expect(() => requestHeadersOf(cache, true, 'tok\r\nx-evil: 1')).toThrow(/unsafe/);
    expect(cache.size).toBe(0);
  });

  it('holds at most two generations of tokens, building a dropped one again', () => {
    const cache = tokenHeadersCache(2);
    const first = requestHeadersOf(cache, false, 'tok');
    for (let index = 0; index < 100; index += 1) requestHeadersOf(cache, false, `caller-${index}`);
    expect(cache.size).toBeLessThanOrEqual(4);
    const again = requestHeadersOf(cache, false, 'tok');
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});
