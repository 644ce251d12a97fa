#!/usr/bin/env node
// Builds the gateway as compiled JavaScript: one ES module bundle, dist/main.js, plus a chunk per lazily loaded module (the tRPC service routers), from
// src/main.ts and the workspace packages it imports (@showfloor/contracts, TypeScript source); every npm
// dependency stays an import from node_modules. Production (Dockerfile.gateway, `pnpm start`) and the bench
// run it with plain `node`: no tsx, no TypeScript transform at start, less memory.
//
// What the previous build wrote in dist/ (below the working directory, esbuild's outdir) goes first: chunk
// names carry a hash, and old ones piled up in dist/chunks. Only that: anything else in dist/ stays, e.g. the
// copy of an earlier build that `pnpm bench:relay -- --baseline ../../apps/gateway/dist/baseline/main.js`
// runs beside this one (tests/load/README.md), which the bench's own build of this gateway must not delete.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@showfloor/'));

for (const output of ['dist/chunks', 'dist/main.js', 'dist/main.js.map']) {
  rmSync(output, { recursive: true, force: true });
}

await build({
  entryPoints: ['src/main.ts'],
  outdir: 'dist',
  // Lazily imported modules (the tRPC service routers) become chunks loaded on first use.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: 'linked',
  // npm packages (and their subpaths) are loaded from node_modules as they are.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'warning',
  legalComments: 'none',
});
