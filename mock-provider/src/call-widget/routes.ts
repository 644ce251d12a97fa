/**
 * The stand-in conference widget (spec 02 §4.4), served under /call-widget/ on the provider's own origin like
 * the demo rooms: `external_api.js` defines `JitsiMeetExternalAPI` with the subset of Jitsi Meet's iframe API
 * the app uses (@showfloor/contracts/call-widget), and frames `/call-widget/{room}`, a page that joins the room
 * with the gateway's widget token and shows who is in the call. Presence is this process's (conferences.ts):
 * a participant is in while their page's event stream is open.
 */
import { readFileSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import { decodeJwt, jwtVerify } from 'jose';
import { CALL_TOKEN_AUDIENCE, CALL_TOKEN_ISSUER } from '@showfloor/contracts';
import { clientBundle } from '../http/client-bundle.ts';
import { badRequest } from '../http/errors.ts';
import { framedPageCsp } from '../http/framed-page-csp.ts';
import { Conferences, type ConferenceParticipant } from './conferences.ts';

/** Options of the stand-in widget. */
export interface CallWidgetOptions {
  /** The app origins that may frame the room pages and talk to them (exact). */
  appOrigins: readonly string[];
  /**
   * The gateway's CALL_TOKEN_SECRET: tokens are then checked like a real widget checks them (signature,
   * audience, issuer, expiry). Absent: only the room and expiry claims are checked.
   */
  tokenSecret?: string | undefined;
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** A client entry as one script; the iframe API is a classic script (a plain <script src> defines the global), as Jitsi's is. */
const bundle = (entry: 'external-api' | 'page'): Promise<string> =>
  clientBundle(new URL(`./client/${entry}.ts`, import.meta.url), 'iife');

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const ROOM_NAME = /^[^/\s]{1,250}$/;

/** Why a token does not admit to a room, or who it admits. */
async function admit(
  token: string,
  roomName: string,
  secret: Uint8Array | undefined,
): Promise<{ userId: number } | { reason: string }> {
  let claims: Record<string, unknown>;
  try {
    claims = secret
      ? (
          await jwtVerify(token, secret, {
            algorithms: ['HS256'],
            audience: CALL_TOKEN_AUDIENCE,
            issuer: CALL_TOKEN_ISSUER,
          })
        ).payload
      : decodeJwt(token);
  } catch {
    return { reason: 'The call token is not valid.' };
  }
  if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now())
    return { reason: 'The call token has expired.' };
  if (claims.room !== roomName) return { reason: 'The call token is for another room.' };
  const userId = Number(claims.sub);
  if (!Number.isInteger(userId) || userId <= 0) return { reason: 'The call token names nobody.' };
  return { userId };
}

/** Registers GET /call-widget/... on the provider. */
export function registerCallWidget(app: FastifyInstance, options: CallWidgetOptions): void {
  const conferences = new Conferences();
  const secret = options.tokenSecret ? new TextEncoder().encode(options.tokenSecret) : undefined;
  const pageCsp = framedPageCsp(options.appOrigins);
  // Open event streams end when the provider closes, so its close does not wait for the pages.
  const streams = new Set<ServerResponse>();
  app.addHook('onClose', async () => {
    for (const stream of streams) stream.end();
  });
  let styles: string | undefined;

  app.get('/call-widget/external_api.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await bundle('external-api')),
  );
  app.get('/call-widget/assets/widget.js', async (_request, reply) =>
    reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await bundle('page')),
  );
  app.get('/call-widget/assets/widget.css', async (_request, reply) => {
    styles ??= readFileSync(here('./client/widget.css'), 'utf8');
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles);
  });

  /** Who is in a room now (what the pages show; tests read it too). */
  app.get<{ Params: { room: string } }>('/call-widget/api/rooms/:room', async (request) => ({
    room: request.params.room,
    participants: conferences.participants(request.params.room),
  }));

  /**
   * A page's presence: joins the room with the token and streams the room's participants (server-sent events)
   * until the page closes the stream, which leaves the room.
   */
  app.get<{
    Params: { room: string };
    Querystring: { jwt?: string; name?: string; video_muted?: string };
  }>('/call-widget/api/rooms/:room/stream', async (request, reply) => {
    const { room } = request.params;
    const { jwt = '', name = '', video_muted: videoMuted } = request.query;
    if (!ROOM_NAME.test(room)) throw badRequest('The room name is not valid.');
    const admitted = await admit(jwt, room, secret);
    if ('reason' in admitted) return reply.code(401).send({ message: admitted.reason });
    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-content-type-options': 'nosniff',
    });
    streams.add(raw);
    const send = (event: string, data: unknown) =>
      raw.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    // The room tells the newcomer while they join: held until their `joined` is sent.
    const pending: ConferenceParticipant[][] = [];
    let isJoined = false;
    const joined = conferences.join(
      room,
      {
        user_id: admitted.userId,
        display_name: name.trim().slice(0, 100) || `User ${admitted.userId}`,
        video_muted: videoMuted === '1',
      },
      (participants) => {
        if (isJoined) send('participants', participants);
        else pending.push([...participants]);
      },
    );
    isJoined = true;
    send('joined', { id: joined.id, room });
    for (const participants of pending) send('participants', participants);
    const keepAlive = setInterval(() => raw.write(': keep-alive\n\n'), 15_000);
    raw.on('close', () => {
      clearInterval(keepAlive);
      streams.delete(raw);
      joined.leave();
    });
  });

  app.get<{ Params: { room: string } }>('/call-widget/:room', async (request, reply) => {
    const { room } = request.params;
    if (!ROOM_NAME.test(room)) throw badRequest('The room name is not valid.');
    const origins = escapeHtml(options.appOrigins.join(' '));
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', pageCsp)
      .header('cache-control', 'no-store').send(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(room)}</title>
<link rel="stylesheet" href="/call-widget/assets/widget.css">
<script defer src="/call-widget/assets/widget.js"></script>
</head>
<body data-room="${escapeHtml(room)}" data-app-origins="${origins}">
<main id="call"></main>
</body>
</html>
`);
  });
}
