/**
 * Files through the gateway's proxy to the real mock provider: downloads keep the provider's content type
 * and bytes, a 5 MiB upload streams through, an oversize one gets 413 naming the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogue, callPath, type CurrentUser } from '@showfloor/contracts';
import { startGateway, signInThroughGateway, type RunningGateway } from '../../test/gateway.ts';
import { startMockProvider, type MockProvider } from '../../test/mock-provider.ts';
import { TOKEN_COOKIE } from './token-cookie.ts';
import { uploadLimitMessage } from './files.ts';

const LIMIT = 8 * 1024 * 1024;
let mock: MockProvider;
let gateway: RunningGateway;
let ada: CurrentUser;
let cookie: string;

beforeAll(async () => {
  mock = await startMockProvider();
  gateway = await startGateway(mock.url, { UPLOAD_LIMIT_BYTES: String(LIMIT) });
  ({ user: ada, cookie } = await signInThroughGateway(gateway.url, 'ada@demo.test'));
});
afterAll(async () => {
  await gateway?.close();
  await mock?.close();
});

/** The same GET straight from the provider, for comparison. */
async function fromProvider(path: string, token?: string): Promise<{ type: string | null; bytes: Buffer }> {
  const response = await fetch(
    `${mock.url}${path}`,
    token ? { headers: { authorization: `Bearer ${token}` } } : {},
  );
  expect(response.status).toBe(200);
  return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A PNG of about `size` bytes: a valid header and IHDR, then filler in an ancillary chunk. */
function bigPng(size: number): Buffer {
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
    'base64',
  );
  return Buffer.concat([png, Buffer.alloc(Math.max(0, size - png.length), 0x20)]);
}

describe('file proxy to the mock provider', () => {
  it('sets the httpOnly token cookie at sign-in', () => {
    expect(cookie.startsWith(`${TOKEN_COOKIE}=`)).toBe(true);
  });

  it('downloads the poster (public) with the provider content type and bytes', async () => {
    const path = `${callPath(catalogue.content.getPoster)}?event_code=DEMO`;
    const expected = await fromProvider(path);
    const response = await fetch(`${gateway.url}${path}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(expected.type);
    expect(Buffer.from(await response.arrayBuffer()).equals(expected.bytes)).toBe(true);
    expect(expected.bytes.length).toBeGreaterThan(0);
  });

  it('downloads the private chats CSV with the cookie of a browser link', async () => {
    const path = `${callPath(catalogue.conversation.exportChats).replace(':id', String(ada.id))}?utc_offset=60`;
    const expected = await fromProvider(path, ada.jwt_token);
    const response = await fetch(`${gateway.url}${path}`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe(expected.type);
    expect(Buffer.from(await response.arrayBuffer()).equals(expected.bytes)).toBe(true);
  });

  it('streams a 5 MiB picture upload through to the provider and the stored picture back', async () => {
    const form = new FormData();
    form.append('file', new Blob([bigPng(5 * 1024 * 1024)], { type: 'image/png' }), 'ada.png');
    const before = mock.callHits().filter((hit) => hit.includes('/picture')).length;
    const response = await fetch(
      `${gateway.url}${callPath(catalogue.user.uploadPicture)}?user_id=${ada.id}`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${ada.jwt_token}` },
        body: form,
      },
    );
    const body = (await response.json()) as { profile_picture?: string; message?: string };
    expect(response.status, JSON.stringify(body)).toBe(200);
    expect(body.profile_picture).toBeTruthy();
    expect(mock.callHits().filter((hit) => hit.includes('/picture')).length).toBe(before + 1);
    // The stored picture comes back through the proxy with the cookie.
    const picture = await fetch(
      `${gateway.url}${callPath(catalogue.user.getProfilePicture)}?path=${encodeURIComponent(body.profile_picture ?? '')}`,
      {
        headers: { cookie },
      },
    );
    expect(picture.status).toBe(200);
    expect(picture.headers.get('content-type')).toContain('image/');
    // Read to the end: an unread body keeps the connection busy, and the gateway's close waits for it.
    expect((await picture.arrayBuffer()).byteLength).toBe(5 * 1024 * 1024);
  });

  it('answers an oversize upload with 413 naming the limit, without bothering the provider', async () => {
    const form = new FormData();
    form.append('file', new Blob([bigPng(LIMIT + 1)], { type: 'image/png' }), 'huge.png');
    const before = mock.callHits().length;
    const uploadPath = callPath(catalogue.user.uploadPicture);
    const response = await fetch(`${gateway.url}${uploadPath}?user_id=${ada.id}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ada.jwt_token}` },
      body: form,
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ message: uploadLimitMessage(LIMIT) });
    // No request of the upload reached the provider (other traffic, such as a key-set refresh, may).
    expect(
      mock
        .callHits()
        .slice(before)
        .filter((hit) => hit.endsWith(uploadPath)),
    ).toEqual([]);
  });
});
