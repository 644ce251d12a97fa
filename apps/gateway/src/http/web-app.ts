/**
 * Serves the built web app (WEB_DIST) with SPA fallback: files as they are, index.html for any other GET that
 * accepts HTML and is not an API path. Used by the root `pnpm start` (one origin for app, API and relay).
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Paths that belong to the gateway itself and never fall back to the app. */
export const API_PATH_PREFIXES = ['/api/', '/trpc/', '/messaging', '/metrics', '/healthz', '/readyz'];

/** True when a request should get the app's index.html. */
export function wantsAppShell(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?', 1)[0] ?? '/';
  if (API_PATH_PREFIXES.some((prefix) => path === prefix.replace(/\/$/, '') || path.startsWith(prefix)))
    return false;
  const accept = request.headers.accept ?? '';
  return accept.includes('text/html');
}

/** Registers static serving of `dist`; answers the handler the not-found handler calls for the SPA fallback. */
export async function registerWebApp(
  app: FastifyInstance,
  dist: string,
): Promise<(request: FastifyRequest, reply: FastifyReply) => FastifyReply> {
  const root = resolve(dist);
  if (!existsSync(resolve(root, 'index.html'))) {
    throw new Error(
      `WEB_DIST "${root}" has no index.html: build the web app first (pnpm --filter ./apps/web build)`,
    );
  }
  // Loaded only with WEB_DIST: a gateway that serves no app never holds @fastify/static and its modules.
  const { default: fastifyStatic } = await import('@fastify/static');
  await app.register(fastifyStatic, {
    root,
    wildcard: true,
    index: ['index.html'],
    // Build metadata (dist/.vite: Vite's manifest, the login-route size record) is not part of the site.
    dotfiles: 'ignore',
    // Cache headers are set per file below.
    cacheControl: false,
    setHeaders: (res, path) => {
      // Hashed assets never change; the shell must always be revalidated so a deploy is picked up.
      if (path.includes(`${'/'}assets${'/'}`))
        res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      else res.setHeader('cache-control', 'no-cache');
    },
  });
  return (_request, reply) => reply.header('cache-control', 'no-cache').sendFile('index.html', root);
}
