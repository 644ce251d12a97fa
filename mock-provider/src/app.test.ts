import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { BACKEND_MESSAGES, callPath, listCalls } from '@showfloor/contracts';
import { buildProvider } from './app.ts';
import { buildOpenApiDocument } from './openapi/document.ts';
import { checkRecordings, validateDocument } from '../test/openapi-check.ts';
import { HANDLERS } from './routes/index.ts';
import { missingHandlers, registerCatalogue } from './routes/register.ts';
import { TokenSigner } from './auth/tokens.ts';
import { ProviderState } from './store/state.ts';

const sample = (path: string) => path.replace(/:([A-Za-z_]+)/g, '1');

describe('mock provider app', () => {
  const app = buildProvider();
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  it('routes every catalogue entry to a handler', () => {
    const entries = listCalls();
    expect(entries.length).toBeGreaterThan(100);
    expect(missingHandlers(HANDLERS)).toEqual([]);
    const unrouted = entries.filter(
      ({ call }) => !app.hasRoute({ method: call.method, url: callPath(call) }),
    );
    expect(unrouted.map((e) => `${e.service}.${e.name}`)).toEqual([]);
  });

  it('reports a catalogue entry without a handler, and refuses to start with one', () => {
    const incomplete = { ...HANDLERS, auth: { ...HANDLERS.auth, signin: undefined } };
    expect(missingHandlers(incomplete)).toEqual(['auth.signin']);
    const scratch = Fastify();
    const state = new ProviderState(Date.now);
    const services = { tokens: new TokenSigner(Date.now), tokenTtlSeconds: 60, retryTokenTtlSeconds: 60 };
    expect(() => registerCatalogue(scratch, incomplete, state, services)).toThrow(
      'mock provider: no handler for auth.signin',
    );
  });

  it('reaches a handler, not the router 404, on every catalogue route', async () => {
    for (const { call } of listCalls()) {
      const r = await app.inject({ method: call.method, url: sample(callPath(call)) });
      expect(r.statusCode, `${call.method} ${call.path}`).toBeLessThan(500);
      if (r.statusCode === 404)
        expect(r.json<{ message: string }>().message, call.path).not.toMatch(/^Not found:/);
    }
  });

  it('answers malformed JSON with 400 and a JSON message', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(r.statusCode).toBe(400);
    expect(r.headers['content-type']).toContain('application/json');
    expect(r.json()).toEqual({ message: 'Request body is not valid JSON.' });
  });

  it('answers a body over 1 MiB with 413', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ x: 'a'.repeat(1024 * 1024) }),
    });
    expect(r.statusCode).toBe(413);
    expect(r.json()).toEqual({ message: BACKEND_MESSAGES.PAYLOAD_TOO_LARGE });
  });

  it('answers unknown routes with a JSON 404', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v1/nothing/here?x=1' });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toEqual({ message: 'Not found: GET /api/v1/nothing/here' });
    const wrongMethod = await app.inject({ method: 'PUT', url: '/api/v1/auth/signin' });
    expect(wrongMethod.statusCode).toBe(404);
    expect(wrongMethod.json<{ message: string }>().message).toContain('Not found');
  });

  it('answers wrong types with a readable 400 and an unsupported content type with 415', async () => {
    const r = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: 'ada@demo.test', password: 5, event_code: 'DEMO', frontend: 'visitor' },
    });
    expect(r.statusCode).toBe(400);
    expect(r.json<{ message: string }>().message).toMatch(/^password: /);
    const xml = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'Unsupported content type.' });
    const text = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(400);
    expect(Object.keys(text.json())).toEqual(['message']);
    const arrayBody = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      headers: { 'content-type': 'application/json' },
      payload: '[1,2]',
    });
    expect(arrayBody.statusCode).toBe(400);
    expect(arrayBody.body).not.toMatch(/at .*\.ts:\d+/);
  });

  it('serves neither the admin reset nor the stand-in SSO identity page outside demo mode', async () => {
    const reset = await app.inject({ method: 'POST', url: '/__admin/reset' });
    expect(reset.statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/__admin/room-entries' })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: '/__admin/help-requests' })).statusCode).toBe(404);
    const page = await app.inject({ method: 'GET', url: '/api/v1/auth/oauth2/identity?provider=demo-sso' });
    expect(page.statusCode).toBe(404);
    const signInAsAdmin = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/oauth2/identity',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'provider=demo-sso&email=root%40demo.test',
    });
    expect(signInAsAdmin.statusCode).toBe(404);
    expect(signInAsAdmin.headers.location).toBeUndefined();
  });

  it('serves the identity page and restores the fixture on POST /__admin/reset in demo mode', async () => {
    const demo = buildProvider({ demo: true });
    await demo.ready();
    const page = await demo.inject({ method: 'GET', url: '/api/v1/auth/oauth2/identity?provider=demo-sso' });
    expect(page.statusCode).toBe(200);
    demo.mockProvider.state.users.delete(1);
    const r = await demo.inject({ method: 'POST', url: '/__admin/reset' });
    expect(r.json()).toEqual({ message: 'Fixture restored.' });
    expect(demo.mockProvider.state.users.get(1)?.username).toBe('ada@demo.test');
    demo.mockProvider.state.roomEntries.push({ user_id: 1, room_id: 8, at: 5 });
    const entries = await demo.inject({ method: 'GET', url: '/__admin/room-entries' });
    expect(entries.json()).toEqual({ entries: [{ user_id: 1, room_id: 8, at: 5 }] });
    await demo.inject({ method: 'POST', url: '/__admin/reset' });
    expect((await demo.inject({ method: 'GET', url: '/__admin/room-entries' })).json()).toEqual({
      entries: [],
    });
    expect((await demo.inject({ method: 'GET', url: '/__admin/help-requests' })).json()).toEqual({
      help_requests: [],
    });
    await demo.close();
  });

  it('never hands out an id twice, across a reset too (the relay remembers delivered message ids)', () => {
    const state = new ProviderState(Date.now);
    const before = [state.nextId('messages'), state.nextId('messages'), state.nextId('cards')];
    state.reset();
    expect(state.users.get(1)?.username).toBe('ada@demo.test');
    const after = [state.nextId('messages'), state.nextId('cards')];
    expect(after).toEqual([before[1]! + 1, before[2]! + 1]);
    // A kind never asked for before the reset starts above the fixture's ids as always.
    expect(state.nextId('reports')).toBe(1000);
  });

  it('serves a valid OpenAPI 3.1 document of every call and a browsable page', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(r.statusCode).toBe(200);
    const document = r.json<{
      openapi: string;
      paths: Record<string, Record<string, { operationId: string }>>;
    }>();
    expect(document.openapi).toBe('3.1.0');
    const operations = Object.values(document.paths).flatMap((p) =>
      Object.values(p).map((o) => o.operationId),
    );
    expect(operations).toHaveLength(listCalls().length);
    await expect(validateDocument(document)).resolves.toBeUndefined();
    expect(document).toEqual(JSON.parse(JSON.stringify(buildOpenApiDocument())));
    const page = await app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('/api/v1/auth/signin');
    expect(page.body).not.toMatch(/<script|https?:\/\/cdn/i);
  });

  it('flags a recorded answer that does not fit the document', async () => {
    const recording = {
      service: 'user' as const,
      name: 'getWallet',
      method: 'GET',
      url: '/api/v1/user/wallet',
      headers: {},
      raw: Buffer.alloc(0),
    };
    const good = { ...recording, status: 200, contentType: 'application/json', body: { tokens: [] } };
    const wrongShape = { ...good, body: { tokens: [{ token_id: 5 }] } };
    const wrongType = { ...good, contentType: 'text/html', body: '<p>' };
    const problems = await checkRecordings([good, wrongShape, wrongType]);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('user.getWallet GET /api/v1/user/wallet -> 200');
    expect(problems[1]).toContain('content type text/html not documented');
  });

  it('sets security headers on answers', async () => {
    const r = await app.inject({ method: 'GET', url: '/api/v1/auth/jwks' });
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(String(r.headers['content-security-policy'])).toContain("default-src 'none'");
  });
});
