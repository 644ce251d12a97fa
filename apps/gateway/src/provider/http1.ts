/**
 * The provider client's lean HTTP/1.1 transport (issue 17): keep-alive connections over `node:net` (or
 * `node:tls` for an https provider), one prebuilt request string per call, the requests of one tick on a
 * connection written together (one write), a strict response parser (status line, headers, Content-Length,
 * chunked and close-delimited bodies, `Connection: close`, the server's `Keep-Alive: timeout`), and a time
 * budget per request checked by one sweep per pool instead of a timer per request.
 *
 * It never sends a request twice: a connection that breaks or times out fails every request written on it
 * and not yet answered (a pipelined POST behind a stuck one included) with a `Http1Error` whose `code` says
 * why; the provider client turns those into its `ProviderError`s, retrying only an idempotent GET. A request
 * queued for a tick's write on a connection that closes before the write goes to another connection (it was
 * never sent). Every request's own budget holds, also behind a slower one on a pipelined connection.
 */
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { connect as tlsConnect } from 'node:tls';

/** A provider answer before it is read: its status and body text. */
export interface Http1Answer {
  statusCode: number;
  text: string;
}

/** Why a request got no answer: a connection error code (`ECONNRESET`...), or `HTTP1_TIMEOUT` / `HTTP1_PARSE`... */
export class Http1Error extends Error {
  override readonly name = 'Http1Error';
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }
}

/** The request got no answer within its budget. */
export const HTTP1_TIMEOUT = 'HTTP1_TIMEOUT';
/** The connection could not be made within its budget. */
export const HTTP1_CONNECT_TIMEOUT = 'HTTP1_CONNECT_TIMEOUT';
/** The answer broke the protocol (or was larger than allowed). */
export const HTTP1_PARSE = 'HTTP1_PARSE';
/** The connection closed before the answer was whole. */
export const HTTP1_CLOSED = 'ECONNRESET';

export interface Http1PoolOptions {
  /** http: or https: origin. */
  origin: string;
  /** Most connections open at once. */
  connections: number;
  /** Most requests written and not yet answered on one connection (1: no pipelining). */
  pipelining: number;
  /** An idle connection is closed after this long (or sooner, by the server's `Keep-Alive: timeout`), ms. */
  keepAliveTimeoutMs: number;
  /** Longest wait for a connection, ms. */
  connectTimeoutMs: number;
  /** Largest answer body, bytes. */
  maxResponseSize: number;
  /** https: certificate authorities to trust instead of Node's (tests). */
  ca?: string | Buffer | undefined;
}

interface Pending {
  /** The request's whole text: request line, headers, blank line, body. */
  text: string;
  /** performance.now() by which the answer must be whole. */
  deadline: number;
  resolve: (answer: Http1Answer) => void;
  reject: (error: unknown) => void;
}

/** A server's keep-alive hint is trusted minus this margin (the close may already be under way). */
const KEEP_ALIVE_MARGIN_MS = 1_000;
/** How often the pool checks the budgets of its requests, ms (a request fails at most this much late). */
const SWEEP_MS = 50;

/**
 * The patterns an answer's head and chunk lines are checked against, made once: a regular expression literal in
 * a function is a new object each time it runs (none of these is global or sticky: they keep no state).
 */
const CONTENT_LENGTH = /^\d{1,15}$/;
const KEEP_ALIVE_TIMEOUT = /timeout=(\d+)/i;
const CHUNK_SIZE = /^[0-9A-Fa-f]{1,8}$/;

/** '\n', the end of a chunk line (the '\r' before it is checked and dropped). */
const LF = 0x0a;

/** One keep-alive connection and the requests written on it, in order. */
class Connection {
  readonly socket: Socket;
  /** Written and not yet answered, oldest first. */
  readonly inFlight: Pending[] = [];
  /** Text queued for this tick's write. */
  #out = '';
  /** How many of `inFlight` (the last ones) are in `#out`, not written yet. */
  #unwritten = 0;
  flushQueued = false;
  /** In the pool's idle list since its last answer: its close may be here, unread (see `send`). */
  idle = false;
  #connected = false;
  #closed = false;
  /** performance.now() after which an idle connection is not used again. */
  idleUntil = Infinity;
  readonly #pool: Http1Pool;
  readonly #connectTimer: ReturnType<typeof setTimeout>;
  /** The answer being read. */
  readonly #parser = new AnswerParser();

  constructor(pool: Http1Pool, socket: Socket, connectTimeoutMs: number) {
    this.#pool = pool;
    this.socket = socket;
    socket.setNoDelay(true);
    this.#connectTimer = setTimeout(() => {
      this.fail(new Http1Error(HTTP1_CONNECT_TIMEOUT, 'provider connection timed out'));
    }, connectTimeoutMs);
    this.#connectTimer.unref();
    socket.once(pool.secure ? 'secureConnect' : 'connect', () => {
      clearTimeout(this.#connectTimer);
      this.#connected = true;
      socket.setKeepAlive(true, 60_000);
    });
    socket.on('data', (chunk: Buffer) => this.#onData(chunk));
    socket.on('end', () => this.#onEnd());
    socket.on('error', (error: Error & { code?: string }) => {
      this.fail(new Http1Error(error.code ?? HTTP1_CLOSED, error.message, { cause: error }));
    });
    socket.on('close', () => this.fail(new Http1Error(HTTP1_CLOSED, 'provider connection closed')));
  }

  get isOpen(): boolean {
    return !this.#closed;
  }

  /**
   * Sends a request on this connection: queued and written with the others of this loop turn (the check phase,
   * after every inbound frame of the turn). Without pipelining (one request at a time) a request goes out at
   * once, unless the connection was idle: the server may have closed it (its FIN here, not read yet), and a
   * request written at once would fail with it though the server never saw it. Written in the check phase,
   * after the poll that reads a close that came before it, such a request goes to another connection instead
   * (`#shut`: what is not written yet is handed back to the pool). A close that comes later still fails what
   * is written (never sent twice).
   */
  send(request: Pending): void {
    this.inFlight.push(request);
    this.idleUntil = Infinity;
    const wasIdle = this.idle;
    this.idle = false;
    if (this.#pool.pipelining === 1 && !wasIdle) {
      this.socket.write(request.text);
      return;
    }
    this.#out += request.text;
    this.#unwritten += 1;
    if (!this.flushQueued) {
      this.flushQueued = true;
      setImmediate(flush, this);
    }
  }

  flush(): void {
    this.flushQueued = false;
    if (this.#closed || this.#out === '') return;
    const text = this.#out;
    this.#out = '';
    this.#unwritten = 0;
    this.socket.write(text);
  }

  /**
   * Fails every written request on this connection with `error` and closes it (never resending one); the
   * requests queued for this tick's write and not written yet go back to the pool, to another connection.
   */
  fail(error: Http1Error): void {
    this.#shut((request) => request.reject(error));
  }

  /**
   * Closes the connection and hands each written request to `settle`: nothing is resent. Requests not yet
   * written (queued for this tick's write) go back to the pool: sending them elsewhere sends nothing twice.
   */
  #shut(settle: (request: Pending) => void): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#connectTimer);
    const unwritten = this.#unwritten > 0 ? this.inFlight.splice(this.inFlight.length - this.#unwritten) : [];
    this.#out = '';
    this.#unwritten = 0;
    this.socket.destroy();
    const requests = this.inFlight.splice(0);
    this.#pool.dropped(this, unwritten);
    for (const request of requests) settle(request);
  }

  /**
   * Fails the connection when a written request is past its budget (the oldest, or one behind it with a
   * shorter budget): its answer can only come after the ones before it, so the connection goes, the late
   * requests fail with a timeout and the others written on it as closed.
   */
  sweep(now: number): void {
    const requests = this.inFlight;
    const written = requests.length - this.#unwritten;
    let late = false;
    for (let index = 0; index < written; index += 1) {
      if ((requests[index] as Pending).deadline <= now) {
        late = true;
        break;
      }
    }
    if (late) {
      const error = this.#connected
        ? new Http1Error(HTTP1_TIMEOUT, 'provider answer timed out')
        : new Http1Error(HTTP1_CONNECT_TIMEOUT, 'provider connection timed out');
      const broken = new Http1Error(HTTP1_CLOSED, 'provider connection closed after a timed-out request');
      this.#shut((request) => request.reject(request.deadline <= now ? error : broken));
    } else if (requests.length === 0 && now > this.idleUntil) {
      this.close();
    }
  }

  close(): void {
    if (this.#closed) return;
    this.fail(new Http1Error(HTTP1_CLOSED, 'provider connection closed by the client'));
  }

  #onData(chunk: Buffer): void {
    let buffer = chunk;
    // These bytes can answer only the requests written before they came: one sent while they are read (a
    // waiting request the pool hands over on an answer) must not take the rest of them as its answer.
    let expected = this.inFlight.length - this.#unwritten;
    while (buffer.length > 0 && !this.#closed) {
      const request = expected > 0 ? this.inFlight[0] : undefined;
      if (request === undefined) {
        this.fail(new Http1Error(HTTP1_PARSE, 'provider sent bytes nobody asked for'));
        return;
      }
      let used: number;
      try {
        used = this.#parser.feed(buffer, this.#pool.maxResponseSize);
      } catch (error) {
        this.fail(error instanceof Http1Error ? error : new Http1Error(HTTP1_PARSE, String(error)));
        return;
      }
      if (used < 0) return; // not whole yet: the parser holds what came
      buffer = buffer.subarray(used);
      expected -= 1;
      this.#answered();
    }
  }

  #answered(): void {
    const parser = this.#parser;
    const request = this.inFlight.shift() as Pending;
    const answer: Http1Answer = { statusCode: parser.statusCode, text: parser.text() };
    const keepAlive = parser.keepAlive;
    const hintMs = parser.keepAliveHintMs;
    parser.reset();
    request.resolve(answer);
    if (!keepAlive) {
      // The server closes after this answer: whatever was written behind it gets no answer here.
      this.fail(new Http1Error(HTTP1_CLOSED, 'provider closed the connection after an answer'));
      return;
    }
    if (this.inFlight.length === 0) {
      const limit =
        hintMs === undefined
          ? this.#pool.keepAliveTimeoutMs
          : Math.min(this.#pool.keepAliveTimeoutMs, hintMs - KEEP_ALIVE_MARGIN_MS);
      this.idleUntil = performance.now() + limit;
    }
    this.#pool.freed(this);
  }

  #onEnd(): void {
    // A close-delimited body ends here; anything else in flight gets no answer.
    const request = this.inFlight[0];
    if (request !== undefined && this.#parser.endOfStream()) {
      this.#answered();
    }
    this.fail(new Http1Error(HTTP1_CLOSED, 'provider closed the connection'));
  }
}

function flush(connection: Connection): void {
  connection.flush();
}

const enum Stage {
  Head,
  Body,
  ChunkSize,
  ChunkData,
  ChunkDataEnd,
  Trailers,
  UntilClose,
}

/** A strict HTTP/1.1 answer parser: one answer at a time, fed the connection's bytes. */
class AnswerParser {
  statusCode = 0;
  keepAlive = true;
  keepAliveHintMs: number | undefined;
  #stage = Stage.Head;
  #head = '';
  #remaining = 0;
  /** The body's parts: the first (usually the only one: one socket read), then any others. */
  #first: Buffer | undefined;
  #rest: Buffer[] | undefined;
  #bodyBytes = 0;
  #noBody = false;
  #lineRest = '';

  reset(): void {
    this.statusCode = 0;
    this.keepAlive = true;
    this.keepAliveHintMs = undefined;
    this.#stage = Stage.Head;
    this.#head = '';
    this.#remaining = 0;
    this.#first = undefined;
    this.#rest = undefined;
    this.#bodyBytes = 0;
    this.#noBody = false;
    this.#lineRest = '';
  }

  text(): string {
    const first = this.#first;
    if (first === undefined) return '';
    return (this.#rest === undefined ? first : Buffer.concat([first, ...this.#rest])).toString('utf8');
  }

  /** A close-delimited answer is whole at the end of the stream. */
  endOfStream(): boolean {
    return this.#stage === Stage.UntilClose;
  }

  /**
   * Takes bytes of the current answer from `buffer`; answers how many the whole answer used (the rest belongs
   * to the next one), or -1 when it needs more (then all of `buffer` is held in the parser's state).
   */
  feed(buffer: Buffer, maxBody: number): number {
    let at = 0;
    while (at < buffer.length || this.#stage === Stage.Body) {
      switch (this.#stage) {
        case Stage.Head: {
          let end: number;
          if (this.#head === '') {
            end = buffer.indexOf('\r\n\r\n', at, 'latin1');
            if (end >= 0) {
              this.#head = buffer.toString('latin1', at, end);
              at = end + 4;
            }
          } else {
            // A head split between chunks: look again across the seam.
            const from = Math.max(0, this.#head.length - 3);
            this.#head += buffer.toString('latin1', at);
            const seam = this.#head.indexOf('\r\n\r\n', from);
            end = seam;
            if (seam >= 0) {
              at = buffer.length - (this.#head.length - (seam + 4));
              this.#head = this.#head.slice(0, seam);
            }
          }
          if (end < 0) {
            if (this.#head === '') this.#head = buffer.toString('latin1', at);
            if (this.#head.length > 64 * 1024)
              throw new Http1Error(HTTP1_PARSE, 'provider answer head too long');
            return -1;
          }
          if (this.#readHead(maxBody)) continue; // an informational answer: the real one follows
          break;
        }
        case Stage.Body: {
          if (this.#remaining === 0) return this.#done(at);
          const take = Math.min(this.#remaining, buffer.length - at);
          if (take === 0) return -1;
          this.#addBody(buffer.subarray(at, at + take), maxBody);
          at += take;
          this.#remaining -= take;
          if (this.#remaining === 0) return this.#done(at);
          break;
        }
        case Stage.ChunkSize:
        case Stage.ChunkDataEnd:
        case Stage.Trailers: {
          const newline = buffer.indexOf(LF, at);
          if (newline < 0) {
            this.#lineRest += buffer.toString('latin1', at);
            if (this.#lineRest.length > 8 * 1024)
              throw new Http1Error(HTTP1_PARSE, 'provider chunk line too long');
            return -1;
          }
          let line = this.#lineRest + buffer.toString('latin1', at, newline);
          this.#lineRest = '';
          at = newline + 1;
          if (!line.endsWith('\r')) throw new Http1Error(HTTP1_PARSE, 'provider chunk line without CRLF');
          line = line.slice(0, -1);
          if (this.#stage === Stage.ChunkDataEnd) {
            if (line !== '') throw new Http1Error(HTTP1_PARSE, 'provider chunk without its CRLF');
            this.#stage = Stage.ChunkSize;
          } else if (this.#stage === Stage.Trailers) {
            if (line === '') return this.#done(at);
          } else {
            const semicolon = line.indexOf(';');
            const hex = (semicolon < 0 ? line : line.slice(0, semicolon)).trim();
            if (!CHUNK_SIZE.test(hex)) throw new Http1Error(HTTP1_PARSE, 'provider chunk size is not hex');
            const size = Number.parseInt(hex, 16);
            // Refused at once, as a Content-Length over the limit is (not after waiting for the bytes).
            if (this.#bodyBytes + size > maxBody)
              throw new Http1Error(HTTP1_PARSE, 'provider answer too large');
            if (size === 0) this.#stage = Stage.Trailers;
            else {
              this.#remaining = size;
              this.#stage = Stage.ChunkData;
            }
          }
          break;
        }
        case Stage.ChunkData: {
          const take = Math.min(this.#remaining, buffer.length - at);
          this.#addBody(buffer.subarray(at, at + take), maxBody);
          at += take;
          this.#remaining -= take;
          if (this.#remaining === 0) this.#stage = Stage.ChunkDataEnd;
          break;
        }
        case Stage.UntilClose: {
          this.#addBody(buffer.subarray(at), maxBody);
          at = buffer.length;
          break;
        }
      }
    }
    return -1;
  }

  #addBody(part: Buffer, maxBody: number): void {
    if (part.length === 0) return;
    this.#bodyBytes += part.length;
    if (this.#bodyBytes > maxBody) throw new Http1Error(HTTP1_PARSE, 'provider answer too large');
    // A view of the socket's chunk: Node hands each 'data' chunk over, it is not reused.
    if (this.#first === undefined) this.#first = part;
    else if (this.#rest === undefined) this.#rest = [part];
    else this.#rest.push(part);
  }

  #done(used: number): number {
    return used;
  }

  /**
   * Reads the status line and headers; answers true for a 1xx answer (skipped). The head is walked in place:
   * only the values of the four headers read here are cut out of it (nothing per other header or per line).
   */
  #readHead(maxBody: number): boolean {
    const head = this.#head;
    this.#head = '';
    let end = head.indexOf('\r\n');
    if (end < 0) end = head.length;
    const statusCode = statusCodeOf(head, end);
    if (statusCode < 0) throw new Http1Error(HTTP1_PARSE, 'provider answer has no HTTP/1.x status line');
    // 101 Switching Protocols: nothing here asks to switch; what follows is not HTTP/1.1 answers.
    if (statusCode === 101) throw new Http1Error(HTTP1_PARSE, 'provider switched protocols unasked');
    if (statusCode >= 100 && statusCode < 200) return true;
    this.statusCode = statusCode;
    let keepAlive = head.charCodeAt(7) === DIGIT_ONE; // HTTP/1.1 keeps the connection unless told otherwise
    let contentLength: number | undefined;
    let chunked = false;
    while (end < head.length) {
      const start = end + 2;
      end = head.indexOf('\r\n', start);
      if (end < 0) end = head.length;
      const colon = head.indexOf(':', start);
      if (colon <= start || colon >= end)
        throw new Http1Error(HTTP1_PARSE, 'provider answer has a malformed header');
      if (isHeaderName(head, start, colon, 'content-length')) {
        const value = head.slice(colon + 1, end).trim();
        if (!CONTENT_LENGTH.test(value))
          throw new Http1Error(HTTP1_PARSE, 'provider answer has a bad Content-Length');
        const length = Number(value);
        if (contentLength !== undefined && contentLength !== length)
          throw new Http1Error(HTTP1_PARSE, 'provider answer has two Content-Lengths');
        contentLength = length;
      } else if (isHeaderName(head, start, colon, 'transfer-encoding')) {
        const codings = head
          .slice(colon + 1, end)
          .trim()
          .toLowerCase();
        if (codings !== 'chunked') throw new Http1Error(HTTP1_PARSE, `provider answer is ${codings}-coded`);
        chunked = true;
      } else if (isHeaderName(head, start, colon, 'connection')) {
        const tokens = head.slice(colon + 1, end).toLowerCase();
        if (tokens.includes('close')) keepAlive = false;
        else if (tokens.includes('keep-alive')) keepAlive = true;
      } else if (isHeaderName(head, start, colon, 'keep-alive')) {
        const timeout = KEEP_ALIVE_TIMEOUT.exec(head.slice(colon + 1, end));
        if (timeout) this.keepAliveHintMs = Number(timeout[1]) * 1000;
      }
    }
    if (chunked && contentLength !== undefined)
      throw new Http1Error(HTTP1_PARSE, 'provider answer has both Content-Length and chunked coding');
    this.keepAlive = keepAlive;
    this.#noBody = statusCode === 204 || statusCode === 304;
    if (this.#noBody) {
      this.#remaining = 0;
      this.#stage = Stage.Body;
    } else if (chunked) {
      this.#stage = Stage.ChunkSize;
    } else if (contentLength !== undefined) {
      if (contentLength > maxBody) throw new Http1Error(HTTP1_PARSE, 'provider answer too large');
      this.#remaining = contentLength;
      this.#stage = Stage.Body;
    } else {
      // No length: the body runs until the server closes (and the connection cannot be kept).
      this.keepAlive = false;
      this.#stage = Stage.UntilClose;
    }
    return false;
  }
}

/** Keep-alive connections to one origin and the requests waiting for one. */
export class Http1Pool {
  readonly secure: boolean;
  readonly host: string;
  readonly port: number;
  readonly keepAliveTimeoutMs: number;
  readonly maxResponseSize: number;
  /** Most requests written and not yet answered on one connection. */
  readonly pipelining: number;
  /** The `host` header line of every request. */
  readonly hostLine: string;
  readonly #options: Http1PoolOptions;
  readonly #connections = new Set<Connection>();
  /** Open connections with nothing in flight, most recently idle last. */
  #idle: Connection[] = [];
  /** Requests waiting for a connection, oldest first. */
  #waiting: Pending[] = [];
  #sweeper: ReturnType<typeof setInterval> | undefined;
  #closed = false;
  /** The connection the last request went to. */
  #last: Connection | undefined;

  constructor(options: Http1PoolOptions) {
    const url = new URL(options.origin);
    if (url.protocol !== 'http:' && url.protocol !== 'https:')
      throw new Error(`not an http origin: ${options.origin}`);
    this.secure = url.protocol === 'https:';
    this.host = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
    this.port = url.port ? Number(url.port) : this.secure ? 443 : 80;
    this.hostLine = `host: ${url.host}\r\n`;
    this.keepAliveTimeoutMs = options.keepAliveTimeoutMs;
    this.maxResponseSize = options.maxResponseSize;
    this.pipelining = Math.max(1, options.pipelining);
    this.#options = {
      ...options,
      connections: Math.max(1, options.connections),
      pipelining: Math.max(1, options.pipelining),
    };
  }

  /** Sends one request (its whole text) and answers its status and body; rejects with an `Http1Error`. */
  request(text: string, timeoutMs: number): Promise<Http1Answer> {
    return new Promise<Http1Answer>((resolve, reject) => {
      if (this.#closed) {
        reject(new Http1Error(HTTP1_CLOSED, 'provider client closed'));
        return;
      }
      const pending: Pending = { text, deadline: performance.now() + timeoutMs, resolve, reject };
      const connection = this.#connectionFor();
      if (connection) {
        connection.send(pending);
        this.#last = connection;
      } else this.#waiting.push(pending);
      this.#sweeper ??= setInterval(() => this.#sweep(), SWEEP_MS).unref();
    });
  }

  /** Closes every connection, failing what is in flight. */
  close(): void {
    this.#closed = true;
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = undefined;
    const waiting = this.#waiting.splice(0);
    for (const request of waiting) request.reject(new Http1Error(HTTP1_CLOSED, 'provider client closed'));
    for (const connection of [...this.#connections]) connection.close();
  }

  /** A connection got an answer: it takes the oldest waiting request, or waits itself when it has none in flight. */
  freed(connection: Connection): void {
    const next = this.#waiting.shift();
    if (next) connection.send(next);
    else if (connection.inFlight.length === 0) {
      connection.idle = true;
      this.#idle.push(connection);
    }
  }

  /**
   * A connection closed: it is forgotten, and what waits gets a new one, first the requests it had queued and
   * not written (`unwritten`, in order; failed as closed once the pool is).
   */
  dropped(connection: Connection, unwritten: Pending[] = []): void {
    this.#connections.delete(connection);
    if (this.#last === connection) this.#last = undefined;
    const index = this.#idle.indexOf(connection);
    if (index >= 0) this.#idle.splice(index, 1);
    if (unwritten.length > 0) {
      if (this.#closed) {
        for (const request of unwritten)
          request.reject(new Http1Error(HTTP1_CLOSED, 'provider client closed'));
      } else this.#waiting.unshift(...unwritten);
    }
    while (this.#waiting.length > 0 && !this.#closed) {
      const next = this.#connectionFor();
      if (!next) break;
      next.send(this.#waiting.shift() as Pending);
    }
  }

  #connectionFor(): Connection | undefined {
    const { connections, pipelining } = this.#options;
    // Pipelining: the connection written to last in this loop turn takes more, all in one write.
    const last = this.#last;
    if (
      pipelining > 1 &&
      last !== undefined &&
      last.flushQueued &&
      last.isOpen &&
      last.inFlight.length < pipelining
    )
      return last;
    const now = performance.now();
    // The most recently idle connection first (the others may be closed by the server's idle timeout).
    while (this.#idle.length > 0) {
      const connection = this.#idle.pop() as Connection;
      if (connection.isOpen && !connection.socket.destroyed && now <= connection.idleUntil) return connection;
      connection.close();
    }
    if (this.#connections.size < connections) return this.#open();
    if (pipelining === 1) return undefined;
    let best: Connection | undefined;
    for (const connection of this.#connections) {
      const count = connection.inFlight.length;
      if (count < pipelining && (best === undefined || count < best.inFlight.length)) best = connection;
    }
    return best;
  }

  #open(): Connection {
    const socket = this.secure
      ? tlsConnect({
          host: this.host,
          port: this.port,
          // SNI names a host, never an address (Node refuses an IP there).
          ...(isIP(this.host) === 0 ? { servername: this.host } : {}),
          ALPNProtocols: ['http/1.1'],
          ...(this.#options.ca === undefined ? {} : { ca: this.#options.ca }),
        })
      : netConnect({ host: this.host, port: this.port });
    const connection = new Connection(this, socket, this.#options.connectTimeoutMs);
    this.#connections.add(connection);
    return connection;
  }

  #sweep(): void {
    const now = performance.now();
    for (const connection of [...this.#connections]) connection.sweep(now);
    if (this.#waiting.length > 0) {
      const late = this.#waiting.filter((request) => request.deadline <= now);
      if (late.length > 0) {
        this.#waiting = this.#waiting.filter((request) => request.deadline > now);
        for (const request of late)
          request.reject(new Http1Error(HTTP1_TIMEOUT, 'no provider connection in time'));
      }
    }
    if (this.#connections.size === 0 && this.#waiting.length === 0 && this.#sweeper) {
      clearInterval(this.#sweeper);
      this.#sweeper = undefined;
    }
  }
}

const SPACE = 0x20;
const DIGIT_ZERO = 0x30;
const DIGIT_ONE = 0x31;

/**
 * The status code of the status line `head` holds up to `end` (`HTTP/1.0` or `HTTP/1.1`, a space, three digits,
 * then a space and the reason or the line's end), or -1 when it is not one.
 */
function statusCodeOf(head: string, end: number): number {
  if (!head.startsWith('HTTP/1.') || end < 12 || (end > 12 && head.charCodeAt(12) !== SPACE)) return -1;
  const minor = head.charCodeAt(7);
  if ((minor !== DIGIT_ZERO && minor !== DIGIT_ONE) || head.charCodeAt(8) !== SPACE) return -1;
  let code = 0;
  for (let at = 9; at < 12; at += 1) {
    const digit = head.charCodeAt(at) - DIGIT_ZERO;
    if (!(digit >= 0 && digit <= 9)) return -1;
    code = code * 10 + digit;
  }
  return code;
}

/**
 * Whether the header name `head` holds from `start` to `end` is `name` (lowercase letters and '-') in any case.
 * The head is latin1, where only A-Z lowercase to ASCII letters, so this is `toLowerCase() === name`.
 */
function isHeaderName(head: string, start: number, end: number, name: string): boolean {
  if (end - start !== name.length) return false;
  for (let index = 0; index < name.length; index += 1) {
    const code = head.charCodeAt(start + index);
    const lower = code >= 0x41 && code <= 0x5a ? code + 0x20 : code;
    if (lower !== name.charCodeAt(index)) return false;
  }
  return true;
}
