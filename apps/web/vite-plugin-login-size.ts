/**
 * Prints, after `vite build`, the gzip size of the JavaScript a browser loads to show the login route: the entry
 * chunk, every chunk it imports statically, and the login page's lazy chunks with their static imports. It also
 * writes what it counted to `dist/.vite/login-route.json` (not served: the gateway serves no dot-directories), so
 * the end-to-end suite can check that a browser opening the login page loads exactly these files. The sizes are
 * those of the files as written (Vite adds the lazy chunks' preload lists after the plugins' generateBundle), so
 * they match what `pnpm bench:web` measures in the browser.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** The login route's goal (gzip bytes): issue 17's budget (`pnpm bench:web`); issue 6 had set 200 KB. */
export const LOGIN_ROUTE_JS_GOAL_BYTES = 150 * 1024;

/** Where the build writes what it counted, relative to `dist`. */
export const LOGIN_ROUTE_MANIFEST = '.vite/login-route.json';

export interface LoginRouteManifest {
  /** The chunks counted, relative to `dist` (e.g. `assets/index-abc123.js`). */
  files: string[];
  gzipBytes: number;
  goalBytes: number;
  /** The npm packages whose modules those chunks hold. */
  packages: string[];
}

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  code: string;
  isEntry: boolean;
  imports: string[];
  facadeModuleId: string | null;
  moduleIds: string[];
}

/** @param loginModules path suffixes of the modules the router lazy-loads for /auth/login (layout and page). */
export function loginRouteSizePlugin(loginModules: readonly string[]): Plugin {
  return {
    name: 'showfloor-login-route-size',
    apply: 'build',
    writeBundle(options, bundle) {
      const chunks = new Map<string, ChunkLike>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'chunk') chunks.set(item.fileName, item as unknown as ChunkLike);
      }
      const entries = [...chunks.values()].filter((c) => c.isEntry);
      const lazy: ChunkLike[] = [];
      for (const suffix of loginModules) {
        const chunk = [...chunks.values()].find(
          (c) => c.facadeModuleId?.endsWith(suffix) || c.moduleIds.some((id) => id.endsWith(suffix)),
        );
        if (chunk) lazy.push(chunk);
        else this.warn(`no chunk holds ${suffix}; the login route size below leaves it out`);
      }
      const loaded = new Set<string>();
      const visit = (fileName: string): void => {
        if (loaded.has(fileName)) return;
        loaded.add(fileName);
        for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep);
      };
      for (const entry of entries) visit(entry.fileName);
      for (const chunk of lazy) visit(chunk.fileName);
      // Scripts emitted as plain files (index.html's boot-shell script, vite-plugin-boot-shell.ts) load everywhere.
      const scriptAssets = new Map<string, string | Uint8Array>();
      for (const item of Object.values(bundle)) {
        if (item.type === 'asset' && item.fileName.endsWith('.js'))
          scriptAssets.set(item.fileName, item.source);
      }
      for (const fileName of scriptAssets.keys()) loaded.add(fileName);
      let gzip = 0;
      const sizes: Array<[string, number]> = [];
      for (const fileName of loaded) {
        const size = gzipSync(chunks.get(fileName)?.code ?? scriptAssets.get(fileName) ?? '').length;
        sizes.push([fileName, size]);
        gzip += size;
      }
      if (process.env.LOGIN_SIZE_DETAILS) {
        for (const [fileName, size] of sizes.sort((a, b) => b[1] - a[1])) {
          console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${fileName}`);
        }
      }
      const packages = new Map<string, number>();
      for (const fileName of loaded) {
        for (const id of chunks.get(fileName)?.moduleIds ?? []) {
          const name =
            /node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?((?:@[^\\/]+[\\/])?[^\\/]+)/.exec(
              id,
            )?.[1];
          if (name) packages.set(name, (packages.get(name) ?? 0) + 1);
        }
      }
      const manifest: LoginRouteManifest = {
        files: [...loaded].sort(),
        gzipBytes: gzip,
        goalBytes: LOGIN_ROUTE_JS_GOAL_BYTES,
        packages: [...packages.keys()].sort(),
      };
      const manifestPath = join(options.dir ?? 'dist', LOGIN_ROUTE_MANIFEST);
      mkdirSync(dirname(manifestPath), { recursive: true });
      writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
      const kb = (gzip / 1024).toFixed(1);
      const verdict = gzip < LOGIN_ROUTE_JS_GOAL_BYTES ? 'under' : 'OVER';
      console.log(
        `\nlogin route JS: ${kb} KB gzip in ${loaded.size} chunks (${verdict} the ${LOGIN_ROUTE_JS_GOAL_BYTES / 1024} KB goal)`,
      );
    },
  };
}
