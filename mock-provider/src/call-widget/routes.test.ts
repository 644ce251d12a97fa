import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { FastifyInstance } from 'fastify';
import { CALL_TOKEN_AUDIENCE, CALL_TOKEN_ISSUER, callRoomName } from '@showfloor/contracts';
import { buildProvider } from '../app.ts';

const APP = 'http://localhost:8080';
const SECRET = 'a-call-token-secret-of-at-least-32-chars';
const ROOM = callRoomName('conv-7');
let provider: FastifyInstance;
let base: string;

beforeAll(async () => {
  provider = buildProvider({ appOrigins: [APP], callTokenSecret: SECRET });
  base = await provider.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => provider.close());

function token(
  userId: number,
  room = ROOM,
  secret = SECRET,
  audience = CALL_TOKEN_AUDIENCE,
): Promise<string> {
  return new SignJWT({ room, subject: 'VSF Video Call', audio_only: false })
    .setProtectedHeader({ alg: 'HS256' })
    .setIssuer(CALL_TOKEN_ISSUER)
    .setAudience(audience)
    .setSubject(String(userId))
    .setIssuedAt()
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
}

/** A page's event stream: its events as they come, and a way to leave. */
async function join(jwt: string, name: string, videoMuted = false) {
  const abort = new AbortController();
  const query = new URLSearchParams({ jwt, name, video_muted: videoMuted ? '1' : '0' });
  const answer = await fetch(`${base}/call-widget/api/rooms/${ROOM}/stream?${query.toString()}`, {
    signal: abort.signal,
  });
  const events: Array<{ event: string; data: unknown }> = [];
  const waiters: Array<() => void> = [];
  if (answer.ok && answer.body) {
    const reader = answer.body.pipeThrough(new TextDecoderStream()).getReader();
    void (async () => {
      let buffer = '';
      try {
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return;
          buffer += value;
          let end;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event && data) events.push({ event, data: JSON.parse(data) as unknown });
            for (const wake of waiters.splice(0)) wake();
          }
        }
      } catch {
        // aborted
      }
    })();
  }
  const next = async (count: number) => {
    while (events.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
    return events[count - 1];
  };
  return { status: answer.status, answer, events, next, leave: () => abort.abort() };
}

const names = (data: unknown) => (data as Array<{ display_name: string }>).map((p) => p.display_name);

describe('the stand-in call widget', () => {
  it('serves the iframe API script defining JitsiMeetExternalAPI', async () => {
    const answer = await fetch(`${base}/call-widget/external_api.js`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('text/javascript');
    expect(await answer.text()).toContain('JitsiMeetExternalAPI');
  });

  it('serves a room page only the app origins may frame', async () => {
    const answer = await fetch(`${base}/call-widget/${ROOM}`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-security-policy')).toContain(`frame-ancestors ${APP}`);
    const html = await answer.text();
    expect(html).toContain(`data-room="${ROOM}"`);
    expect(html).toContain(`data-app-origins="${APP}"`);
  });

  it('admits two participants to the same room, each seeing the other, and tells who left', async () => {
    const ada = await join(await token(1), 'Ada Lovelace');
    expect(ada.status).toBe(200);
    expect((await ada.next(1))?.event).toBe('joined');
    expect(names((await ada.next(2))?.data)).toEqual(['Ada Lovelace']);

    const grace = await join(await token(2), 'Grace Hopper', true);
    expect((await grace.next(1))?.event).toBe('joined');
    expect(names((await grace.next(2))?.data)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(names((await ada.next(3))?.data)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    const room = (await (await fetch(`${base}/call-widget/api/rooms/${ROOM}`)).json()) as {
      participants: Array<{ user_id: number; video_muted: boolean }>;
    };
    expect(room.participants.map((p) => [p.user_id, p.video_muted])).toEqual([
      [1, false],
      [2, true],
    ]);

    grace.leave();
    expect(names((await ada.next(4))?.data)).toEqual(['Ada Lovelace']);
    ada.leave();
    await expect
      .poll(
        async () =>
          (
            (await (await fetch(`${base}/call-widget/api/rooms/${ROOM}`)).json()) as {
              participants: unknown[];
            }
          ).participants,
      )
      .toEqual([]);
  });

  it('refuses a token for another room, with another secret or audience, or none', async () => {
    for (const jwt of [
      await token(1, callRoomName('conv-8')),
      await token(1, ROOM, 'another-secret-that-is-long-enough-too'),
      await token(1, ROOM, SECRET, 'someone-else'),
      '',
    ]) {
      const refused = await join(jwt, 'Mallory');
      expect(refused.status).toBe(401);
    }
    const room = (await (await fetch(`${base}/call-widget/api/rooms/${ROOM}`)).json()) as {
      participants: unknown[];
    };
    expect(room.participants).toEqual([]);
  });
});
