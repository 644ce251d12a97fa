/**
 * Prints, after `vite build`, the gzip size of the JavaScript a browser loads to show the login route: the entry
 * chunk, every chunk it imports statically, and the login page's lazy chunk with its static imports.
 */
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The login route's goal (gzip bytes), from issue 6. */
export const LOGIN_ROUTE_JS_GOAL_BYTES = 200 * 1024;

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** @param loginModule a path suffix of the module the router lazy-loads for /auth/login. */
export function loginRouteSizePlugin(loginModule: string): Plugin {
  return {
    name: 'showfloor-login-route-size',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const entries = [...chunks.values()].filter((c) => c.isEntry);
      const login = [...chunks.values()].find(
        (c) => c.facadeModuleId?.endsWith(loginModule) || c.moduleIds.some((id) => id.endsWith(loginModule)),
      );
      if (!login) {
        this.warn(`login route chunk for ${loginModule} not found; the size below covers the entry only`);
      }
      const loaded = new Set<string>();
      const visit = (fileName: string): void => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
      };
      for (const entry of entries) visit(entry.fileName);
      if (login) visit(login.fileName);
      let gzip = 0;
      for (const fileName of loaded) gzip += gzipSync(chunks.get(fileName)?.code ?? '').length;
      const kb = (gzip / 1024).toFixed(1);
      const verdict = gzip < LOGIN_ROUTE_JS_GOAL_BYTES ? 'under' : 'OVER';
      console.log(
        `\nlogin route JS: ${kb} KB gzip in ${loaded.size} chunks (${verdict} the ${LOGIN_ROUTE_JS_GOAL_BYTES / 1024} KB goal)`,
      );
    },
  };
}
