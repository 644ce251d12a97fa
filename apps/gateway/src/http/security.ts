/**
 * Browser-facing safety: security headers with a CSP the web app passes, and CORS for the configured web
 * origins only (exact match; no origin configured means same origin only, so no CORS headers at all).
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import cors from '@fastify/cors';
import type { IncomingMessage } from 'node:http';
import type { CallWidget } from '@showfloor/contracts';
import type { Env } from '../config/env.ts';
import { ownOrigin } from './own-origin.ts';

/** Host header values allowed into the CSP (anything else falls back to 'self' alone). */
const SAFE_HOST = /^[A-Za-z0-9.-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/;

/**
 * The websocket origin of this request's host, so the relay's /messaging is allowed even where 'self' is not
 * (ws: from an https page). wss when the connection is TLS, or when a trusted proxy hop says it was
 * (X-Forwarded-Proto/-Host count only with TRUST_PROXY_HOPS > 0, as for the relay's Origin check).
 */
function websocketSource(req: IncomingMessage, trustsProxy: boolean): string {
  const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
  const { isSecure, host } = ownOrigin(req.headers, encrypted, trustsProxy);
  if (!host || !SAFE_HOST.test(host)) return "'self'";
  return `${isSecure ? 'wss' : 'ws'}://${host}`;
}

/**
 * The Content-Security-Policy directives. Why each loosening exists:
 * - style-src 'unsafe-inline': Mantine writes inline style attributes and <style> tags at runtime.
 * - img-src data: blob: : Mantine icons, picture previews and blob URLs of fetched files.
 * - media-src: transition videos, popup media and background music come from the event's media hosts
 *   (MEDIA_ORIGINS; unset = any https origin).
 * - frame-src: rooms embed a conference or 3D service, from exactly the operator's FRAME_ORIGINS, and calls
 *   embed the conference widget from CALL_WIDGET_URL's origin; and blob: for the help menu's user manual, a PDF
 *   the app fetched through the file proxy (only the app's own scripts can make blob: URLs; not 'self': no page of
 *   this origin can be framed).
 * - script-src: the widget's iframe API script, exactly CALL_WIDGET_SCRIPT_URL (a full URL source matches that
 *   file only).
 */
export function contentSecurityPolicyDirectives(
  origins: {
    frame: readonly string[];
    media: readonly string[];
    callWidget?: CallWidget | null;
    /** TRUST_PROXY_HOPS > 0: X-Forwarded-Proto/-Host name the websocket source. */
    trustsProxy?: boolean;
  } = { frame: [], media: [] },
) {
  const widget = origins.callWidget ?? null;
  const frames = [...new Set([...origins.frame, ...(widget ? [new URL(widget.url).origin] : [])])];
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    scriptSrc: ["'self'", ...(widget ? [widget.script_url] : [])],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'data:', 'blob:', ...(origins.media.length > 0 ? origins.media : ['https:'])],
    connectSrc: ["'self'", (req: IncomingMessage) => websocketSource(req, origins.trustsProxy === true)],
    frameSrc: [...frames, 'blob:'],
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
      directives: contentSecurityPolicyDirectives({
        frame: env.FRAME_ORIGINS,
        media: env.MEDIA_ORIGINS,
        callWidget: env.CALL_WIDGET,
        trustsProxy: env.TRUST_PROXY_HOPS > 0,
      }),
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
