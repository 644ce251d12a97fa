import { afterAll, describe, expect, it } from 'vitest';
import { EventRoomsSchema } from '@showfloor/contracts';
import { buildProvider, DEMO_PASSWORD } from '../app.ts';
import { DEMO_PAGES } from './pages.ts';

const APP = 'http://localhost:8080';
const provider = buildProvider({
  roomsUrl: 'http://127.0.0.1:4999',
  appOrigins: [APP, 'http://127.0.0.1:8080'],
});
afterAll(() => provider.close());

async function tokenOf(email: string): Promise<string> {
  const answer = await provider.inject({
    method: 'POST',
    url: '/api/v1/auth/signin',
    payload: { email, password: DEMO_PASSWORD, event_code: 'DEMO', frontend: 'visitor', force_login: true },
  });
  return (answer.json() as { user_data: { jwt_token: string } }).user_data.jwt_token;
}

describe('demo rooms', () => {
  it('links every DEMO room to a demo page of this provider, on the configured rooms origin', async () => {
    const token = await tokenOf('erin@demo.test');
    const answer = await provider.inject({
      url: '/api/v1/content/rooms',
      headers: { authorization: `Bearer ${token}` },
    });
    const rooms = EventRoomsSchema.parse(answer.json()).event_rooms.flatMap((group) => group.rooms);
    expect(rooms.length).toBeGreaterThanOrEqual(7);
    for (const room of rooms) {
      expect(room.link.startsWith('http://127.0.0.1:4999/demo-rooms/')).toBe(true);
      const path = new URL(room.link).pathname.replace('/demo-rooms/', '');
      expect(DEMO_PAGES[path], room.link).toBeDefined();
    }
    // The two-instance meeting room's link names its meeting (and holds 'meeting': microphone buttons).
    const meeting = rooms.find((room) => room.name === 'Meeting Room');
    expect(meeting?.link).toMatch(/\/meeting\/meeting-room$/);
  });

  it('serves a page that only the app origins may frame, with its script and styles', async () => {
    const page = await provider.inject({ url: '/demo-rooms/demo/kernel-booth' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain(`frame-ancestors ${APP} http://127.0.0.1:8080`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('data-template="booth"');
    expect(page.body).toContain(`data-app-origins="${APP} http://127.0.0.1:8080"`);

    const script = await provider.inject({ url: '/demo-rooms/assets/room.js' });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    // The bundle speaks the contracts' protocol.
    expect(script.body).toContain('showfloor.room');
    expect((await provider.inject({ url: '/demo-rooms/assets/room.css' })).statusCode).toBe(200);
    expect((await provider.inject({ url: '/demo-rooms/demo/nowhere' })).statusCode).toBe(404);
  }, 30_000);

  it('serves the welcome video with ranges and the lobby music as a WAV', async () => {
    const whole = await provider.inject({ url: '/demo-rooms/media/welcome.webm' });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/webm');
    const part = await provider.inject({
      url: '/demo-rooms/media/welcome.webm',
      headers: { range: 'bytes=0-3' },
    });
    expect(part.statusCode).toBe(206);
    // A WebM file starts with the EBML magic number.
    expect([...part.rawPayload]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
    expect(part.headers['content-range']).toBe(`bytes 0-3/${whole.rawPayload.length}`);
    const beyond = await provider.inject({
      url: '/demo-rooms/media/welcome.webm',
      headers: { range: `bytes=${whole.rawPayload.length}-` },
    });
    expect(beyond.statusCode).toBe(416);
    const music = await provider.inject({ url: '/demo-rooms/media/lobby-music.wav' });
    expect(music.headers['content-type']).toBe('audio/wav');
    expect(music.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
  });
});
