/**
 * Browser-facing safety: security headers with a CSP the web app passes, and CORS for the configured web
 * origins only (exact match; no origin configured means same origin only, so no CORS headers at all).
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { IncomingMessage } from 'node:http';
import type { Env } from '../config/env.ts';

/** Host header values allowed into the CSP (anything else falls back to 'self' alone). */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/** The websocket origin of this request's host, so the relay's /messaging is allowed even where 'self' is not. */
function websocketSource(req: IncomingMessage): string {
  const host = req.headers.host;
  if (!host || !SAFE_HOST.test(host)) return "'self'";
  const secure =
    (req.socket as { encrypted?: boolean }).encrypted === true ||
    req.headers['x-forwarded-proto'] === 'https';
  return `${secure ? 'wss' : 'ws'}://${host}`;
}

/**
 * The Content-Security-Policy directives. Why each loosening exists:
 * - style-src 'unsafe-inline': Mantine writes inline style attributes and <style> tags at runtime.
 * - img-src data: blob: : Mantine icons, picture previews and blob URLs of fetched files.
 * - media-src: transition videos, popup media and background music come from the event's media hosts
 *   (MEDIA_ORIGINS; unset = any https origin).
 * - frame-src: rooms embed a conference or 3D service and calls embed the video widget, from exactly the
 *   operator's FRAME_ORIGINS (unset = nothing is framed).
 */
export function contentSecurityPolicyDirectives(
  origins: { frame: readonly string[]; media: readonly string[] } = { frame: [], media: [] },
) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'"],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'data:', 'blob:', ...(origins.media.length > 0 ? origins.media : ['https:'])],
    connectSrc: ["'self'", (req: IncomingMessage) => websocketSource(req)],
    frameSrc: origins.frame.length > 0 ? [...origins.frame] : ["'none'"],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    formAction: ["'self'"],
    frameAncestors: ["'self'"],
    // Not forced: the stack runs on plain http on localhost and in compose; TLS terminates in front of it.
    upgradeInsecureRequests: null,
  };
}

/** Registers helmet and CORS. */
export async function registerSecurity(app: FastifyInstance, env: Env): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: contentSecurityPolicyDirectives({ frame: env.FRAME_ORIGINS, media: env.MEDIA_ORIGINS }),
    },
    // The call window embeds a video widget that may open its own popups.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
  if (env.WEB_ORIGIN.length > 0) {
    const allowed = new Set(env.WEB_ORIGIN);
    await app.register(cors, {
      // Exact string match only: no substring, suffix or wildcard matching.
      origin: (origin, callback) => callback(null, origin !== undefined && allowed.has(origin)),
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['authorization', 'content-type', 'x-request-id', 'trpc-accept', 'x-trpc-source'],
      exposedHeaders: ['x-request-id', 'retry-after', 'content-disposition'],
      maxAge: 600,
    });
  }
}
