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
  function show() {
    var shell = document.getElementById(${JSON.stringify(BOOT_SHELL_ID)});
    var image = document.getElementById(${JSON.stringify(`${BOOT_SHELL_ID}-poster`)});
    if (!shell || !image) return false;
    image.addEventListener('error', function () {
      shell.classList.remove('has-poster');
    });
    image.setAttribute('fetchpriority', 'high');
    image.src = url;
    shell.classList.add('has-poster');
    return true;
  }
  if (show()) return;
  var observer = new MutationObserver(function () {
    if (show()) observer.disconnect();
  });
  observer.observe(document.documentElement, { childList: true, subtree: true });
  document.addEventListener('DOMContentLoaded', function () {
    observer.disconnect();
  });
})();
`;
}

/** Takes the static shell away (the app shows a route or an error in its place); nothing when it is gone. */
export function removeBootShell(): void {
  if (typeof document !== 'undefined') document.getElementById(BOOT_SHELL_ID)?.remove();
}
