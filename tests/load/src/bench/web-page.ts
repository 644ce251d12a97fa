/// <reference lib="dom" />
/**
 * What the web bench runs inside the page (Playwright serialises these functions): they may use nothing from
 * their module scope.
 */

/** Times the lobby probe records, ms on the page's clock (performance.now()). */
export interface LobbyProbe {
  submitAt?: number;
  sceneAt?: number;
  socketAt?: number;
  interactiveAt?: number;
}

/**
 * Runs in the page before its own scripts: records the submit, the relay socket's namespace acceptance and
 * the lobby scene showing its room, then `interactiveAt` once all are there and a task after the next frame ran.
 */
export function lobbyProbe(): void {
  const probe: LobbyProbe = {};
  (window as unknown as { __bench: LobbyProbe }).__bench = probe;
  let isWaitingForIdle = false;
  const check = (): void => {
    if (probe.submitAt === undefined) return;
    if (probe.sceneAt === undefined && location.pathname === '/lobby') {
      const scene = document.querySelector('section[aria-labelledby="scene-title"]');
      if (scene?.querySelector('iframe') && !scene.querySelector('.mantine-Loader-root'))
        probe.sceneAt = performance.now();
    }
    if (probe.sceneAt === undefined || probe.socketAt === undefined || isWaitingForIdle) return;
    isWaitingForIdle = true;
    requestAnimationFrame(() => setTimeout(() => (probe.interactiveAt = performance.now()), 0));
  };
  document.addEventListener('submit', () => (probe.submitAt ??= performance.now()), true);
  new MutationObserver(check).observe(document, { subtree: true, childList: true, attributes: true });
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(url: string | URL, protocols?: string | string[]) {
      super(url, protocols);
      if (!String(url).includes('/messaging')) return;
      this.addEventListener('message', (event: MessageEvent) => {
        // socket.io's "connected to the namespace" packet; a refusal would be '44'.
        if (probe.socketAt !== undefined || typeof event.data !== 'string' || !event.data.startsWith('40'))
          return;
        probe.socketAt = performance.now();
        check();
      });
    }
  };
}

/** What the largest contentful paint was, and what led up to it (ms after navigation start). */
export interface LcpReading {
  ms: number;
  element: string;
  /** First contentful paint. */
  fcpMs: number;
  /** The last script's responseEnd: when the route's JavaScript had arrived. */
  scriptsLoadedMs: number;
  /** For an image: when it was requested and when it had arrived. */
  image?: { url: string; requestedMs: number; loadedMs: number; bytes: number };
}

/** Largest contentful paint so far (buffered entries), its element, and the timings around it. */
export function readLcp(): Promise<LcpReading> {
  return new Promise((done) => {
    const resources = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
    const fcpMs = performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? Number.NaN;
    const scriptsLoadedMs = Math.max(
      0,
      ...resources.filter((entry) => entry.name.endsWith('.js')).map((entry) => entry.responseEnd),
    );
    const timer = setTimeout(() => done({ ms: Number.NaN, element: 'none', fcpMs, scriptsLoadedMs }), 2_000);
    new PerformanceObserver((list) => {
      const entries = list.getEntries() as Array<
        PerformanceEntry & { element?: Element | null; url?: string }
      >;
      const last = entries.at(-1);
      if (!last) return;
      clearTimeout(timer);
      const element = last.element;
      const resource = last.url ? resources.find((entry) => entry.name === last.url) : undefined;
      done({
        ms: last.startTime,
        element: element
          ? `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
              element.getAttribute('alt') ? ` alt="${element.getAttribute('alt')}"` : ''
            } "${(element.textContent ?? '').trim().slice(0, 40)}"`
          : 'removed',
        fcpMs,
        scriptsLoadedMs,
        ...(resource
          ? {
              image: {
                url: new URL(resource.name).pathname,
                requestedMs: resource.startTime,
                loadedMs: resource.responseEnd,
                bytes: resource.encodedBodySize,
              },
            }
          : {}),
      });
    }).observe({ type: 'largest-contentful-paint', buffered: true });
  });
}
