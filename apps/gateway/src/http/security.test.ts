import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { callProcedure, startGateway, type RunningGateway } from '../../test/gateway.ts';

const ORIGIN = 'https://app.example.com';
let provider: StubProvider;
let gateway: RunningGateway;
let webDist: string;

beforeAll(async () => {
  webDist = mkdtempSync(join(tmpdir(), 'showfloor-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>Showfloor</title><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app-1234.js'), 'console.log("app")');
  mkdirSync(join(webDist, '.vite'));
  writeFileSync(join(webDist, '.vite', 'manifest.json'), '{"secret":"build metadata"}');
  provider = await startStubProvider((app) => {
    app.get('/api/v1/auth/providers', async () => ({ providers: [], user_pass_login: true }));
  });
  gateway = await startGateway(provider.url, {
    WEB_ORIGIN: ORIGIN,
    WEB_DIST: webDist,
    FRAME_ORIGINS: 'https://rooms.example.com, http://127.0.0.1:4010',
  });
});
afterAll(async () => {
  await gateway?.close();
  await provider?.close();
  rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('sends a CSP the web app can live with, plus the other helmet headers', async () => {
    const response = await fetch(`${gateway.url}/healthz`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((part) => part.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values]),
    );
    expect(directives['default-src']).toEqual(["'self'"]);
    expect(directives['script-src']).toEqual(["'self'"]);
    expect(directives['style-src']).toEqual(["'self'", "'unsafe-inline'"]);
    expect(directives['img-src']).toEqual(["'self'", 'data:', 'blob:']);
    expect(directives['connect-src']).toEqual(["'self'", `ws://${new URL(gateway.url).host}`]);
    // Exactly the operator's room and widget origins, and blob: (the user manual the app fetched): no wildcard,
    // no other scheme source, not even 'self'.
    expect(directives['frame-src']).toEqual(['https://rooms.example.com', 'http://127.0.0.1:4010', 'blob:']);
    expect(directives['media-src']).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(directives['object-src']).toEqual(["'none'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('x-powered-by')).toBeNull();
  });
});

describe("the CSP's websocket source", () => {
  /** The connect-src the gateway at `url` sends for a request with `headers`. */
  async function connectSrc(url: string, headers: Record<string, string>): Promise<string[]> {
    const csp = (await fetch(`${url}/healthz`, { headers })).headers.get('content-security-policy') ?? '';
    const directive = csp.split(';').find((part) => part.trim().startsWith('connect-src')) ?? '';
    return directive.trim().split(/\s+/).slice(1);
  }
  const forwarded = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'shows.example' };

  it('ignores X-Forwarded-Proto and -Host without a configured proxy hop', async () => {
    // Anyone can send these: without TRUST_PROXY_HOPS they must not turn ws into wss or name another host.
    expect(await connectSrc(gateway.url, forwarded)).toEqual(["'self'", `ws://${new URL(gateway.url).host}`]);
  });

  it('follows the nearest proxy hop when TRUST_PROXY_HOPS > 0', async () => {
    const behindProxy = await startGateway(provider.url, { TRUST_PROXY_HOPS: '1' });
    try {
      expect(await connectSrc(behindProxy.url, forwarded)).toEqual(["'self'", 'wss://shows.example']);
      // Of a list, the value the nearest proxy appended counts, not what the client wrote before it.
      expect(
        await connectSrc(behindProxy.url, {
          'x-forwarded-proto': 'https, http',
          'x-forwarded-host': 'evil.example, shows.example',
        }),
      ).toEqual(["'self'", 'ws://shows.example']);
      // A host that could break out of the directive falls back to 'self'.
      expect(await connectSrc(behindProxy.url, { 'x-forwarded-host': "x.example 'unsafe-inline'" })).toEqual([
        "'self'",
        "'self'",
      ]);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('CORS', () => {
  it('allows the configured web origin exactly', async () => {
    const preflight = await fetch(`${gateway.url}/trpc/auth.signin`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(ORIGIN);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });

  it.each([
    'https://evil.example.com',
    'https://app.example.com.evil.com',
    'https://evilapp.example.com',
    'http://app.example.com',
    'null',
  ])('gives no CORS grant to %s', async (origin) => {
    const response = await fetch(`${gateway.url}/healthz`, { headers: { origin } });
    expect(response.headers.get('access-control-allow-origin')).toBeNull();
  });

  it('gives no CORS grant at all when WEB_ORIGIN is unset (same origin only)', async () => {
    const sameOriginOnly = await startGateway(provider.url);
    try {
      const response = await fetch(`${sameOriginOnly.url}/healthz`, { headers: { origin: ORIGIN } });
      expect(response.headers.get('access-control-allow-origin')).toBeNull();
    } finally {
      await sameOriginOnly.close();
    }
  });
});

describe('web app serving (WEB_DIST)', () => {
  it('serves built files and falls back to index.html for app routes', async () => {
    const asset = await fetch(`${gateway.url}/assets/app-1234.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const deepLink = await fetch(`${gateway.url}/room/7?x=1`, { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('<title>Showfloor</title>');
    expect(deepLink.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('never falls back to the app for API paths or non-HTML requests', async () => {
    const api = await fetch(`${gateway.url}/api/v1/nothing`, { headers: { accept: 'text/html' } });
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ message: 'Not found.' });
    const json = await fetch(`${gateway.url}/lobby`, { headers: { accept: 'application/json' } });
    expect(json.status).toBe(404);
  });

  it('does not serve dot-directories such as the build metadata in dist/.vite', async () => {
    const hidden = await fetch(`${gateway.url}/.vite/manifest.json`);
    expect(hidden.status).toBe(404);
    expect(await hidden.text()).not.toContain('build metadata');
  });

  it('keeps tRPC reachable next to the app', async () => {
    const answer = await callProcedure(gateway.url, 'auth.providers', {
      frontend: 'visitor',
      event_code: 'DEMO',
    });
    expect(answer.status).toBe(200);
  });
});

describe('frame and media origins', () => {
  it('frames only blob: documents when no frame origin is configured, and limits media to the configured origins', async () => {
    const bare = await startGateway(provider.url, { MEDIA_ORIGINS: 'http://127.0.0.1:4010' });
    try {
      const csp = (await fetch(`${bare.url}/healthz`)).headers.get('content-security-policy') ?? '';
      // Only blob: (the user manual the app fetched).
      expect(csp).toContain('frame-src blob:;');
      expect(csp).toContain("media-src 'self' data: blob: http://127.0.0.1:4010");
    } finally {
      await bare.close();
    }
  });
});

describe('the conference widget', () => {
  let withWidget: RunningGateway;
  beforeAll(async () => {
    withWidget = await startGateway(provider.url, {
      FRAME_ORIGINS: 'https://rooms.example.com',
      CALL_WIDGET_URL: 'https://meet.example.com/calls/',
    });
  });
  afterAll(async () => {
    await withWidget?.close();
  });

  it("adds the widget's origin to frame-src and exactly its script to script-src", async () => {
    const csp = (await fetch(`${withWidget.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self' https://meet.example.com/calls/external_api.js;");
    expect(csp).toContain('frame-src https://rooms.example.com https://meet.example.com blob:;');
  });

  it('tells the web app where the widget is, and that there is none when unset', async () => {
    const answer = await fetch(`${withWidget.url}/api/call-widget`);
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      widget: {
        url: 'https://meet.example.com/calls',
        script_url: 'https://meet.example.com/calls/external_api.js',
      },
    });
    const none = await fetch(`${gateway.url}/api/call-widget`);
    expect(await none.json()).toEqual({ widget: null });
    const csp = (await fetch(`${gateway.url}/healthz`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self';");
  });
});
