/**
 * A light socket.io client speaking the wire protocol (Engine.IO 4 / socket.io 5) over one raw websocket:
 * handshake with `auth` and query, ping answers, events, emits with acks, and reconnects. It costs a fraction
 * of socket.io-client per connection, so one generator process holds thousands of listeners.
 */
import WebSocket from 'ws';

/** Where and as whom to connect. */
export interface LiteSocketOptions {
  /** Gateway origin, e.g. http://127.0.0.1:8080. */
  url: string;
  /** socket.io path. @default '/messaging' */
  path?: string;
  query?: Record<string, string>;
  auth?: Record<string, unknown>;
  /** Reconnect after an unexpected close. @default true */
  reconnect?: boolean;
  /** Delay before a reconnect. @default 500 */
  reconnectDelayMs?: number;
}

type Listener = (payload: unknown) => void;
type AckCallback = (answer: unknown) => void;

export class LiteSocket {
  #ws: WebSocket | undefined;
  #nextAckId = 0;
  readonly #acks = new Map<number, AckCallback>();
  readonly #listeners = new Map<string, Listener>();
  #anyListener: ((name: string, payload: unknown) => void) | undefined;
  #isClosed = false;
  #connected = false;
  /** Reconnects after the first connection. */
  reconnects = 0;
  /** Connect errors and unexpected closes. */
  errors = 0;
  onConnect: (() => void) | undefined;
  onConnectError: ((message: string) => void) | undefined;
  onDisconnect: (() => void) | undefined;

  constructor(private readonly options: LiteSocketOptions) {}

  get connected(): boolean {
    return this.#connected;
  }

  /** Connects; resolves when the namespace connect is accepted, rejects with the server's refusal. */
  connect(timeoutMs = 10_000): Promise<void> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('connect timed out')), timeoutMs);
      this.onConnect = () => {
        clearTimeout(timer);
        resolve();
      };
      this.onConnectError = (message) => {
        clearTimeout(timer);
        reject(new Error(message));
      };
      this.#open();
    });
  }

  #open(): void {
    const { url, path = '/messaging', query = {} } = this.options;
    const target = new URL(`${path.replace(/\/$/, '')}/`, url.replace(/^http/, 'ws'));
    target.searchParams.set('EIO', '4');
    target.searchParams.set('transport', 'websocket');
    for (const [key, value] of Object.entries(query)) target.searchParams.set(key, value);
    const ws = new WebSocket(target, { perMessageDeflate: false });
    this.#ws = ws;
    ws.on('message', (data: Buffer) => this.#onFrame(data.toString()));
    ws.on('error', () => {
      this.errors += 1;
    });
    ws.on('close', () => {
      const wasConnected = this.#connected;
      this.#connected = false;
      if (wasConnected) this.onDisconnect?.();
      if (!wasConnected) this.onConnectError?.('connection closed before connect');
      if (!this.#isClosed && this.options.reconnect !== false) {
        setTimeout(() => {
          if (this.#isClosed) return;
          this.reconnects += 1;
          this.#open();
        }, this.options.reconnectDelayMs ?? 500).unref();
      }
    });
  }

  #onFrame(frame: string): void {
    const type = frame.charCodeAt(0);
    if (type === 50 /* '2' ping */) {
      this.#ws?.send('3');
      return;
    }
    if (type === 48 /* '0' open */) {
      this.#ws?.send(`40${JSON.stringify(this.options.auth ?? {})}`);
      return;
    }
    if (type !== 52 /* '4' message */) return;
    const packetType = frame.charCodeAt(1);
    if (packetType === 50 /* '2' event */) {
      const body = frame.slice(2);
      const start = body.indexOf('[');
      const [name, payload] = JSON.parse(start > 0 ? body.slice(start) : body) as [string, unknown];
      this.#anyListener?.(name, payload);
      this.#listeners.get(name)?.(payload);
    } else if (packetType === 51 /* '3' ack */) {
      const body = frame.slice(2);
      const start = body.indexOf('[');
      const id = Number(body.slice(0, start));
      const callback = this.#acks.get(id);
      if (callback) {
        this.#acks.delete(id);
        callback((JSON.parse(body.slice(start)) as unknown[])[0]);
      }
    } else if (packetType === 48 /* '0' connect */) {
      this.#connected = true;
      this.onConnect?.();
    } else if (packetType === 52 /* '4' connect_error */) {
      const error = JSON.parse(frame.slice(2)) as { message?: string };
      this.errors += 1;
      this.onConnectError?.(error.message ?? 'connect_error');
      this.#isClosed = true;
      this.#ws?.close();
    } else if (packetType === 49 /* '1' disconnect */) {
      this.#ws?.close();
    }
  }

  /** Listens to one event (one listener per name). */
  on(name: string, listener: Listener): void {
    this.#listeners.set(name, listener);
  }

  /** Listens to every event. */
  onAny(listener: (name: string, payload: unknown) => void): void {
    this.#anyListener = listener;
  }

  /** Emits an event; `ack` receives the server's acknowledgement. False when not connected. */
  emit(name: string, payload: unknown, ack?: AckCallback): boolean {
    if (!this.#connected || !this.#ws) return false;
    if (ack) {
      const id = this.#nextAckId++;
      this.#acks.set(id, ack);
      this.#ws.send(`42${id}${JSON.stringify([name, payload])}`);
    } else {
      this.#ws.send(`42${JSON.stringify([name, payload])}`);
    }
    return true;
  }

  /** Emits and waits for the ack. */
  request<T = unknown>(name: string, payload: unknown, timeoutMs = 10_000): Promise<T> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ack for ${name}`)), timeoutMs);
      const isSent = this.emit(name, payload, (answer) => {
        clearTimeout(timer);
        resolve(answer as T);
      });
      if (!isSent) {
        clearTimeout(timer);
        reject(new Error('not connected'));
      }
    });
  }

  close(): void {
    this.#isClosed = true;
    this.#connected = false;
    this.#ws?.close();
  }
}
