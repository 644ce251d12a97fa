#!/usr/bin/env node
// Builds the gateway as compiled JavaScript: one ES module bundle, dist/main.js, plus a chunk per lazily loaded module (the tRPC service routers), from
// src/main.ts and the workspace packages it imports (@showfloor/contracts, TypeScript source); every npm
// dependency stays an import from node_modules. Production (Dockerfile.gateway, `pnpm start`) and the bench
// run it with plain `node`: no tsx, no TypeScript transform at start, less memory.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@showfloor/'));

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
