import { afterEach, describe, expect, it } from 'vitest';
import type { RequestListener } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';
import { callPath, catalogue } from '@showfloor/contracts';
import { listenOnSparePort, rejectionOf, slowServer, type SpareServer } from '../../test/http-server.ts';
import { ProviderClient } from './client.ts';
import { ProviderError } from './errors.ts';
import {
  HTTP1_CLOSED,
  HTTP1_TIMEOUT,
  Http1Error,
  Http1Pool,
  type Http1Answer,
  type Http1PoolOptions,
} from './http1.ts';

const cleanups: Array<() => unknown> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()?.();
});

/** A server on a spare port, closed with its connections after the test. */
async function serve(server: Server | RequestListener): Promise<SpareServer> {
  const served = await listenOnSparePort(server);
  cleanups.push(served.close);
  return served;
}

/** A raw TCP server: `onData` sees each connection's bytes as they come. */
async function rawServer(onData: (socket: Socket, seen: string) => void): Promise<string> {
  const server = createNetServer((socket) => {
    let seen = '';
    socket.on('data', (chunk) => {
      seen += chunk.toString('latin1');
      onData(socket, seen);
    });
    socket.on('error', () => undefined);
  });
  return (await serve(server)).url;
}

/** Writes `answer` one byte a write, a loop turn apart: every seam of the parser is crossed. */
function dripBytes(socket: Socket, answer: Buffer): void {
  let at = 0;
  const drip = (): void => {
    if (at >= answer.length) return;
    socket.write(answer.subarray(at, at + 1));
    at += 1;
    setImmediate(drip);
  };
  drip();
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

const rejection = (promise: Promise<unknown>): Promise<Http1Error> => rejectionOf(promise, Http1Error);

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
    const url = (await serve(server)).url.replace('http://127.0.0.1', 'https://localhost');
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
    const server = await serve((request, response) => {
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
      dripBytes(socket, answer);
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
    const server = await slowServer(2_000);
    cleanups.push(server.close);
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
    const server = await serve((request, response) => {
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
    const server = await serve((_request, response) => {
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

describe('Http1Pool, adversarial review', () => {
  it("fails a pipelined request at its own budget when it is shorter than the one's ahead of it", async () => {
    const server = await slowServer(3_000);
    cleanups.push(server.close);
    const pipelined = pool(server.url, { connections: 1, pipelining: 2 });
    const started = performance.now();
    const slow = pipelined.request(get('/slow'), 2_500);
    // A retried GET gets what is left of its budget: less than the request ahead of it on the connection.
    const short = await rejection(pipelined.request(get('/fast'), 150));
    const elapsed = performance.now() - started;
    expect(short.code).toBe(HTTP1_TIMEOUT);
    expect(elapsed).toBeLessThan(1_000);
    // The connection goes with it: the one ahead fails as closed (its answer can no longer be read).
    expect((await rejection(slow)).code).toBe(HTTP1_CLOSED);
  });

  it('does not take stray bytes after an answer as the answer of a request sent while they are read', async () => {
    let requests = 0;
    const url = await rawServer((socket, seen) => {
      const count = seen.split('GET /').length - 1;
      if (count <= requests) return;
      requests = count;
      if (count === 1) {
        // The first answer and one nobody asked for, in one write.
        socket.write(
          'HTTP/1.1 200 OK\r\ncontent-length: 8\r\n\r\n{"x":1}\nHTTP/1.1 200 OK\r\ncontent-length: 8\r\n\r\n{"x":66}',
        );
      } else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 7\r\n\r\n{"x":2}');
    });
    const single = pool(url, { connections: 1, pipelining: 1 });
    // One connection, no pipelining: the second request waits, and is sent when the first answer is read.
    const [first, second] = await Promise.allSettled([
      single.request(get('/1'), 1_000),
      single.request(get('/2'), 1_000),
    ]);
    expect(first).toEqual({ status: 'fulfilled', value: { statusCode: 200, text: '{"x":1}\n' } });
    expect(second.status).toBe('rejected');
    expect((second as PromiseRejectedResult).reason).toMatchObject({ code: 'HTTP1_PARSE' });
  });

  it('sends a request queued on a connection the server closed, read before it was written, on a new one', async () => {
    const sockets: Socket[] = [];
    const stores: number[] = [];
    const url = await rawServer((socket, seen) => {
      if (!sockets.includes(socket)) sockets.push(socket);
      const own = sockets.indexOf(socket) + 1;
      if (seen.split('POST /').length - 1 > stores.filter((at) => at === own).length) {
        stores.push(own);
        socket.write(`HTTP/1.1 201 Created\r\ncontent-length: 7\r\n\r\n{"n":${stores.length}}`);
      }
    });
    const pipelined = pool(url, { connections: 2, pipelining: 8 });
    expect(await pipelined.request(post('/store', '{"n":1}'), 1_000)).toEqual({
      statusCode: 201,
      text: '{"n":1}',
    });
    // The server closes the idle connection; its close is in the client's socket before the client's loop
    // reads it, when a store is queued on that connection (timers phase, before the loop's poll).
    const next = await new Promise<Promise<unknown>>((resolve) => {
      setTimeout(() => {
        (sockets[0] as Socket).destroy();
        const until = performance.now() + 30;
        while (performance.now() < until); // the FIN reaches the client's socket
        resolve(pipelined.request(post('/store', '{"n":2}'), 1_000));
      }, 5);
    });
    // Not written on the closed connection: sent on a new one, once.
    expect(await next).toEqual({ statusCode: 201, text: '{"n":2}' });
    expect(stores).toEqual([1, 2]);
  });

  it('closes an idle connection that gets bytes nobody asked for, and answers the next request on a new one', async () => {
    const sockets: Socket[] = [];
    const url = await rawServer((socket, seen) => {
      if (!sockets.includes(socket)) sockets.push(socket);
      if (seen.endsWith('\r\n\r\n')) socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}');
    });
    const single = pool(url, { connections: 1, pipelining: 1 });
    expect(await single.request(get('/1'), 1_000)).toEqual({ statusCode: 200, text: '{}' });
    const first = sockets[0] as Socket;
    const closed = new Promise((resolve) => first.once('close', resolve));
    first.write('HTTP/1.1 200 OK\r\ncontent-length: 8\r\n\r\n{"x":66}');
    await closed;
    expect(await single.request(get('/2'), 1_000)).toEqual({ statusCode: 200, text: '{}' });
    expect(sockets).toHaveLength(2);
  });

  it("without pipelining, sends a POST on a new connection when the idle one's close came in unread", async () => {
    const BODY = '{"message":"hi"}';
    const sockets: Socket[] = [];
    const seenBy = new Map<Socket, string>();
    const url = await rawServer((socket, seen) => {
      if (!sockets.includes(socket)) sockets.push(socket);
      seenBy.set(socket, seen);
      if (seen === get('/first')) socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}');
      else if (seen === post('/store', BODY))
        socket.write('HTTP/1.1 201 Created\r\ncontent-length: 15\r\n\r\n{"stored":true}');
    });
    const single = pool(url, { connections: 1, pipelining: 1 });
    expect(await single.request(get('/first'), 1_000)).toEqual({ statusCode: 200, text: '{}' });
    // The connection is idle. The server closes it, announced by nothing but its FIN (destroy() sends it at
    // once): the FIN is here, not yet read (this side reads in the loop's next poll), when the POST comes.
    const stored = new Promise<Http1Answer>((resolve, reject) => {
      setImmediate(() => {
        (sockets[0] as Socket).destroy();
        single.request(post('/store', BODY), 1_000).then(resolve, reject);
      });
    });
    expect(await stored).toEqual({ statusCode: 201, text: '{"stored":true}' });
    expect(sockets).toHaveLength(2);
    expect(seenBy.get(sockets[0] as Socket)).toBe(get('/first'));
  });

  it('refuses a 101 Switching Protocols answer nobody asked for', async () => {
    const url = await rawServer((socket, seen) => {
      if (seen.endsWith('\r\n\r\n'))
        socket.write(
          'HTTP/1.1 101 Switching Protocols\r\nupgrade: h2c\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\n{}',
        );
    });
    expect((await rejection(pool(url).request(get('/'), 1_000))).code).toBe('HTTP1_PARSE');
  });

  it('reads 100 Continue, 204 and 304 answers, every answer fed one byte a read', async () => {
    const answer = Buffer.from(
      'HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 4\r\n\r\n{"a"' +
        'HTTP/1.1 204 No Content\r\ncontent-length: 9\r\n\r\n' +
        'HTTP/1.1 304 Not Modified\r\n\r\n' +
        'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n1;a=b\r\nx\r\n0\r\nt: 1\r\n\r\n',
    );
    const url = await rawServer((socket, seen) => {
      if (seen.split('\r\n\r\n').length - 1 !== 4) return;
      dripBytes(socket, answer);
    });
    const pipelined = pool(url, { connections: 1, pipelining: 4 });
    const answers = await Promise.all(
      ['/a', '/b', '/c', '/d'].map((path) => pipelined.request(get(path), 5_000)),
    );
    expect(answers).toEqual([
      { statusCode: 200, text: '{"a"' },
      { statusCode: 204, text: '' },
      { statusCode: 304, text: '' },
      { statusCode: 200, text: 'x' },
    ]);
  });

  it('refuses conflicting lengths, bad chunk sizes and endless heads or chunk lines', async () => {
    const answers: Record<string, string> = {
      '/two-lengths': 'HTTP/1.1 200 OK\r\ncontent-length: 2\r\ncontent-length: 3\r\n\r\n{}',
      '/length-list': 'HTTP/1.1 200 OK\r\ncontent-length: 2, 2\r\n\r\n{}',
      '/te-and-length': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\ncontent-length: 2\r\n\r\n0\r\n\r\n',
      '/gzip': 'HTTP/1.1 200 OK\r\ntransfer-encoding: gzip, chunked\r\n\r\n0\r\n\r\n',
      '/hex': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n',
      '/overflow': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n1000000000000000a\r\n',
      '/huge-chunk': 'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nffffffff\r\n',
      '/endless-head': `HTTP/1.1 200 OK\r\nx: ${'a'.repeat(70 * 1024)}`,
      '/endless-chunk-line': `HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\n1;${'e'.repeat(9 * 1024)}`,
    };
    const url = await rawServer((socket, seen) => {
      if (!seen.endsWith('\r\n\r\n')) return;
      const path = /^GET (\S+)/.exec(seen)?.[1] ?? '';
      socket.write(answers[path] ?? 'HTTP/1.1 500 No\r\ncontent-length: 0\r\n\r\n');
    });
    const small = pool(url, { maxResponseSize: 1024 });
    for (const path of Object.keys(answers)) {
      expect([path, (await rejection(small.request(get(path), 2_000))).code]).toEqual([path, 'HTTP1_PARSE']);
    }
  });

  it('reads the status line and the headers it knows in any case, and refuses a malformed head', async () => {
    const ok = '\r\ncontent-length: 2\r\n\r\n{}';
    const answers: Record<string, string> = {
      '/no-reason': 'HTTP/1.1 200\r\nCONTENT-LENGTH: 2\r\n\r\n{}',
      '/chunked':
        'HTTP/1.1 200 OK\r\nTransfer-Encoding: Chunked\r\nKeep-Alive: Timeout=5\r\n\r\n2\r\n{}\r\n0\r\n\r\n',
      '/http10-kept': 'HTTP/1.0 200 OK\r\nContent-Length: 2\r\nConnection: Keep-Alive\r\n\r\n{}',
      '/http10': 'HTTP/1.0 200 OK\r\nContent-Length: 2\r\n\r\n{}',
      '/close': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: Close\r\n\r\n{}',
      '/minor': `HTTP/1.2 200 OK${ok}`,
      '/lowercase': `http/1.1 200 OK${ok}`,
      '/four-digits': `HTTP/1.1 2000 OK${ok}`,
      '/not-digits': `HTTP/1.1 2x0 OK${ok}`,
      '/no-space': `HTTP/1.1 200OK${ok}`,
      '/short': `HTTP/1.1 20${ok}`,
      '/no-colon': 'HTTP/1.1 200 OK\r\ncontent-length 2\r\n\r\n{}',
      '/empty-name': `HTTP/1.1 200 OK\r\n: 2${ok}`,
      '/gzip': 'HTTP/1.1 200 OK\r\nTRANSFER-ENCODING: GZIP\r\n\r\n',
      '/two-lengths': 'HTTP/1.1 200 OK\r\nContent-Length: 2\r\ncontent-LENGTH: 3\r\n\r\n{}',
    };
    // Which connection each request came on (0, 1, ... in the order they were opened).
    const connections: Socket[] = [];
    const arrivals: Array<[string, number]> = [];
    const url = await rawServer((socket, seen) => {
      if (!seen.endsWith('\r\n\r\n')) return;
      if (!connections.includes(socket)) connections.push(socket);
      const path = /GET (\S+) HTTP\/1\.1\r\nhost: x\r\n\r\n$/.exec(seen)?.[1] ?? '';
      arrivals.push([path, connections.indexOf(socket)]);
      socket.write(answers[path] ?? `HTTP/1.1 200 OK${ok}`);
    });
    const one = pool(url, { connections: 1 });
    for (const path of ['/no-reason', '/chunked', '/http10-kept', '/http10', '/after', '/close', '/last']) {
      expect([path, await one.request(get(path), 2_000)]).toEqual([path, { statusCode: 200, text: '{}' }]);
    }
    // HTTP/1.0 closes unless told to keep the connection, HTTP/1.1 keeps it unless told to close.
    expect(arrivals).toEqual([
      ['/no-reason', 0],
      ['/chunked', 0],
      ['/http10-kept', 0],
      ['/http10', 0],
      ['/after', 1],
      ['/close', 1],
      ['/last', 2],
    ]);
    for (const path of Object.keys(answers).slice(5)) {
      expect([path, (await rejection(one.request(get(path), 2_000))).code]).toEqual([path, 'HTTP1_PARSE']);
    }
  });

  it('holds its connections, timers and sockets bounded over 10,000 pipelined calls', async () => {
    const server = await serve((_request, response) => response.end('{}'));
    const pipelined = pool(server.url, { connections: 4, pipelining: 8 });
    const resources = (): Record<string, number> => {
      const counts: Record<string, number> = {};
      for (const kind of process.getActiveResourcesInfo()) counts[kind] = (counts[kind] ?? 0) + 1;
      return counts;
    };
    await pipelined.request(get('/warm'), 2_000);
    const before = resources();
    for (let round = 0; round < 20; round += 1) {
      const answers = await Promise.all(
        Array.from({ length: 500 }, () => pipelined.request(get('/'), 5_000)),
      );
      expect(answers.every((answer) => answer.text === '{}')).toBe(true);
    }
    const after = resources();
    expect(server.connections()).toBeLessThanOrEqual(4);
    expect(after['Timeout'] ?? 0).toBeLessThanOrEqual((before['Timeout'] ?? 0) + 1);
    expect(after['TCPSocketWrap'] ?? 0).toBeLessThanOrEqual((before['TCPSocketWrap'] ?? 0) + 2 * 4);
    // close() ends every connection and fails what is pending.
    const pending = pipelined.request(get('/'), 5_000);
    pipelined.close();
    expect((await rejection(pending)).code).toBe(HTTP1_CLOSED);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(resources()['TCPSocketWrap'] ?? 0).toBeLessThanOrEqual(before['TCPSocketWrap'] ?? 0);
  });
});

describe('ProviderClient on the lean transport, adversarial review', () => {
  it('refuses a token, request id or path that could split or bend the request, as undici does, sending nothing', async () => {
    const server = await serve((_request, response) => response.end('{}'));
    const getUser = catalogue.user.getUser;
    const badPath = { ...getUser, path: '/user/a b\r\nx-injected: 1' };
    const attempts: Array<[string, () => Promise<unknown>]> = [];
    for (const transport of ['lean', 'undici'] as const) {
      const client = new ProviderClient({ baseUrl: server.url, transport });
      cleanups.push(() => client.close());
      attempts.push(
        [
          `${transport} token`,
          () => client.request(store, STORE_INPUT, { token: 'tok\u010a\u010dx-injected: 1' }),
        ],
        [`${transport} token control`, () => client.request(store, STORE_INPUT, { token: 'tok\u0001' })],
        [`${transport} request id`, () => client.request(store, STORE_INPUT, { requestId: 'r\u2028\u0100' })],
        [`${transport} path`, () => client.request(badPath, {})],
      );
    }
    const outcomes: Array<[string, unknown]> = [];
    for (const [name, attempt] of attempts) {
      try {
        await attempt();
        outcomes.push([name, 'sent']);
      } catch (error) {
        outcomes.push([
          name,
          error instanceof ProviderError ? `${error.status} ${error.failure}` : String(error),
        ]);
      }
    }
    expect(outcomes).toEqual(attempts.map(([name]) => [name, '502 unreachable']));
    expect(server.requests).toEqual([]);
  });

  it('sends the byte length of a UTF-8 body as its Content-Length', async () => {
    const bodies: string[] = [];
    const server = await serve((request, response) => {
      let body = '';
      request.setEncoding('utf8');
      request.on('data', (part: string) => (body += part));
      request.on('end', () => {
        bodies.push(body);
        response.statusCode = 201;
        response.setHeader('content-type', 'application/json');
        response.end(JSON.stringify({ message: 'ok' }));
      });
    });
    const client = new ProviderClient({ baseUrl: server.url, connections: 1 });
    cleanups.push(() => client.close());
    const message = 'Grüße, 你好 🎉 \u2028 end';
    await Promise.allSettled([
      client.request(store, { ...STORE_INPUT, message }, { token: 'tok' }),
      client.request(store, { ...STORE_INPUT, message: 'after' }, { token: 'tok' }),
    ]);
    // node:http reads each body by its Content-Length: a character count would cut the first and bend the second.
    expect(bodies.map((body) => (JSON.parse(body) as { message: string }).message)).toEqual([
      message,
      'after',
    ]);
  });
});
