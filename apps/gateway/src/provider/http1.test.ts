import { afterEach, describe, expect, it } from 'vitest';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { callPath, catalogue } from '@showfloor/contracts';
import { ProviderClient } from './client.ts';
import { ProviderError } from './errors.ts';
import { HTTP1_CLOSED, HTTP1_TIMEOUT, Http1Error, Http1Pool, type Http1PoolOptions } from './http1.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  cleanups.push(() => new Promise((resolve) => server.close(resolve)));
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  return `http://127.0.0.1:${address.port}`;
}

/** A node:http server; counts its connections and requests. */
async function httpServer(
  handler: (request: IncomingMessage, response: ServerResponse) => void,
): Promise<{ url: string; connections: () => number; requests: string[] }> {
  let connections = 0;
  const requests: string[] = [];
  const sockets = new Set<Socket>();
  const server = createHttpServer((request, response) => {
    requests.push(`${request.method} ${request.url}`);
    handler(request, response);
  });
  server.on('connection', (socket: Socket) => {
    connections += 1;
    sockets.add(socket);
  });
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
  });
  const url = await listen(server);
  return { url, connections: () => connections, requests };
}

/** A raw TCP server: `onData` sees each connection's bytes as they come. */
async function rawServer(onData: (socket: Socket, seen: string) => void): Promise<string> {
  const sockets = new Set<Socket>();
  const server = createNetServer((socket) => {
    sockets.add(socket);
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      onData(socket, seen);
    });
    socket.on('error', () => undefined);
  });
  cleanups.push(() => {
    for (const socket of sockets) socket.destroy();
  });
  return listen(server);
}

function pool(origin: string, options: Partial<Http1PoolOptions> = {}): Http1Pool {
  const created = new Http1Pool({
    origin,
    connections: 4,
    pipelining: 1,
    keepAliveTimeoutMs: 30_000,
    connectTimeoutMs: 2_000,
    maxResponseSize: 1024 * 1024,
    ...options,
  });
  cleanups.push(() => created.close());
  return created;
}

const get = (path: string): string => `GET ${path} HTTP/1.1\r\nhost: x\r\n\r\n`;
const post = (path: string, body: string): string =>
  `POST ${path} HTTP/1.1\r\nhost: x\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;

async function rejection(promise: Promise<unknown>): Promise<Http1Error> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Http1Error) return error;
    throw error;
  }
  throw new Error('expected an Http1Error');
}

describe('Http1Pool', () => {
  it('speaks https: SNI and the certificate checked for the host name, the connection kept', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'http1-tls-'));
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
    execFileSync(
      'openssl',
      ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1']
        .concat(['-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost'])
        .concat(['-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem')]),
      { stdio: 'ignore' },
    );
    const cert = readFileSync(join(dir, 'cert.pem'));
    let servername: string | undefined;
    let connections = 0;
    const server = createHttpsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert },
      (request, response) => {
        servername = (request.socket as Socket & { servername?: string }).servername;
        response.end(JSON.stringify({ url: request.url }));
      },
    );
    server.on('secureConnection', () => {
      connections += 1;
    });
    const url = (await listen(server as unknown as Server)).replace('http://127.0.0.1', 'https://localhost');
    const secure = pool(url, { ca: cert });
    expect(await secure.request(get('/a'), 2_000)).toEqual({ statusCode: 200, text: '{"url":"/a"}' });
    expect(await secure.request(get('/b'), 2_000)).toEqual({ statusCode: 200, text: '{"url":"/b"}' });
    expect(servername).toBe('localhost');
    expect(connections).toBe(1);
    // Node's own authorities do not know this certificate: refused, as a connection error.
    const untrusted = pool(url);
    expect((await rejection(untrusted.request(get('/c'), 2_000))).code).toBe('DEPTH_ZERO_SELF_SIGNED_CERT');
  });

  it('matches pipelined answers to their requests in order, on one connection, written together', async () => {
    const server = await httpServer((request, response) => {
      // Later requests answer sooner: node:http still sends the answers in request order.
      const index = Number(request.url?.slice(1));
      setTimeout(() => response.end(JSON.stringify({ index })), (8 - index) * 5);
    });
    const pipelined = pool(server.url, { connections: 1, pipelining: 8 });
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) => pipelined.request(get(`/${index}`), 2_000)),
    );
    expect(answers.map((answer) => JSON.parse(answer.text).index)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    expect(answers.every((answer) => answer.statusCode === 200)).toBe(true);
    expect(server.connections()).toBe(1);
    // The connection is kept: the next request reuses it.
    expect((await pipelined.request(get('/0'), 2_000)).text).toBe('{"index":0}');
    expect(server.connections()).toBe(1);
  });

  it('reads a chunked answer, its chunks split across socket reads, and one of Content-Length after it', async () => {
    const body = `{"text":"${'Grüße '.repeat(5)}"}`;
    const url = await rawServer((socket, seen) => {
      if (seen.split('\r\n\r\n').length - 1 !== 2) return;
      const bytes = Buffer.from(body);
      const answer = Buffer.concat([
        Buffer.from('HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\nkeep-alive: timeout=5\r\n\r\n'),
        Buffer.from(`${(7).toString(16)};ext=1\r\n`),
        bytes.subarray(0, 7),
        Buffer.from(`\r\n${(bytes.length - 7).toString(16)}\r\n`),
        bytes.subarray(7),
        Buffer.from('\r\n0\r\nx-trailer: 1\r\n\r\n'),
        Buffer.from('HTTP/1.1 201 Created\r\ncontent-length: 2\r\n\r\n{}'),
      ]);
      // One byte a write: every seam of the parser is crossed.
      let at = 0;
      const drip = (): void => {
        if (at >= answer.length) return;
        socket.write(answer.subarray(at, at + 1));
        at += 1;
        setImmediate(drip);
      };
      drip();
    });
    const pipelined = pool(url, { connections: 1, pipelining: 2 });
    const [first, second] = await Promise.all([
      pipelined.request(get('/a'), 5_000),
      pipelined.request(get('/b'), 5_000),
    ]);
    expect(first).toEqual({ statusCode: 200, text: body });
    expect(second).toEqual({ statusCode: 201, text: '{}' });
  });

  it('fails every request on a connection the server closes mid-answer, and sends none of them again', async () => {
    let requestLines = 0;
    const url = await rawServer((socket, seen) => {
      requestLines = seen.split('POST /store').length - 1;
      if (requestLines === 3) {
        // The first answer whole, the second cut short, then the connection goes.
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}HTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n{"a"',
        );
        setTimeout(() => socket.destroy(), 10);
      }
    });
    const pipelined = pool(url, { connections: 1, pipelining: 4 });
    const results = await Promise.allSettled([
      pipelined.request(post('/store', '{"n":1}'), 2_000),
      pipelined.request(post('/store', '{"n":2}'), 2_000),
      pipelined.request(post('/store', '{"n":3}'), 2_000),
    ]);
    expect(results[0]).toEqual({ status: 'fulfilled', value: { statusCode: 200, text: '{}' } });
    for (const result of results.slice(1)) {
      expect(result.status).toBe('rejected');
      expect((result as PromiseRejectedResult).reason).toMatchObject({ code: HTTP1_CLOSED });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requestLines).toBe(3);
  });

  it('fails a request after its budget, and the pipelined ones stuck behind it, then connects anew', async () => {
    const server = await httpServer((request, response) => {
      if (request.url === '/slow') setTimeout(() => response.end('{}'), 2_000);
      else response.end('{"ok":true}');
    });
    const pipelined = pool(server.url, { connections: 1, pipelining: 2 });
    const started = performance.now();
    const [slow, behind] = await Promise.allSettled([
      pipelined.request(get('/slow'), 150),
      pipelined.request(get('/fast'), 1_000),
    ]);
    const elapsed = performance.now() - started;
    expect((slow as PromiseRejectedResult).reason).toMatchObject({ code: HTTP1_TIMEOUT });
    expect((behind as PromiseRejectedResult).reason).toMatchObject({ code: HTTP1_CLOSED });
    expect(elapsed).toBeGreaterThanOrEqual(145);
    expect(elapsed).toBeLessThan(1_000);
    expect(await pipelined.request(get('/fast'), 1_000)).toEqual({ statusCode: 200, text: '{"ok":true}' });
    expect(server.connections()).toBe(2);
  });

  it('closes after an answer with Connection: close, failing what was written behind it', async () => {
    const server = await httpServer((request, response) => {
      if (request.url === '/last') response.setHeader('connection', 'close');
      response.end('{}');
    });
    const pipelined = pool(server.url, { connections: 1, pipelining: 2 });
    // The next request goes out as soon as the answer is read, before the server's close arrives: on a new
    // connection, not on the one that is closing.
    let again: Promise<unknown> | undefined;
    const [last, behind] = await Promise.allSettled([
      pipelined.request(get('/last'), 1_000).then((answer) => {
        again = pipelined.request(get('/again'), 1_000);
        return answer;
      }),
      pipelined.request(get('/next'), 1_000),
    ]);
    expect(last).toEqual({ status: 'fulfilled', value: { statusCode: 200, text: '{}' } });
    expect((behind as PromiseRejectedResult).reason).toMatchObject({ code: HTTP1_CLOSED });
    expect(await again).toEqual({ statusCode: 200, text: '{}' });
    // '/next' is not sent again (node:http may have read it, and answers nothing after its close).
    expect(server.requests.filter((request) => request === 'GET /next').length).toBeLessThanOrEqual(1);
    expect(server.connections()).toBe(2);
  });

  it('refuses an answer that breaks the protocol or is larger than allowed', async () => {
    const url = await rawServer((socket, seen) => {
      if (!seen.endsWith('\r\n\r\n')) return;
      if (seen.startsWith('GET /garbage')) socket.write('SMTP ready\r\n\r\n');
      else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n');
    });
    const small = pool(url, { maxResponseSize: 50 });
    expect((await rejection(small.request(get('/garbage'), 1_000))).code).toBe('HTTP1_PARSE');
    expect((await rejection(small.request(get('/big'), 1_000))).code).toBe('HTTP1_PARSE');
  });
});

const store = catalogue.conversation.sendMessage;
const STORE_INPUT = { message: 'hi', type: 'message', action: 'message', room_id: 5 };

describe('ProviderClient on the lean transport', () => {
  it('answers a non-2xx JSON error body as the same ProviderError as undici', async () => {
    const server = await httpServer((_request, response) => {
      response.statusCode = 403;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ message: 'Not in this room.', error_code: '403.7', retry_token: 'rt-1' }),
      );
    });
    const errors: ProviderError[] = [];
    for (const transport of ['lean', 'undici'] as const) {
      const client = new ProviderClient({ baseUrl: server.url, transport });
      cleanups.push(() => client.close());
      try {
        await client.request(store, STORE_INPUT, { token: 'tok' });
      } catch (error) {
        if (error instanceof ProviderError) errors.push(error);
      }
    }
    expect(errors).toHaveLength(2);
    const [lean, undici] = errors as [ProviderError, ProviderError];
    expect(lean).toMatchObject({
      status: 403,
      message: 'Not in this room.',
      error_code: '403.7',
      retry_token: 'rt-1',
      failure: 'answer',
    });
    expect({ ...lean, stack: undefined }).toEqual({ ...undici, stack: undefined });
    expect(server.requests).toEqual([`POST ${callPath(store)}`, `POST ${callPath(store)}`]);
  });

  it('fails a pipelined store on a broken connection as unreachable, never sending it twice', async () => {
    let stores = 0;
    const url = await rawServer((socket, seen) => {
      stores = seen.split('POST ').length - 1;
      if (stores === 2) socket.destroy();
    });
    const client = new ProviderClient({ baseUrl: url, connections: 1, pipelining: 4 });
    cleanups.push(() => client.close());
    const results = await Promise.allSettled([
      client.request(store, STORE_INPUT, { token: 'tok' }),
      client.request(store, STORE_INPUT, { token: 'tok' }),
    ]);
    for (const result of results) {
      expect((result as PromiseRejectedResult).reason).toMatchObject({ status: 502, failure: 'unreachable' });
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stores).toBe(2);
  });
});
