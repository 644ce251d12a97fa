/**
 * index.html's static first screen (src/lib/boot-shell.ts) in the build and the dev server:
 * - its script, emitted as a hashed file of its own (the CSP allows no inline script) and loaded as a classic
 *   script first in the head, before the app's modules (the dev server serves it at /boot-shell.js);
 * - the app's stylesheets move from the head to just before `#root`: the shell brings its own few rules, so it
 *   paints without waiting for them, while `#root` and the app's scripts (which wait for every stylesheet before
 *   them) still never run or show unstyled.
 */
import type { Plugin } from 'vite';
import { bootShellScript } from './src/lib/boot-shell.ts';

const DEV_PATH = '/boot-shell.js';
const ASSET_NAME = 'boot-shell.js';
const ROOT = '<div id="root">';
const TITLE = '<title>';
const STYLESHEET = /[ \t]*<link rel="stylesheet"[^>]*>\n?/g;

/** @param posterBase the poster's URL without its query; @param storageKey the last event code's storage key */
export function bootShellPlugin(posterBase: string, storageKey: string): Plugin {
  const source = bootShellScript(posterBase, storageKey);
  let isBuild = false;
  return {
    name: 'showfloor-boot-shell',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    buildStart() {
      if (isBuild) this.emitFile({ type: 'asset', name: ASSET_NAME, source });
    },
    configureServer(server) {
      server.middlewares.use(DEV_PATH, (_request, response) => {
        response.setHeader('content-type', 'text/javascript');
        response.end(source);
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        const asset = Object.values(ctx.bundle ?? {}).find(
          (item) => item.type === 'asset' && (item.names.includes(ASSET_NAME) || item.name === ASSET_NAME),
        );
        if (isBuild && !asset) throw new Error(`${ASSET_NAME} is missing from the bundle`);
        if (!html.includes(ROOT) || !html.includes(TITLE))
          throw new Error(`index.html has no ${ROOT} or ${TITLE}`);
        const script = `<script src="${asset ? `/${asset.fileName}` : DEV_PATH}"></script>`;
        const stylesheets = (html.match(STYLESHEET) ?? []).map((link) => link.trim());
        return html
          .replace(STYLESHEET, '')
          .replace(TITLE, `${script}\n    ${TITLE}`)
          .replace(ROOT, [...stylesheets, ROOT].join('\n    '));
      },
    },
  };
}
