// The stand-in's `external_api.js`: `new JitsiMeetExternalAPI(domain, options)` frames the room page
// `http(s)://{domain}/{roomName}?jwt=...#config...` as Jitsi Meet's script does, and offers the subset of its
// API the app uses (addListener/removeListener, executeCommand, dispose, getIFrame).
import {
  CALL_WIDGET_GLOBAL,
  callWidgetRoomUrl,
  type CallWidgetEventPayload,
  type CallWidgetOptions,
} from '@showfloor/contracts/call-widget';
import { WIDGET_SOURCE, isWidgetMessage, type WidgetCommandMessage } from './protocol.ts';

type Listener = (payload: CallWidgetEventPayload) => void;

let frames = 0;

/** Jitsi's hash parameters: `config.key=<JSON>`, `userInfo.key=<JSON>`. */
function hashOf(options: CallWidgetOptions<HTMLElement>): string {
  const parts: string[] = [];
  const add = (prefix: string, values: Record<string, unknown> | undefined) => {
    for (const [key, value] of Object.entries(values ?? {}))
      if (value !== undefined) parts.push(`${prefix}.${key}=${encodeURIComponent(JSON.stringify(value))}`);
  };
  add('config', { ...options.configOverwrite, ...(options.lang ? { defaultLanguage: options.lang } : {}) });
  add('userInfo', options.userInfo);
  return parts.join('&');
}

class ExternalApi {
  readonly #frame: HTMLIFrameElement;
  readonly #origin: string;
  readonly #listeners = new Map<string, Set<Listener>>();
  #isReady = false;
  readonly #queue: WidgetCommandMessage[] = [];
  readonly #onMessage = (event: MessageEvent) => {
    if (event.source !== this.#frame.contentWindow || event.origin !== this.#origin) return;
    if (!isWidgetMessage(event.data, 'event')) return;
    if (event.data.name === 'ready') {
      this.#isReady = true;
      for (const command of this.#queue.splice(0)) this.#post(command);
      return;
    }
    for (const listener of this.#listeners.get(event.data.name) ?? []) listener(event.data.payload);
  };

  constructor(domain: string, options: CallWidgetOptions<HTMLElement>) {
    const url = new URL(callWidgetRoomUrl(domain, options.roomName, options.noSSL));
    if (options.jwt) url.searchParams.set('jwt', options.jwt);
    url.hash = hashOf(options);
    this.#origin = url.origin;
    const frame = document.createElement('iframe');
    frame.name = frame.id = `jitsiConferenceFrame${frames++}`;
    frame.allow = 'camera; microphone; display-capture; autoplay; clipboard-write';
    frame.src = url.toString();
    frame.style.border = '0';
    frame.style.width = options.width;
    frame.style.height = options.height;
    this.#frame = frame;
    window.addEventListener('message', this.#onMessage);
    options.parentNode.appendChild(frame);
  }

  addListener(name: string, listener: Listener): void {
    const set = this.#listeners.get(name) ?? new Set<Listener>();
    set.add(listener);
    this.#listeners.set(name, set);
  }

  removeListener(name: string, listener: Listener): void {
    this.#listeners.get(name)?.delete(listener);
  }

  on(name: string, listener: Listener): void {
    this.addListener(name, listener);
  }

  off(name: string, listener: Listener): void {
    this.removeListener(name, listener);
  }

  executeCommand(name: string, ...args: unknown[]): void {
    const command: WidgetCommandMessage = { source: WIDGET_SOURCE, type: 'command', name, args };
    if (this.#isReady) this.#post(command);
    else this.#queue.push(command);
  }

  getIFrame(): HTMLIFrameElement {
    return this.#frame;
  }

  dispose(): void {
    window.removeEventListener('message', this.#onMessage);
    this.#listeners.clear();
    this.#frame.remove();
  }

  #post(command: WidgetCommandMessage): void {
    this.#frame.contentWindow?.postMessage(command, this.#origin);
  }
}

(window as unknown as Record<string, unknown>)[CALL_WIDGET_GLOBAL] = ExternalApi;
