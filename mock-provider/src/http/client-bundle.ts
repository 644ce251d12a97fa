// The browser scripts the provider serves (the demo rooms' client, the stand-in call widget's), bundled with
// esbuild on first use so they import the contracts' schemas: each entry is built once per process, and a failed
// build is not cached (the next request tries again).
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const bundles = new Map<string, Promise<string>>();

/**
 * The client entry at `entry` (a URL, e.g. `new URL('./client/main.ts', import.meta.url)`) as one minified
 * script: `esm` for a module script, `iife` for a classic one (a plain <script src> that defines a global).
 */
export function clientBundle(entry: URL, format: 'esm' | 'iife'): Promise<string> {
  const path = fileURLToPath(entry);
  const key = `${format}:${path}`;
  let script = bundles.get(key);
  if (!script) {
    script = build({
      entryPoints: [path],
      bundle: true,
      format,
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]?.text ?? '');
    script.catch(() => bundles.delete(key));
    bundles.set(key, script);
  }
  return script;
}
