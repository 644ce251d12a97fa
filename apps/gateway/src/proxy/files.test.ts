import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import type { CallSucceeded } from '../calls/call-events.ts';
import { startStubProvider, type StubProvider } from '../../test/stub-provider.ts';
import { startGateway, type RunningGateway } from '../../test/gateway.ts';
import { TOKEN_COOKIE } from './token-cookie.ts';
import { buildProxyRoutes, matchProxyRoute, uploadLimitMessage } from './files.ts';
import { listCalls } from '@showfloor/contracts';

const LIMIT = 6 * 1024 * 1024;
const IMAGE = randomBytes(300_000);
let provider: StubProvider;
let gateway: RunningGateway;
let received: { bytes: number; auth?: string; cookie?: string; requestId?: string } | undefined;
const events: CallSucceeded[] = [];

beforeAll(async () => {
  provider = await startStubProvider((app) => {
    app.addContentTypeParser('multipart/form-data', (_request, payload, done) => done(null, payload));
    app.get('/api/v1/content/poster', async (_request, reply) => reply.type('image/png').send(IMAGE));
    app.get('/api/v1/content/download', async (request, reply) => {
      received = { bytes: 0, auth: request.headers.authorization, cookie: request.headers.cookie };
      return reply
        .type('application/pdf')
        .header('content-disposition', 'attachment; filename="manual.pdf"')
        .send(IMAGE);
    });
    app.post('/api/v1/user/picture', async (request) => {
      let bytes = 0;
      for await (const chunk of request.body as AsyncIterable<Buffer>) bytes += chunk.length;
      received = {
        bytes,
        auth: request.headers.authorization,
        requestId: request.headers['x-request-id'] as string,
      };
      return { message: 'Picture uploaded', profile_picture: 'pictures/7.png' };
    });
  });
  gateway = await startGateway(provider.url, { UPLOAD_LIMIT_BYTES: String(LIMIT) });
  gateway.app.gatewayDeps.events.onCallSucceeded((event) => events.push(event));
});
afterAll(async () => {
  await gateway?.close();
  await provider?.close();
});

function multipart(size: number): { body: Buffer; type: string } {
  const boundary = 'showfloorboundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="p.png"\r\ncontent-type: image/png\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    body: Buffer.concat([head, randomBytes(size), tail]),
    type: `multipart/form-data; boundary=${boundary}`,
  };
}

describe('file proxy', () => {
  it('knows which catalogue calls it passes', () => {
    const routes = buildProxyRoutes(listCalls());
    expect(matchProxyRoute(routes, 'GET', '/api/v1/content/poster?type=poster')).toMatchObject({
      auth: 'public',
    });
    expect(matchProxyRoute(routes, 'POST', '/api/v1/user/picture')).toMatchObject({
      isUpload: true,
      auth: 'user',
    });
    expect(matchProxyRoute(routes, 'GET', '/api/v1/conversation/user/7/chats/all')).toMatchObject({
      label: 'conversation.exportChats',
    });
    expect(matchProxyRoute(routes, 'GET', '/api/v1/user/user/7')).toBeUndefined();
    expect(
      matchProxyRoute(routes, 'GET', '/api/v1/conversation/user/..%2F..%2Fadmin/chats/all'),
    ).toBeUndefined();
  });

  it('passes a public file with the provider content type and bytes', async () => {
    const response = await fetch(
      `${gateway.url}/api/v1/content/poster?type=poster&event_code=DEMO&filename=a.png`,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await response.arrayBuffer()).equals(IMAGE)).toBe(true);
  });

  it('refuses a protected file without a valid token before asking the provider', async () => {
    const before = provider.hits.filter((hit) => hit.includes('/download')).length;
    const attempts: Array<Record<string, string>> = [
      {},
      { authorization: 'Bearer forged.token.here' },
      { cookie: `${TOKEN_COOKIE}=nope` },
    ];
    for (const headers of attempts) {
      const response = await fetch(
        `${gateway.url}/api/v1/content/download?type=user_manual&event_code=DEMO&filename=m.pdf`,
        { headers },
      );
      expect(response.status).toBe(401);
      expect(await response.json()).toMatchObject({ error_code: '401.1' });
    }
    expect(provider.hits.filter((hit) => hit.includes('/download')).length).toBe(before);
  });

  it('takes the token from the cookie for a browser GET and forwards it as a bearer token, never the cookie', async () => {
    const token = await provider.sign({ sub: '7' });
    const response = await fetch(
      `${gateway.url}/api/v1/content/download?type=user_manual&event_code=DEMO&filename=m.pdf`,
      {
        headers: { cookie: `other=1; ${TOKEN_COOKIE}=${token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe('attachment; filename="manual.pdf"');
    expect(Buffer.from(await response.arrayBuffer()).equals(IMAGE)).toBe(true);
    expect(received).toMatchObject({ auth: `Bearer ${token}`, cookie: undefined });
  });

  it('streams a 5 MiB upload through and announces the stored picture', async () => {
    const token = await provider.sign({ sub: '7' });
    const { body, type } = multipart(5 * 1024 * 1024);
    // user.uploadPicture names the user in its query (UserIdQuerySchema), as the real provider requires.
    const response = await fetch(`${gateway.url}/api/v1/user/picture?user_id=7`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type, 'x-request-id': 'upload-1' },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Picture uploaded', profile_picture: 'pictures/7.png' });
    expect(received).toMatchObject({ bytes: body.length, auth: `Bearer ${token}`, requestId: 'upload-1' });
    expect(events.at(-1)).toMatchObject({
      router: 'user',
      name: 'uploadPicture',
      output: { profile_picture: 'pictures/7.png' },
      user: { id: 7 },
    });
    // Announced with its catalogue address and its query parsed by the call's schema.
    expect(events.at(-1)).toMatchObject({ key: 'user.uploadPicture', input: { user_id: 7 } });
  });

  it('passes an upload whose query the catalogue does not accept, without announcing it', async () => {
    const token = await provider.sign({ sub: '7' });
    const { body, type } = multipart(1024);
    const before = events.length;
    const response = await fetch(`${gateway.url}/api/v1/user/picture?user_id=seven`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: 'Picture uploaded', profile_picture: 'pictures/7.png' });
    expect(events.length).toBe(before);
  });

  it('refuses an oversize upload with 413 naming the limit, before the provider sees it', async () => {
    const token = await provider.sign({ sub: '7' });
    const before = provider.hits.filter((hit) => hit.includes('/picture')).length;
    const { body, type } = multipart(LIMIT + 1);
    const response = await fetch(`${gateway.url}/api/v1/user/picture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: uploadLimitMessage(LIMIT) });
    expect(uploadLimitMessage(LIMIT)).toBe('The upload is too large: the limit is 6 MiB (6291456 bytes).');
    expect(provider.hits.filter((hit) => hit.includes('/picture')).length).toBe(before);
  });

  it('cuts a chunked upload without a length at the limit with 413', async () => {
    const token = await provider.sign({ sub: '7' });
    const { body, type } = multipart(LIMIT + 1024);
    const chunks = [body.subarray(0, 1024 * 1024), body.subarray(1024 * 1024)];
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = chunks.shift();
        if (next) controller.enqueue(next);
        else controller.close();
      },
    });
    const response = await fetch(`${gateway.url}/api/v1/user/picture`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: uploadLimitMessage(LIMIT) });
  });

  it('needs the header, not the cookie, for an upload', async () => {
    const token = await provider.sign({ sub: '7' });
    const { body, type } = multipart(10);
    const response = await fetch(`${gateway.url}/api/v1/user/picture`, {
      method: 'POST',
      headers: { cookie: `${TOKEN_COOKIE}=${token}`, 'content-type': type },
      body,
    });
    expect(response.status).toBe(401);
  });
});
