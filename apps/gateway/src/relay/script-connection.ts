/**
 * One Lua script's own Redis connection (the once-only script of delivered.ts, run for every stored message):
 * RESP written by hand, every call of a loop turn in one write, each answer given to the call sent that far back
 * (Redis answers a connection's commands in the order it read them). Through ioredis the same call cost
 * 32–42 µs of CPU per message (its command objects, the auto-pipeline's batch per tick, the script helper's
 * promise chain); tests/load/HISTORY.md has the figures of this one.
 *
 * Every (re)connection first sends AUTH and SELECT when the URL names them, CLIENT SETNAME, and SCRIPT LOAD; it is ready once
 * they are answered (a Redis still loading its data refuses them: the connection is dropped and tried again).
 * Calls go as EVALSHA; one answered NOSCRIPT (SCRIPT FLUSH, a failover) is sent again as EVAL. Nothing queues
 * behind an outage: while not ready a call fails at once, and a connection that closes fails every call still
 * waiting for its answer. It reconnects with the back-off it is given.
 *
 * A Redis that stops answering without closing the connection (its host crashed, a partition: no FIN, no RST)
 * would otherwise hold the connection 'ready' for as long as the kernel retransmits (~15 min with Linux's
 * tcp_retries2), every call waiting and its payload held in `#waiting` and the socket's buffer. A watchdog
 * destroys the socket once its oldest waiting command has had no answer for `answerTimeoutMs` (up to 1.5 ×
 * that): the calls fail, the connection is not ready (the node degraded), and it reconnects as after a close.
 */
import { createHash } from 'node:crypto';
import { connect as connectTcp, isIP, type Socket } from 'node:net';
import { connect as connectTls } from 'node:tls';

/** An answer Redis gave: an integer, a (bulk or simple) string, or nil. */
export type RespValue = number | string | null;

/** An error answer of Redis (`-ERR …`, `-NOSCRIPT …`). */
export class RespError extends Error {
  override name = 'RespError';
}

/** How a ScriptConnection connects and runs its script. */
export interface ScriptConnectionOptions {
  /** `redis://[user:password@]host[:port][/db]` or `rediss://…` (TLS). */
  url: string;
  /** The Lua script `call` runs. */
  lua: string;
  /** The connection's name in Redis's CLIENT LIST (CLIENT SETNAME); no spaces. */
  name?: string;
  /** Milliseconds before the next attempt after the `attempt`-th failed one (1, 2, …). */
  retryDelayMs(attempt: number): number;
  /** Longest wait for the TCP (and TLS) connection. @default 2000 */
  connectTimeoutMs?: number;
  /**
   * A connection whose oldest waiting command has had no answer for this long (up to 1.5 × this) is destroyed
   * and connected again. @default 4000
   */
  answerTimeoutMs?: number;
  /** Told whenever `isReady` changes. */
  onStateChange?(): void;
  /** Told every connection error (they repeat on every attempt while Redis is away). */
  onError?(error: Error): void;
}

/** A command waiting for its answer. `script` is set for a script call (sent again as EVAL on NOSCRIPT). */
interface Waiting {
  resolve(value: RespValue): void;
  reject(error: Error): void;
  script?: { keys: readonly string[]; args: ReadonlyArray<string | Buffer>; isEval: boolean };
}

const CR = 0x0d;
const COLON = 0x3a;
const PLUS = 0x2b;
const MINUS = 0x2d;
const DOLLAR = 0x24;

/**
 * Reads the answers of a RESP2 connection from the chunks it receives, however they are cut. Only the answer
 * kinds a script call and its set-up get (integer, simple and bulk string, nil, error); anything else (an
 * array, a RESP3 type) is a protocol error: the connection can no longer tell which answer is whose.
 */
export class RespReader {
  #rest: Buffer | undefined;

  /** Feeds one chunk; calls `onValue` per whole answer, in order. Throws on a kind it does not read. */
  feed(chunk: Buffer, onValue: (value: RespValue | RespError) => void): void {
    const buffer = this.#rest ? Buffer.concat([this.#rest, chunk]) : chunk;
    this.#rest = undefined;
    let offset = 0;
    while (offset < buffer.length) {
      const end = buffer.indexOf(CR, offset + 1);
      if (end === -1 || end + 1 >= buffer.length) break;
      const type = buffer[offset];
      let next = end + 2;
      let value: RespValue | RespError;
      if (type === COLON) {
        // The usual answer, `:0` or `:1`, read without a string.
        value =
          end === offset + 2
            ? (buffer[offset + 1] as number) - 0x30
            : Number(buffer.toString('latin1', offset + 1, end));
      } else if (type === PLUS) {
        value = buffer.toString('utf8', offset + 1, end);
      } else if (type === MINUS) {
        value = new RespError(buffer.toString('utf8', offset + 1, end));
      } else if (type === DOLLAR) {
        const length = Number(buffer.toString('latin1', offset + 1, end));
        if (length < 0) value = null;
        else {
          next = end + 2 + length + 2;
          if (next > buffer.length) break;
          value = buffer.toString('utf8', end + 2, end + 2 + length);
        }
      } else {
        throw new Error(`unexpected Redis answer type '${String.fromCharCode(type ?? 0)}'`);
      }
      offset = next;
      onValue(value);
    }
    if (offset < buffer.length) this.#rest = buffer.subarray(offset);
  }
}

/** The RESP encoding of one command whose arguments are strings or Buffers, as chunks to write. */
function encodeCommand(parts: ReadonlyArray<string | Buffer>, into: Buffer[], count = parts.length): void {
  let text = `*${count}\r\n`;
  for (const part of parts) {
    if (typeof part === 'string') {
      text += `$${Buffer.byteLength(part)}\r\n${part}\r\n`;
    } else {
      into.push(Buffer.from(`${text}$${part.length}\r\n`, 'latin1'), part);
      text = '\r\n';
    }
  }
  into.push(Buffer.from(text));
}

/** Runs one Lua script on a Redis connection of its own (see the file's header). */
export class ScriptConnection {
  readonly #options: ScriptConnectionOptions;
  readonly #sha: string;
  readonly #target: {
    host: string;
    port: number;
    isTls: boolean;
    auth: string[] | undefined;
    db: string | undefined;
  };
  #socket: Socket | undefined;
  #reader = new RespReader();
  /** Sent, not yet answered, in the order sent. */
  #waiting: Waiting[] = [];
  /** Written at the end of the loop turn (one write for every call made in it). */
  #out: Buffer[] = [];
  #isFlushScheduled = false;
  #isReady = false;
  #isClosed = false;
  #attempt = 0;
  #reconnectTimer: ReturnType<typeof setTimeout> | undefined;
  #readyWaiters: Array<() => void> = [];
  /** Checks every half `answerTimeoutMs` that the oldest waiting command is answered (see the file's header). */
  readonly #watchdog: ReturnType<typeof setInterval>;
  /** The oldest waiting command at the watchdog's last checks, and at how many checks in a row. */
  #watchedHead: Waiting | undefined;
  #watchedChecks = 0;

  constructor(options: ScriptConnectionOptions) {
    this.#options = options;
    this.#sha = createHash('sha1').update(options.lua).digest('hex');
    const url = new URL(options.url);
    const password = decodeURIComponent(url.password);
    const username = decodeURIComponent(url.username);
    const db = url.pathname.replace(/^\//, '');
    this.#target = {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : 6379,
      isTls: url.protocol === 'rediss:',
      auth: password ? (username ? [username, password] : [password]) : undefined,
      db: db && db !== '0' ? db : undefined,
    };
    const answerTimeoutMs = options.answerTimeoutMs ?? 4_000;
    this.#watchdog = setInterval(() => this.#watch(answerTimeoutMs), Math.max(1, answerTimeoutMs / 2));
    this.#watchdog.unref();
    this.#connect();
  }

  /** True while connected with its set-up answered: calls are sent. */
  get isReady(): boolean {
    return this.#isReady;
  }

  /** Resolves once ready, or after `ms` regardless (a late Redis means "degraded"). */
  ready(ms: number): Promise<void> {
    if (this.#isReady) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const waiters = this.#readyWaiters;
      waiters.push(done);
      function done(): void {
        clearTimeout(timer);
        const index = waiters.indexOf(done);
        if (index !== -1) waiters.splice(index, 1);
        resolve();
      }
    });
  }

  /** Runs the script (EVALSHA, EVAL after NOSCRIPT) with these keys and arguments; fails at once when not ready. */
  call(keys: readonly string[], args: ReadonlyArray<string | Buffer>): Promise<RespValue> {
    if (!this.#isReady) return Promise.reject(new Error('redis script connection not ready'));
    return new Promise((resolve, reject) => {
      const waiting: Waiting = { resolve, reject, script: { keys, args, isEval: false } };
      this.#sendScript(waiting);
    });
  }

  /** Closes for good: fails what waits, stops reconnecting. */
  close(): void {
    this.#isClosed = true;
    clearTimeout(this.#reconnectTimer);
    clearInterval(this.#watchdog);
    this.#socket?.destroy();
    this.#dropped(new Error('redis script connection closed'));
  }

  #sendScript(waiting: Waiting): void {
    const script = waiting.script as NonNullable<Waiting['script']>;
    const head = script.isEval ? ['EVAL', this.#options.lua] : ['EVALSHA', this.#sha];
    const parts = [...head, String(script.keys.length), ...script.keys, ...script.args];
    this.#send(parts, waiting);
  }

  #send(parts: ReadonlyArray<string | Buffer>, waiting: Waiting): void {
    encodeCommand(parts, this.#out);
    this.#waiting.push(waiting);
    if (this.#isFlushScheduled) return;
    this.#isFlushScheduled = true;
    setImmediate(this.#flush);
  }

  readonly #flush = (): void => {
    this.#isFlushScheduled = false;
    const chunks = this.#out;
    if (chunks.length === 0) return;
    this.#out = [];
    this.#socket?.write(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks));
  };

  #connect(): void {
    const { host, port, isTls } = this.#target;
    const socket = isTls
      ? connectTls({ host, port, ...(isIP(host) ? {} : { servername: host }) })
      : connectTcp({ host, port });
    this.#socket = socket;
    socket.setNoDelay(true);
    socket.setTimeout(this.#options.connectTimeoutMs ?? 2_000, () =>
      socket.destroy(new Error('redis script connection: connect timeout')),
    );
    socket.once(isTls ? 'secureConnect' : 'connect', () => {
      socket.setTimeout(0);
      this.#setUp();
    });
    socket.on('data', (chunk: Buffer) => {
      try {
        this.#reader.feed(chunk, this.#answer);
      } catch (error) {
        socket.destroy(error as Error);
      }
    });
    let lastError: Error | undefined;
    socket.on('error', (error) => {
      lastError = error;
      this.#options.onError?.(error);
    });
    socket.once('close', () => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      this.#dropped(
        lastError?.message.startsWith('redis script connection:')
          ? lastError
          : new Error('redis script connection lost'),
      );
      if (this.#isClosed) return;
      this.#attempt += 1;
      this.#reconnectTimer = setTimeout(() => this.#connect(), this.#options.retryDelayMs(this.#attempt));
    });
  }

  /**
   * The same command first at three checks half `answerTimeoutMs` apart has waited at least `answerTimeoutMs`
   * with no answer at all (answers come in order): the socket is destroyed, unless its answer was read once the
   * loop had polled its sockets once more (after a stall of this process's own loop the timer is due first and
   * the answer may wait unread; see runtime/fixed-waits.ts).
   */
  #watch(answerTimeoutMs: number): void {
    const head = this.#waiting[0];
    if (head === undefined || head !== this.#watchedHead) {
      this.#watchedHead = head;
      this.#watchedChecks = 0;
      return;
    }
    this.#watchedChecks += 1;
    if (this.#watchedChecks < 2) return;
    const socket = this.#socket;
    setImmediate(() => {
      if (this.#waiting[0] !== head || this.#socket !== socket) return;
      socket?.destroy(new Error(`redis script connection: no answer in ${answerTimeoutMs} ms`));
    });
  }

  /** AUTH, SELECT, CLIENT SETNAME and SCRIPT LOAD, pipelined; ready when all are answered, dropped and retried on a refusal. */
  #setUp(): void {
    const { auth, db } = this.#target;
    const commands: string[][] = [];
    if (auth) commands.push(['AUTH', ...auth]);
    if (db) commands.push(['SELECT', db]);
    if (this.#options.name) commands.push(['CLIENT', 'SETNAME', this.#options.name]);
    commands.push(['SCRIPT', 'LOAD', this.#options.lua]);
    const socket = this.#socket;
    let answered = 0;
    for (const command of commands) {
      this.#send(command, {
        resolve: () => {
          answered += 1;
          if (answered < commands.length || this.#socket !== socket) return;
          this.#attempt = 0;
          this.#setReady(true);
        },
        reject: (error) => {
          if (this.#socket !== socket) return;
          this.#options.onError?.(error);
          socket?.destroy();
        },
      });
    }
  }

  readonly #answer = (value: RespValue | RespError): void => {
    const waiting = this.#waiting.shift();
    if (!waiting) throw new Error('a Redis answer no command waits for');
    if (!(value instanceof RespError)) {
      waiting.resolve(value);
      return;
    }
    if (waiting.script && !waiting.script.isEval && value.message.startsWith('NOSCRIPT')) {
      waiting.script.isEval = true;
      this.#sendScript(waiting);
      return;
    }
    waiting.reject(value);
  };

  /** The connection is gone: whatever waits for an answer or a write fails, and calls are refused. */
  #dropped(error: Error): void {
    this.#setReady(false);
    this.#out = [];
    this.#reader = new RespReader();
    const waiting = this.#waiting;
    this.#waiting = [];
    for (const each of waiting) each.reject(error);
  }

  #setReady(isReady: boolean): void {
    if (this.#isReady === isReady) return;
    this.#isReady = isReady;
    if (isReady) for (const waiter of [...this.#readyWaiters]) waiter();
    this.#options.onStateChange?.();
  }
}
