// index.html's static first screen (#boot-shell): the auth pages' frame with the product name, painted with the
// HTML, before any of the app's code has loaded (issue 17: the login page's largest paint under a second). On the
// auth pages its script (bootShellScript, emitted by vite-plugin-boot-shell.ts as a file of its own: the CSP
// allows no inline script) shows the event's poster at the very URL the auth layout's Poster uses, so the image
// is requested with the HTML and the app's own poster later finds it loaded. The app removes the shell when it
// shows its first route or an error (removeBootShell).

/** The id of the shell's root element in index.html. */
export const BOOT_SHELL_ID = 'boot-shell';

/**
 * The shell's script, a classic one that index.html loads first in its head (before the app's modules, which an
 * HTTP/1.1 origin would otherwise fetch ahead of it, six at a time): on /auth/... it picks the event the auth
 * layout shows to a visitor who is not signed in (the `event` query parameter, else the last one used in this
 * browser, as hooks/use-event-code.ts), asks for its poster at once with high priority, and shows it in the shell
 * as soon as the parser has made the shell's image. Without an event, or when the poster fails, the card stays
 * alone, as in the app.
 * @param posterBase the poster's URL without its query (lib/api/files.ts posterUrl)
 * @param storageKey the local-storage key of the last event code (STORAGE_KEYS.EVENT_CODE)
 */
export function bootShellScript(posterBase: string, storageKey: string): string {
  return `(function () {
  if (!/^\\/auth(\\/|$)/.test(location.pathname)) return;
  var code = (new URLSearchParams(location.search).get('event') || '').trim();
  if (!code) {
    try {
      code = window.localStorage.getItem(${JSON.stringify(storageKey)}) || '';
    } catch (error) {
      code = '';
    }
  }
  if (!code) return;
  var url = ${JSON.stringify(posterBase)} + '?' + new URLSearchParams({ event_code: code }).toString();
  var preload = document.createElement('link');
  preload.rel = 'preload';
  preload.as = 'image';
  preload.href = url;
  preload.setAttribute('fetchpriority', 'high');
  document.head.appendChild(preload);
  var isShown = false;
  function show() {
    if (isShown) return true;
    var shell = document.getElementById(${JSON.stringify(BOOT_SHELL_ID)});
    var image = document.getElementById(${JSON.stringify(`${BOOT_SHELL_ID}-poster`)});
    if (!shell || !image) return false;
    image.addEventListener('error', function () {
      shell.classList.remove('has-poster');
    });
    image.setAttribute('fetchpriority', 'high');
    image.src = url;
    shell.classList.add('has-poster');
    isShown = true;
    return true;
  }
  if (show()) return;
  var observer = new MutationObserver(function () {
    if (show()) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  // The parser may insert the shell and end in one task: Chrome then fires DOMContentLoaded before the observer's
  // records are delivered, and disconnecting drops them. The shell is there by now.
  document.addEventListener('DOMContentLoaded', function () {
    observer.disconnect();
    show();
  });
})();
`;
}

/**
 * How long the app's start waits for the shell's poster still on its way once the document is parsed: the
 * poster, the login page's largest paint, paints before the app's modules take the main thread; a slow poster
 * holds the login form back by at most this.
 */
export const POSTER_WAIT_MS = 500;

/** The attribute that marks the app's entry module in the built index.html (a modulepreload link). */
export const APP_ENTRY_ATTRIBUTE = 'data-app-entry';
/** The attribute that marks the app's stylesheets in the built index.html (preload links). */
export const APP_STYLE_ATTRIBUTE = 'data-app-style';

/**
 * The part of the shell's script that starts the app in the built index.html (issue 17: the shell and the poster
 * paint before the app's code runs). The build (vite-plugin-boot-shell.ts) fetches the app's entry module and
 * its stylesheets early from the head (`<link rel="modulepreload" data-app-entry>`, `<link rel="preload"
 * as="style" data-app-style>`) but neither runs nor applies them: the stylesheets no longer hold the HTML parser,
 * and the modules' evaluation (one long task on a slow device) no longer comes before the first frame. Once the
 * document is parsed, the shell's poster (when it shows one) is decoded or has failed or POSTER_WAIT_MS have passed,
 * and a frame has been painted (at once in a hidden tab, which paints no frames), this adds the stylesheets,
 * waits until they have loaded (or failed), and only then imports the entry: the app never renders unstyled.
 * Without those links (the dev server, which serves the entry as a module script) it does nothing.
 */
export function appStartScript(): string {
  return `(function () {
  var isStarted = false;
  function start() {
    if (isStarted) return;
    isStarted = true;
    var entry = document.querySelector('link[${APP_ENTRY_ATTRIBUTE}]');
    if (!entry) return;
    var loads = Array.prototype.map.call(document.querySelectorAll('link[${APP_STYLE_ATTRIBUTE}]'), function (preload) {
      var link = document.createElement('link');
      link.rel = 'stylesheet';
      if (preload.hasAttribute('crossorigin')) link.crossOrigin = preload.getAttribute('crossorigin') || '';
      var loaded = new Promise(function (done) {
        link.addEventListener('load', done);
        link.addEventListener('error', done);
      });
      link.href = preload.href;
      document.head.appendChild(link);
      return loaded;
    });
    Promise.all(loads)
      .then(function () {
        return import(entry.href);
      })
      .catch(function (error) {
        console.error('the app could not start', error);
      });
  }
  // Runs next after the next frame: a task queued from the frame's callback runs once it is painted.
  function afterPaint(next) {
    requestAnimationFrame(function () {
      setTimeout(next, 0);
    });
  }
  function whenParsed() {
    if (document.visibilityState === 'hidden') return start();
    // A tab hidden meanwhile paints no frame: it starts at once.
    document.addEventListener('visibilitychange', start, { once: true });
    var shell = document.getElementById(${JSON.stringify(BOOT_SHELL_ID)});
    var image = document.getElementById(${JSON.stringify(`${BOOT_SHELL_ID}-poster`)});
    // No poster, or one the layout hides (a phone's width): only the frame.
    if (!shell || !image || !shell.classList.contains('has-poster') || image.getClientRects().length === 0)
      return afterPaint(start);
    // The poster paints first, unless that takes longer than ${POSTER_WAIT_MS} ms: the app starts a frame after the
    // poster is decoded (a loaded image may still paint a frame later) or has failed.
    var isWaiting = true;
    function settled() {
      if (!isWaiting) return;
      isWaiting = false;
      afterPaint(start);
    }
    if (typeof image.decode === 'function') image.decode().then(settled, settled);
    else {
      image.addEventListener('load', settled);
      image.addEventListener('error', settled);
    }
    setTimeout(settled, ${POSTER_WAIT_MS});
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', whenParsed);
  else whenParsed();
})();
`;
}

/** Takes the static shell away (the app shows a route or an error in its place); nothing when it is gone. */
export function removeBootShell(): void {
  if (typeof document !== 'undefined') document.getElementById(BOOT_SHELL_ID)?.remove();
}
