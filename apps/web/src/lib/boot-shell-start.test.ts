import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IndexHtmlTransformContext, ResolvedConfig } from 'vite';
import { bootShellPlugin } from '../../vite-plugin-boot-shell.ts';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  APP_ENTRY_ATTRIBUTE,
  APP_STYLE_ATTRIBUTE,
  BOOT_SHELL_ID,
  POSTER_WAIT_MS,
  appStartScript,
} from './boot-shell.ts';

// The shell exactly as index.html ships it.
const shellHtml =
  /<div id="boot-shell"[\s\S]*?<div id="root">/
    .exec(readFileSync(resolve(import.meta.dirname, '../../index.html'), 'utf8'))?.[0]
    .replace('<div id="root">', '') ?? '';

// index.html as Vite builds it, before this plugin (the app's entry script and stylesheet in the head).
const BUILT_HTML = `<!doctype html>
<html lang="en">
  <head>
    <title>Showfloor</title>
    <style>#boot-shell{}</style>
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
  </head>
  <body>
    <div id="boot-shell" aria-busy="true"></div>
    <div id="root"></div>
  </body>
</html>`;

/** The plugin's index.html transform, as `vite build` (or the dev server) calls it. */
function transform(html: string, command: 'build' | 'serve'): string {
  const plugin = bootShellPlugin('/api/v1/poster', 'eventCode');
  (plugin.configResolved as (config: ResolvedConfig) => void)({ command } as ResolvedConfig);
  const bundle =
    command === 'build'
      ? {
          'assets/boot-shell-123.js': {
            type: 'asset',
            names: ['boot-shell.js'],
            fileName: 'assets/boot-shell-123.js',
          },
        }
      : undefined;
  const { handler } = plugin.transformIndexHtml as { handler: (...args: unknown[]) => unknown };
  return handler(html, { bundle } as unknown as IndexHtmlTransformContext) as string;
}

describe("the built index.html's start", () => {
  it('fetches the entry and the stylesheets from the head but neither runs nor applies them', () => {
    const html = transform(BUILT_HTML, 'build');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(html).not.toContain('<script type="module"');
    expect(html).not.toContain('rel="stylesheet"');
    expect(head).toContain(
      `<link rel="modulepreload" crossorigin href="/assets/index-abc.js" ${APP_ENTRY_ATTRIBUTE}>`,
    );
    expect(head).toContain(
      `<link rel="preload" as="style" crossorigin href="/assets/index-ghi.css" ${APP_STYLE_ATTRIBUTE}>`,
    );
    // The vendor chunk is still asked for with the HTML, the shell's script still first.
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">');
    expect(head.indexOf('<script src="/assets/boot-shell-123.js"></script>')).toBeLessThan(
      head.indexOf('<title>'),
    );
  });

  it('refuses a built page without exactly one entry script', () => {
    expect(() => transform(BUILT_HTML.replace(/<script type="module".*<\/script>/, ''), 'build')).toThrow(
      /0 module scripts/,
    );
  });

  it("leaves the dev server's module script alone", () => {
    const dev = BUILT_HTML.replace('/assets/index-abc.js', '/src/main.tsx');
    const html = transform(dev, 'serve');
    expect(html).toContain('<script type="module" crossorigin src="/src/main.tsx"></script>');
    expect(html).toContain('<script src="/boot-shell.js"></script>');
  });
});

describe("the shell's script starting the app", () => {
  let frames: FrameRequestCallback[];
  let imported: string[];

  /** Runs appStartScript as the browser does, its dynamic import recorded (jsdom cannot import a URL). */
  function run(): void {
    const source = appStartScript();
    expect(source.split('import(entry.href)')).toHaveLength(2);
    new Function('importEntry', source.replace('import(entry.href)', 'importEntry(entry.href)'))(
      (url: string) => void imported.push(url),
    );
  }

  const stylesheets = (): HTMLLinkElement[] => [
    ...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'),
  ];
  const tasks = (): Promise<void> => new Promise((done) => setTimeout(done, 0));

  beforeEach(() => {
    frames = [];
    imported = [];
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    document.head.innerHTML = `
      <link rel="modulepreload" crossorigin href="/assets/index-abc.js" ${APP_ENTRY_ATTRIBUTE}>
      <link rel="preload" as="style" crossorigin href="/assets/index-ghi.css" ${APP_STYLE_ATTRIBUTE}>`;
  });

  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
    vi.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  /** The shell as index.html ships it, showing a poster on its way (the layout shows it: one client rect). */
  function showPoster(): HTMLImageElement {
    document.body.innerHTML = shellHtml;
    const image = document.getElementById(`${BOOT_SHELL_ID}-poster`) as HTMLImageElement;
    document.getElementById(BOOT_SHELL_ID)?.classList.add('has-poster');
    image.src = '/api/v1/content/poster?event_code=DEMO';
    vi.spyOn(image, 'getClientRects').mockReturnValue([
      new DOMRect(0, 0, 500, 300),
    ] as unknown as DOMRectList);
    return image;
  }

  /** Starts the app as far as the stylesheet's load: what `run` leads to once its frame is given. */
  async function frameThenStylesheets(): Promise<void> {
    expect(frames).toHaveLength(1);
    frames[0]?.(performance.now());
    await tasks();
    stylesheets()[0]?.dispatchEvent(new Event('load'));
    await tasks();
  }

  it("lets the shell's poster paint before the app starts: after its load and a frame", async () => {
    const image = showPoster();
    run();
    await tasks();
    expect(frames).toHaveLength(0);
    expect(stylesheets()).toHaveLength(0);

    image.dispatchEvent(new Event('load'));
    await frameThenStylesheets();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('waits for the poster to be decoded, where the browser can tell (a loaded image may paint later)', async () => {
    const image = showPoster();
    let decoded: () => void = () => undefined;
    image.decode = () => new Promise<void>((done) => (decoded = done));
    run();
    image.dispatchEvent(new Event('load'));
    await tasks();
    expect(frames).toHaveLength(0);

    decoded();
    await tasks();
    await frameThenStylesheets();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('waits no longer than POSTER_WAIT_MS for the poster, nor when it failed', async () => {
    vi.useFakeTimers();
    showPoster();
    run();
    await vi.advanceTimersByTimeAsync(POSTER_WAIT_MS - 1);
    expect(frames).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(1);
    vi.useRealTimers();

    frames = [];
    document.head.innerHTML = `<link rel="modulepreload" href="/assets/index-abc.js" ${APP_ENTRY_ATTRIBUTE}>`;
    const image = showPoster();
    run();
    image.dispatchEvent(new Event('error'));
    frames[0]?.(performance.now());
    await tasks();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('does not wait for a poster the layout hides (a phone)', async () => {
    const image = showPoster();
    vi.mocked(image.getClientRects).mockReturnValue([] as unknown as DOMRectList);
    run();
    await frameThenStylesheets();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('waits for a frame, then applies the stylesheets, and imports the entry only once they have loaded', async () => {
    run();
    await tasks();
    expect(stylesheets()).toHaveLength(0);
    expect(imported).toEqual([]);

    expect(frames).toHaveLength(1);
    frames[0]?.(performance.now());
    expect(stylesheets()).toHaveLength(0);
    await tasks();
    const [link] = stylesheets();
    expect(link?.href).toBe(`${location.origin}/assets/index-ghi.css`);
    expect(link?.crossOrigin).toBe('');
    await tasks();
    expect(imported).toEqual([]);

    link?.dispatchEvent(new Event('load'));
    await tasks();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('still starts when a stylesheet fails', async () => {
    run();
    frames[0]?.(performance.now());
    await tasks();
    stylesheets()[0]?.dispatchEvent(new Event('error'));
    await tasks();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('starts at once in a hidden tab, which paints no frame', async () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    run();
    expect(frames).toHaveLength(0);
    stylesheets()[0]?.dispatchEvent(new Event('load'));
    await tasks();
    expect(imported).toEqual([`${location.origin}/assets/index-abc.js`]);
  });

  it('does nothing without the entry link (the dev server starts the app itself)', async () => {
    document.head.innerHTML = '';
    run();
    frames[0]?.(performance.now());
    await tasks();
    expect(stylesheets()).toHaveLength(0);
    expect(imported).toEqual([]);
  });
});
