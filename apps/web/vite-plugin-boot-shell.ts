/**
 * index.html's static first screen (src/lib/boot-shell.ts) in the build and the dev server:
 * - its script, emitted minified as a hashed file of its own (the CSP allows no inline script) and loaded as a
 *   classic script first in the head, before the app's modules (the dev server serves it at /boot-shell.js);
 * - in the build, the app starts from that script (appStartScript): the entry's module script becomes a
 *   `<link rel="modulepreload" data-app-entry>` and the app's stylesheets `<link rel="preload" as="style"
 *   data-app-style>` in the head, so both are fetched with the HTML as before, but the stylesheets no longer hold
 *   the parser (the shell paints as soon as the HTML is parsed) and the modules run only after a frame has been
 *   painted and the stylesheets have applied (`#root` never shows unstyled). The dev server keeps Vite's own
 *   module script (its styles come with the modules).
 */
import { minifySync, type Plugin } from 'vite';
import {
  APP_ENTRY_ATTRIBUTE,
  APP_STYLE_ATTRIBUTE,
  appStartScript,
  bootShellScript,
} from './src/lib/boot-shell.ts';

const DEV_PATH = '/boot-shell.js';
const ASSET_NAME = 'boot-shell.js';
const ROOT = '<div id="root">';
const TITLE = '<title>';
const STYLESHEET = /[ \t]*<link rel="stylesheet"([^>]*) href="([^"]+)"[^>]*>\n?/g;
const ENTRY = /<script type="module"([^>]*) src="([^"]+)"><\/script>/g;

/** The built index.html's entry script and stylesheets as links the shell's script starts the app from. */
function startFromShell(html: string): string {
  const entries = [...html.matchAll(ENTRY)];
  if (entries.length !== 1)
    throw new Error(`index.html has ${entries.length} module scripts, expected the entry alone`);
  const [entry] = entries as [RegExpExecArray];
  const styles = [...html.matchAll(STYLESHEET)].map(
    ([, attributes, href]) =>
      `<link rel="preload" as="style"${attributes} href="${href}" ${APP_STYLE_ATTRIBUTE}>`,
  );
  const links = [
    `<link rel="modulepreload"${entry[1]} href="${entry[2]}" ${APP_ENTRY_ATTRIBUTE}>`,
    ...styles,
  ];
  return html.replace(STYLESHEET, '').replace(entry[0], links.join('\n    '));
}

/** @param posterBase the poster's URL without its query; @param storageKey the last event code's storage key */
export function bootShellPlugin(posterBase: string, storageKey: string): Plugin {
  const source = bootShellScript(posterBase, storageKey) + appStartScript();
  let isBuild = false;
  return {
    name: 'showfloor-boot-shell',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    buildStart() {
      // Minified: the file counts in the login route's JavaScript (vite-plugin-login-size.ts).
      if (isBuild)
        this.emitFile({ type: 'asset', name: ASSET_NAME, source: minifySync(ASSET_NAME, source).code });
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
        return (isBuild ? startFromShell(html) : html).replace(TITLE, `${script}\n    ${TITLE}`);
      },
    },
  };
}
