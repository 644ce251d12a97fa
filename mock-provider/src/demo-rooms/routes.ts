/**
 * Serves the demo room pages (pages.ts), their script (client/, bundled with esbuild on first use, so it imports
 * the room protocol from @showfloor/contracts like the app does), their stylesheet and media: the welcome
 * video and the lobby music. Each page may be framed only by the configured app origins.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { clientBundle } from '../http/client-bundle.ts';
import { notFound } from '../http/errors.ts';
import { framedPageCsp } from '../http/framed-page-csp.ts';
import { lobbyMusicWav } from './music.ts';
import { DEMO_PAGES, renderDemoPage } from './pages.ts';

/** Options of the demo rooms. */
export interface DemoRoomOptions {
  /** The app origins that may frame the pages and talk to them (exact). */
  appOrigins: readonly string[];
}

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

/** The room client as one ES module. */
const roomScript = (): Promise<string> => clientBundle(new URL('./client/main.ts', import.meta.url), 'esm');

let styles: string | undefined;
let video: Buffer | undefined;

/** Sends a static body with a long cache life and ranges (media elements seek with them). */
function sendBytes(reply: FastifyReply, range: string | undefined, type: string, body: Buffer) {
  reply
    .header('content-type', type)
    .header('accept-ranges', 'bytes')
    .header('cache-control', 'public, max-age=3600');
  const match = /^bytes=(\d*)-(\d*)$/.exec(range ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return reply.send(body);
  const size = body.length;
  const start = match[1] === '' ? Math.max(0, size - Number(match[2])) : Number(match[1]);
  const end = match[1] !== '' && match[2] !== '' ? Math.min(Number(match[2]), size - 1) : size - 1;
  if (start >= size || start > end) return reply.code(416).header('content-range', `bytes */${size}`).send();
  return reply
    .code(206)
    .header('content-range', `bytes ${start}-${end}/${size}`)
    .send(body.subarray(start, end + 1));
}

/** Registers GET /demo-rooms/... on the provider. */
export function registerDemoRooms(app: FastifyInstance, options: DemoRoomOptions): void {
  const pageCsp = framedPageCsp(options.appOrigins, { blobMedia: true });

  app.get<{ Params: { scope: string; name: string } }>('/demo-rooms/:scope/:name', async (request, reply) => {
    const page = DEMO_PAGES[`${request.params.scope}/${request.params.name}`];
    if (!page) throw notFound('Room page');
    return reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', pageCsp)
      .header('cache-control', 'no-store')
      .send(renderDemoPage(page, options.appOrigins));
  });

  app.get('/demo-rooms/assets/room.js', async (_request, reply) => {
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(await roomScript());
  });

  app.get('/demo-rooms/assets/room.css', async (_request, reply) => {
    styles ??= readFileSync(here('./client/room.css'), 'utf8');
    return reply.type('text/css; charset=utf-8').header('cache-control', 'no-cache').send(styles);
  });

  app.get('/demo-rooms/media/welcome.webm', async (request, reply) => {
    video ??= readFileSync(here('./media/welcome.webm'));
    return sendBytes(reply, request.headers.range, 'video/webm', video);
  });

  app.get('/demo-rooms/media/lobby-music.wav', async (request, reply) =>
    sendBytes(reply, request.headers.range, 'audio/wav', lobbyMusicWav()),
  );
}
