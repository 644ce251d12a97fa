import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { ProviderClient } from './provider/client.ts';
import { startStubProvider, type StubProvider } from '../test/stub-provider.ts';
import { callProcedure, startGateway, type RunningGateway } from '../test/gateway.ts';

let provider: StubProvider;
let gateway: RunningGateway;
const seenRequestIds: string[] = [];

beforeAll(async () => {
  provider = await startStubProvider((app) => {
    app.get('/api/v1/auth/providers', async (request) => {
      seenRequestIds.push(String(request.headers['x-request-id']));
      return { providers: [], user_pass_login: true };
    });
  });
  gateway = await startGateway(provider.url, { WEB_ORIGIN: 'https://app.example.com' });
});
afterAll(async () => {
  await gateway?.close();
  await provider?.close();
});

describe('gateway basics (stub provider)', () => {
  it('answers /healthz and /readyz', async () => {
    expect((await fetch(`${gateway.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${gateway.url}/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({
      status: 'ok',
      checks: expect.arrayContaining([{ name: 'provider', ok: true }]),
    });
  });

  it('serves a public procedure, echoes the request id and passes it on to the provider', async () => {
    const answer = await callProcedure(
      gateway.url,
      'auth.providers',
      { frontend: 'visitor', event_code: 'DEMO' },
      {
        headers: { 'x-request-id': 'test-req-1' },
      },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toEqual({ providers: [], user_pass_login: true });
    expect(answer.headers.get('x-request-id')).toBe('test-req-1');
    expect(seenRequestIds.at(-1)).toBe('test-req-1');
    const generated = await callProcedure(
      gateway.url,
      'auth.providers',
      { frontend: 'visitor', event_code: 'DEMO' },
      {
        headers: { 'x-request-id': 'bad id with spaces' },
      },
    );
    const fresh = generated.headers.get('x-request-id') ?? '';
    expect(fresh).toMatch(/^[0-9a-f-]{36}$/);
    expect(seenRequestIds.at(-1)).toBe(fresh);
  });

  it('answers invalid input with 400 and the flattened zod issues', async () => {
    const answer = await callProcedure(gateway.url, 'auth.providers', { frontend: 'nobody' });
    expect(answer.status).toBe(400);
    expect(answer.error?.data.code).toBe('BAD_REQUEST');
    expect(answer.error?.message).toContain('frontend');
    expect(answer.error?.data.zodError).toMatchObject({ fieldErrors: { frontend: expect.any(Array) } });
    expect(JSON.stringify(answer.error)).not.toContain('    at ');
  });

  it('does not pass JSON provider calls through the file proxy', async () => {
    const response = await fetch(`${gateway.url}/api/v1/auth/providers?frontend=visitor&event_code=DEMO`);
    expect(response.status).toBe(404);
  });
});

/**
 * Parses Prometheus text exposition strictly; throws on any line that is not a comment or a sample. Values
 * follow Go's ParseFloat, as Prometheus does: NaN and Inf in any letter case.
 */
function parsePrometheus(
  text: string,
): Array<{ name: string; labels: Record<string, string>; value: number }> {
  const samples: Array<{ name: string; labels: Record<string, string>; value: number }> = [];
  for (const line of text.split('\n')) {
    if (line === '') continue;
    if (/^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .*$/.test(line)) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (-?[0-9.eE+-]+|nan|[+-]?inf)( \d+)?$/i.exec(line);
    if (!match) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] ?? ''] = pair[2] ?? '';
    samples.push({ name: match[1] ?? '', labels, value: Number(match[3]) });
  }
  return samples;
}

describe('metrics', () => {
  it('serves Prometheus text with the request, procedure and provider-call histograms after a call', async () => {
    await callProcedure(gateway.url, 'auth.providers', { frontend: 'visitor', event_code: 'DEMO' });
    const response = await fetch(`${gateway.url}/metrics`);
    expect(response.headers.get('content-type')).toContain('text/plain');
    const samples = parsePrometheus(await response.text());
    const find = (name: string, labels: Record<string, string>) =>
      samples.find(
        (sample) =>
          sample.name === name &&
          Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
      );
    expect(
      find('gateway_http_request_duration_seconds_count', {
        route: '/trpc/:path',
        method: 'GET',
        status_code: '200',
      })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(
      find('gateway_http_request_duration_seconds_bucket', { route: '/trpc/:path', le: '+Inf' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(
      find('gateway_trpc_procedure_duration_seconds_count', { procedure: 'auth.providers', code: 'OK' })
        ?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(
      find('gateway_provider_call_duration_seconds_count', { call: 'auth.providers', status: '200' })?.value,
    ).toBeGreaterThanOrEqual(1);
    expect(find('process_cpu_user_seconds_total', {})).toBeDefined();
  });

  it('counts errors by code', async () => {
    await callProcedure(gateway.url, 'user.getWallet', {});
    const samples = parsePrometheus(await (await fetch(`${gateway.url}/metrics`)).text());
    const errors = samples.find(
      (sample) => sample.name === 'gateway_errors_total' && sample.labels.code === 'UNAUTHORIZED',
    );
    expect(errors?.labels.error_code).toBe('401.1');
    expect(errors?.value).toBeGreaterThanOrEqual(1);
  });
});

describe('unexpected errors', () => {
  it('are logged and answered with a generic message, never the cause or a stack', async () => {
    class BrokenClient extends ProviderClient {
      override async request(): Promise<unknown> {
        throw new Error('database password is hunter2');
      }
    }
    const broken = new BrokenClient({ baseUrl: provider.url });
    const lines: string[] = [];
    const logger = pino({ level: 'error' }, { write: (line: string) => void lines.push(line) });
    const app = await startGateway(provider.url, {}, { provider: broken, logger });
    try {
      const answer = await callProcedure(app.url, 'auth.providers', {
        frontend: 'visitor',
        event_code: 'DEMO',
      });
      expect(answer.status).toBe(500);
      expect(answer.error?.data.code).toBe('INTERNAL_SERVER_ERROR');
      expect(answer.error?.message).toBe('Something went wrong. Please try again.');
      expect(JSON.stringify(answer.error)).not.toContain('hunter2');
      expect(JSON.stringify(answer.error)).not.toMatch(/\n\s+at /);
      expect(lines.join('\n')).toContain('hunter2');
    } finally {
      await app.close();
      await broken.close();
    }
  });
});

describe('provider outages', () => {
  it('answers BAD_GATEWAY (502) at once when the provider is down, for public and authed calls', async () => {
    const down = await startGateway('http://127.0.0.1:1', { PROVIDER_TIMEOUT_MS: '1000' });
    try {
      const started = Date.now();
      const publicCall = await callProcedure(down.url, 'auth.providers', {
        frontend: 'visitor',
        event_code: 'DEMO',
      });
      expect(publicCall.status).toBe(502);
      expect(publicCall.error?.data.code).toBe('BAD_GATEWAY');
      expect(publicCall.error?.message).toBe('The event service is unavailable. Please try again shortly.');
      // The token cannot be checked without the provider's keys: still the provider's outage, not a 401.
      const authed = await callProcedure(down.url, 'user.getWallet', {}, { token: await provider.sign() });
      expect(authed.status).toBe(502);
      expect(Date.now() - started).toBeLessThan(1_000);
      const ready = await fetch(`${down.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({
        status: 'unavailable',
        checks: expect.arrayContaining([expect.objectContaining({ name: 'provider', ok: false })]),
      });
    } finally {
      await down.close();
    }
  });

  it('answers GATEWAY_TIMEOUT (504) within PROVIDER_TIMEOUT_MS when the provider hangs', async () => {
    const slow = await startStubProvider((app) => {
      app.get('/api/v1/auth/providers', async () => {
        await new Promise((resolve) => setTimeout(resolve, 5_000));
        return { providers: [], user_pass_login: true };
      });
    });
    const timed = await startGateway(slow.url, { PROVIDER_TIMEOUT_MS: '400' });
    try {
      const started = Date.now();
      const answer = await callProcedure(timed.url, 'auth.providers', {
        frontend: 'visitor',
        event_code: 'DEMO',
      });
      const elapsed = Date.now() - started;
      expect(answer.status).toBe(504);
      expect(answer.error?.data.code).toBe('GATEWAY_TIMEOUT');
      expect(elapsed).toBeGreaterThanOrEqual(350);
      expect(elapsed).toBeLessThan(1_500);
    } finally {
      await timed.close();
      await slow.close();
    }
  });
});
