/**
 * The real mock provider (mock-provider/, `buildProvider`) in-process on a random port, with a log of every
 * request it received (so a test can show the gateway did not call it) and direct REST calls that bypass the
 * gateway (to learn what the provider itself answers).
 */
import type { FastifyInstance } from 'fastify';
import { buildProvider } from '@showfloor/mock-provider';
import { callPath, fillPath, splitCallInput, type RestCall } from '@showfloor/contracts';
import { toQueryString } from '../src/provider/client.ts';

export interface MockProvider {
  app: FastifyInstance;
  url: string;
  /** "METHOD /path" of every request, in order (query strings left out). */
  hits: string[];
  /** Requests other than the key set (what a refused token must never cause). */
  callHits(): string[];
  /** Calls the provider directly (no gateway): status and parsed JSON body. */
  direct(
    call: RestCall,
    input: Record<string, unknown>,
    token?: string,
  ): Promise<{ status: number; body: unknown }>;
  close(): Promise<void>;
}

export async function startMockProvider(): Promise<MockProvider> {
  const app = (await buildProvider({ logger: false, demo: true })) as FastifyInstance;
  const hits: string[] = [];
  app.addHook('onRequest', async (request) => {
    hits.push(`${request.method} ${request.url.split('?')[0]}`);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  return {
    app,
    url,
    hits,
    callHits: () => hits.filter((hit) => !hit.endsWith('/auth/jwks')),
    async direct(call, input, token) {
      const { params, query, body } = splitCallInput(call, input);
      const path =
        fillPath(callPath(call), (params ?? {}) as Record<string, string | number>) + toQueryString(query);
      const headers: Record<string, string> = {};
      if (token) headers.authorization = `Bearer ${token}`;
      const hasBody = call.method !== 'GET' && body !== undefined;
      if (hasBody) headers['content-type'] = 'application/json';
      const response = await fetch(`${url}${path}`, {
        method: call.method,
        headers,
        ...(hasBody ? { body: JSON.stringify(body) } : {}),
      });
      const text = await response.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        // Not JSON: keep the text.
      }
      return { status: response.status, body: parsed };
    },
    close: () => app.close(),
  };
}
