import { describe, expect, it } from 'vitest';
import {
  MAX_UPLOAD_BYTES,
  BACKEND_MESSAGES,
  EventRoomsSchema,
  MiniMapSchema,
  RoomContentListSchema,
} from '@showfloor/contracts';
import { pngSize, Raster } from '../files/png.ts';
import { demoHarness, errorOf, multipart } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('content service', () => {
  const { h, tokens } = demoHarness({
    ada: 'ada@demo.test',
    linus: 'linus@demo.test',
    erin: 'erin@demo.test',
    vera: { email: 'vera@demo.test', eventCode: 'VIP', extra: { access_code: 'VIP-2026' } },
  });

  it('lists the DEMO rooms: a lobby, an external link, a meeting link and the two-instance meeting', async () => {
    const r = EventRoomsSchema.parse((await h.call('content', 'listRooms', { token: tokens.ada })).body);
    const rooms = r.event_rooms[0]?.rooms ?? [];
    expect(r.event_rooms[0]?.event).toBe('DEMO');
    expect(rooms.find((x) => x.type === 'lobby')?.name).toBe('Lobby');
    expect(rooms.find((x) => x.type === 'external')?.link).toBe(
      'http://127.0.0.1:4010/demo-rooms/demo/partner-website',
    );
    expect(rooms.filter((x) => x.link.includes('meeting')).map((x) => x.name)).toEqual([
      'Talk Stage',
      'Meeting Room',
    ]);
    const meetings = EventRoomsSchema.parse(
      (await h.call('content', 'listRooms', { token: tokens.ada, query: { type: 'meeting', name: 'talk' } }))
        .body,
    );
    expect(meetings.event_rooms[0]?.rooms.map((x) => x.id)).toEqual([3]);
    expect(
      (await h.call('content', 'listRooms', { token: tokens.ada, query: { event_code: 'VIP' } })).status,
    ).toBe(403);
    expect(
      (await h.call('content', 'listRooms', { token: tokens.ada, query: { active: 'maybe' } })).status,
    ).toBe(400);
  });

  it('answers the lobby and rooms, 401 for a restricted room', async () => {
    const lobby = await h.call('content', 'getLobby', { token: tokens.vera });
    expect(lobby.body).toMatchObject({ id: 7, type: 'lobby', event_code: 'VIP' });
    expect(
      (await h.call('content', 'getLobby', { token: tokens.ada, query: { event_code: 'NOPE' } })).status,
    ).toBe(404);
    const stage = await h.call('content', 'getRoom', { token: tokens.ada, params: { id: 3 } });
    expect(stage.body).toMatchObject({
      name: 'Talk Stage',
      link: 'http://127.0.0.1:4010/demo-rooms/meeting/talk-stage',
    });
    const vip = await h.call('content', 'getRoom', { token: tokens.ada, params: { id: 5 } });
    expect(vip.status).toBe(401);
    expect(errorOf(vip)).toEqual({ message: 'You are not allowed to access this room.' });
    expect((await h.call('content', 'getRoom', { token: tokens.linus, params: { id: 5 } })).status).toBe(200);
    expect((await h.call('content', 'getRoom', { token: tokens.vera, params: { id: 1 } })).status).toBe(404);
  });

  it('moves a user only when they enter a room, never when they read one', async () => {
    const enter = (id: number) => h.call('content', 'enterRoom', { token: tokens.ada, params: { id } });
    const hall = () => h.call('user', 'getRoomUsers', { token: tokens.erin, params: { id: 4 } });
    const inHall = async () =>
      ((await hall()).body as { users: Array<{ id: number }> }).users.map((u) => u.id);
    expect((await enter(4)).status).toBe(200);
    expect(h.state.users.get(1)?.current_room_id).toBe(4);
    expect(await inHall()).toContain(1);
    // A lobby read that was slow and lands after the hall's entry, a room read for the mini-map: ada stays put.
    expect((await h.call('content', 'getLobby', { token: tokens.ada })).status).toBe(200);
    expect((await h.call('content', 'getRoom', { token: tokens.ada, params: { id: 3 } })).status).toBe(200);
    expect(h.state.users.get(1)?.current_room_id).toBe(4);
    expect(await inHall()).toContain(1);
    expect((await enter(3)).status).toBe(200);
    expect(await inHall()).not.toContain(1);
  });

  it('records each entry into a room the caller may enter, counted per user and room', async () => {
    const enter = (token: string, id: number) => h.call('content', 'enterRoom', { token, params: { id } });
    expect((await enter(tokens.ada, 8)).body).toEqual({ room_id: 8, user_id: 1, entries: 1 });
    expect(h.state.users.get(1)?.current_room_id).toBe(8);
    expect((await enter(tokens.ada, 1)).body).toMatchObject({ room_id: 1, entries: 1 });
    expect((await enter(tokens.ada, 8)).body).toMatchObject({ room_id: 8, entries: 2 });
    expect((await enter(tokens.erin, 8)).body).toMatchObject({ room_id: 8, entries: 1 });
    // A restricted room is refused like its read, and nothing is recorded.
    const vip = await enter(tokens.ada, 5);
    expect(vip.status).toBe(401);
    expect(errorOf(vip)).toEqual({ message: 'You are not allowed to access this room.' });
    expect((await enter(tokens.ada, 999)).status).toBe(404);
    const erin = [...h.state.users.values()].find((u) => u.username === 'erin@demo.test')?.id;
    expect(h.state.roomEntries.map((e) => [e.user_id, e.room_id])).toEqual([
      [1, 8],
      [1, 1],
      [1, 8],
      [erin, 8],
    ]);
  });

  it('creates and updates rooms with the backend rules', async () => {
    const created = await h.call('content', 'createRoom', {
      token: tokens.erin,
      body: {
        name: 'Workshop',
        link: 'https://meet.showfloor.example/meeting/workshop',
        type: 'meeting',
        event_code: 'DEMO',
      },
    });
    expect(created.body).toMatchObject({ name: 'Workshop', active: true, multiplayer: false });
    const id = (created.body as { id: number }).id;
    const none = await h.call('content', 'updateRoom', { token: tokens.erin, params: { id }, body: {} });
    expect(errorOf(none).message).toBe(BACKEND_MESSAGES.ROOM_UPDATE_NEEDS_FIELD);
    const external = await h.call('content', 'updateRoom', {
      token: tokens.erin,
      params: { id },
      body: { type: 'external' },
    });
    expect(errorOf(external).message).toContain(BACKEND_MESSAGES.ROOM_EXTERNAL_NEEDS_LINK);
    const ok = await h.call('content', 'updateRoom', {
      token: tokens.erin,
      params: { id },
      body: { type: 'external', link: 'https://example.org/' },
    });
    expect(ok.body).toMatchObject({ type: 'external', link: 'https://example.org/' });
    expect(
      (
        await h.call('content', 'createRoom', {
          token: tokens.ada,
          body: { name: 'x', link: 'https://x.org', type: '3d', event_code: 'DEMO' },
        })
      ).status,
    ).toBe(403);
  });

  it('deactivates and reactivates rooms', async () => {
    const off = await h.call('content', 'deleteRoom', { token: tokens.erin, params: { id: 4 } });
    expect(off.body).toEqual({ message: 'Room Expo Hall deactivated.' });
    const list = (await h.call('content', 'listDeactivatedRooms', { token: tokens.erin })).body as {
      rooms: Array<{ id: number }>;
    };
    expect(list.rooms.map((r) => r.id)).toEqual([4]);
    expect((await h.call('content', 'getRoom', { token: tokens.ada, params: { id: 4 } })).status).toBe(404);
    const mini = MiniMapSchema.parse(
      (await h.call('content', 'getMiniMap', { token: tokens.ada, query: { event_code: 'DEMO' } })).body,
    );
    expect(mini.room_coords_mapping.map((a) => a.room_id)).toEqual([1, 3, 8, 9]);
    const on = await h.call('content', 'activateRoom', { token: tokens.erin, body: { room_id: 4 } });
    expect(on.body).toMatchObject({ id: 4, active: true });
    expect(
      (await h.call('content', 'activateRoom', { token: tokens.erin, body: { room_id: 404 } })).status,
    ).toBe(404);
    expect((await h.call('content', 'listDeactivatedRooms', { token: tokens.ada })).status).toBe(403);
    expect((await h.call('content', 'deleteRoom', { token: tokens.erin, params: { id: 7 } })).status).toBe(
      404,
    );
  });

  it('answers room content with the transition video and the popup', async () => {
    const r = RoomContentListSchema.parse(
      (await h.call('content', 'getRoomContent', { token: tokens.ada, params: { id: 1 } })).body,
    );
    expect(r.content.find((c) => c.type === 'transition_content')).toMatchObject({ media_id: 1 });
    expect(r.content.find((c) => c.type === 'popup')?.attributes).toMatchObject({
      enablePopup: true,
      optOut: 'true',
    });
    const media = await h.call('content', 'getMedia', { token: tokens.ada, params: { id: 1 } });
    expect((media.body as { video: Array<{ link: string }> }).video[0]?.link).toBe(
      'http://127.0.0.1:4010/demo-rooms/media/welcome.webm',
    );
    expect((await h.call('content', 'getMedia', { token: tokens.vera, params: { id: 1 } })).status).toBe(404);
    expect((await h.call('content', 'getRoomContent', { token: tokens.ada, params: { id: 5 } })).status).toBe(
      401,
    );
  });

  it('adds, changes, removes and copies content between rooms', async () => {
    const created = await h.call('content', 'createRoomContent', {
      token: tokens.erin,
      params: { id: 3 },
      body: { type: 'poster', file: 'banner.png', group: 'stage' },
    });
    expect(created.body).toMatchObject({
      room_id: 3,
      type: 'poster',
      media_id: null,
      render_in_3d: false,
      attributes: {},
    });
    const id = (created.body as { id: number }).id;
    const badMedia = await h.call('content', 'createRoomContent', {
      token: tokens.erin,
      params: { id: 3 },
      body: { type: 'video', media_id: 99 },
    });
    expect(badMedia.status).toBe(404);
    const changed = await h.call('content', 'updateRoomContent', {
      token: tokens.erin,
      params: { id: 3, contentId: id },
      body: { render_in_3d: true },
    });
    expect(changed.body).toMatchObject({ id, render_in_3d: true });
    expect(
      (
        await h.call('content', 'updateRoomContent', {
          token: tokens.erin,
          params: { id: 4, contentId: id },
          body: { render_in_3d: true },
        })
      ).status,
    ).toBe(404);
    const copy = await h.call('content', 'copyRoomContent', {
      token: tokens.erin,
      body: { sourceRoomId: 4, targetRoomId: 3 },
    });
    expect(copy.body).toMatchObject({ copied: 2 });
    const stage = RoomContentListSchema.parse(
      (await h.call('content', 'getRoomContent', { token: tokens.ada, params: { id: 3 } })).body,
    );
    expect(stage.content.map((c) => c.type)).toEqual(['video', 'poster', 'poster', 'video']);
    const same = await h.call('content', 'copyRoomContent', {
      token: tokens.erin,
      body: { sourceRoomId: 3, targetRoomId: 3 },
    });
    expect(errorOf(same).message).toContain('source and target room must differ');
    expect(
      (await h.call('content', 'deleteRoomContent', { token: tokens.erin, params: { id: 3, contentId: id } }))
        .status,
    ).toBe(200);
    expect(
      (await h.call('content', 'deleteRoomContent', { token: tokens.erin, params: { id: 3, contentId: id } }))
        .status,
    ).toBe(404);
  });

  it('renames and hides a content group', async () => {
    const hidden = await h.call('content', 'updateContentGroup', {
      token: tokens.erin,
      body: { name: 'booth-a', room_id: 4, active: false, new_name: 'booth-b' },
    });
    expect(hidden.body).toEqual({ name: 'booth-b', room_id: 4, active: false });
    const visitorView = RoomContentListSchema.parse(
      (await h.call('content', 'getRoomContent', { token: tokens.ada, params: { id: 4 } })).body,
    );
    expect(visitorView.content).toEqual([]);
    const managerView = RoomContentListSchema.parse(
      (await h.call('content', 'getRoomContent', { token: tokens.erin, params: { id: 4 } })).body,
    );
    expect(managerView.content.map((c) => c.group)).toEqual(['booth-b', 'booth-b']);
    expect(
      (
        await h.call('content', 'updateContentGroup', {
          token: tokens.erin,
          body: { name: 'nope', room_id: 4, active: true },
        })
      ).status,
    ).toBe(404);
  });

  it('serves real PNG files and a PDF user manual by type, event code and file name', async () => {
    const poster = await h.call('content', 'getFile', {
      query: { type: 'poster', event_code: 'DEMO', filename: 'poster.png' },
    });
    expect(poster.contentType).toBe('image/png');
    expect(poster.raw.subarray(0, 8).equals(PNG_MAGIC)).toBe(true);
    expect(pngSize(poster.raw)).toEqual({ width: 360, height: 480 });
    const map = await h.call('content', 'getFile', {
      token: tokens.ada,
      query: { type: 'mini_map', event_code: 'DEMO', filename: 'mini-map.png' },
    });
    expect(pngSize(map.raw)).toEqual({ width: 320, height: 240 });
    for (const filename of ['item-mug.png', 'item-stickers.png', 'item-hoodie.png'])
      expect(
        (
          await h.call('content', 'getFile', {
            token: tokens.ada,
            query: { type: 'store_thumbnail', event_code: 'DEMO', filename },
          })
        ).contentType,
      ).toBe('image/png');
    const sso = await h.call('content', 'getFile', {
      query: { type: 'sso_button', event_code: 'DEMO', filename: 'demo-sso.png' },
    });
    expect(pngSize(sso.raw)).toEqual({ width: 240, height: 48 });
    const manual = await h.call('content', 'getFile', {
      token: tokens.ada,
      query: { type: 'user_manual', event_code: 'DEMO', filename: 'user-manual.pdf' },
    });
    expect(manual.contentType).toBe('application/pdf');
    expect(manual.raw.subarray(0, 5).toString()).toBe('%PDF-');
    const missing = await h.call('content', 'getFile', {
      query: { type: 'poster', event_code: 'DEMO', filename: 'nope.png' },
    });
    expect(missing.status).toBe(404);
    const traversal = await h.call('content', 'getFile', {
      query: { type: 'poster', event_code: 'DEMO', filename: '../secret' },
    });
    expect(traversal.status).toBe(400);
    const download = await h.call('content', 'download', {
      token: tokens.ada,
      query: { type: 'banner', event_code: 'DEMO', filename: 'banner.png' },
    });
    expect(String(download.headers['content-disposition'])).toMatch(/^attachment; filename="banner.png"/);
    expect(
      (
        await h.call('content', 'download', {
          query: { type: 'banner', event_code: 'DEMO', filename: 'banner.png' },
        })
      ).status,
    ).toBe(401);
    const posterCall = await h.call('content', 'getPoster', { query: { event_code: 'VIP' } });
    expect(posterCall.contentType).toBe('image/png');
    expect((await h.call('content', 'getPoster', { query: { event_code: 'NOPE' } })).status).toBe(404);
    const banner = await h.call('content', 'getBanner', { token: tokens.ada, query: { event_code: 'DEMO' } });
    expect(pngSize(banner.raw)).toEqual({ width: 600, height: 150 });
    expect(
      (await h.call('content', 'getBanner', { token: tokens.ada, query: { event_code: 'VIP' } })).status,
    ).toBe(403);
  });

  it('serves only the public file types without a token, the others to their event as downloads are', async () => {
    const vipManual = { type: 'user_manual', event_code: 'VIP', filename: 'user-manual.pdf' };
    const anonymous = await h.call('content', 'getFile', { query: vipManual });
    expect(anonymous.status).toBe(401);
    expect(errorOf(anonymous).message).toBe(BACKEND_MESSAGES.SIGN_IN_FOR_FILE);
    expect((await h.call('content', 'getFile', { token: tokens.ada, query: vipManual })).status).toBe(404);
    const own = await h.call('content', 'getFile', { token: tokens.vera, query: vipManual });
    expect(own.status).toBe(200);
    expect(own.contentType).toBe('application/pdf');
    // The same rule as content/download of the same file.
    expect((await h.call('content', 'download', { query: vipManual })).status).toBe(401);
    for (const query of [
      { type: 'poster', event_code: 'VIP', filename: 'poster.png' },
      { type: 'sso_button', event_code: 'VIP', filename: 'demo-sso.png' },
    ])
      expect((await h.call('content', 'getFile', { query })).status).toBe(200);
  });

  it('uploads and deletes files for managers, accepting only what the bytes show', async () => {
    const png = new Raster(4, 4, [255, 0, 0]).toPng();
    const upload = multipart([{ filename: 'slide-1.png', contentType: 'image/png', data: png }]);
    const ok = await h.call('content', 'uploadFile', {
      token: tokens.erin,
      query: { type: 'slides_images', event_code: 'DEMO' },
      payload: upload.payload,
      contentType: upload.contentType,
    });
    expect(ok.body).toEqual({
      message: 'Uploaded 1 file(s).',
      files: [{ type: 'slides_images', event_code: 'DEMO', filename: 'slide-1.png' }],
    });
    const read = await h.call('content', 'getFile', {
      token: tokens.ada,
      query: { type: 'slides_images', event_code: 'DEMO', filename: 'slide-1.png' },
    });
    expect(read.raw.equals(png)).toBe(true);
    const fake = multipart([
      { filename: 'evil.png', contentType: 'image/png', data: Buffer.from('<script>') },
    ]);
    const refused = await h.call('content', 'uploadFile', {
      token: tokens.erin,
      query: { type: 'poster', event_code: 'DEMO' },
      payload: fake.payload,
      contentType: fake.contentType,
    });
    expect(errorOf(refused).message).toBe('Upload a PNG, JPEG, GIF or WebP image.');
    const notMultipart = await h.call('content', 'uploadFile', {
      token: tokens.erin,
      query: { type: 'poster', event_code: 'DEMO' },
      body: { file: 'x' },
    });
    expect(errorOf(notMultipart).message).toBe('Send the file as multipart/form-data.');
    const huge = multipart([
      {
        filename: 'big.png',
        contentType: 'image/png',
        data: Buffer.concat([png, Buffer.alloc(MAX_UPLOAD_BYTES + 10)]),
      },
    ]);
    const tooBig = await h.call('content', 'uploadFile', {
      token: tokens.erin,
      query: { type: 'poster', event_code: 'DEMO' },
      payload: huge.payload,
      contentType: huge.contentType,
    });
    expect(tooBig.status).toBe(413);
    const assets = await h.call('content', 'uploadEmailAssets', {
      token: tokens.erin,
      query: { event_code: 'DEMO' },
      payload: upload.payload,
      contentType: upload.contentType,
    });
    expect((assets.body as { files: Array<{ type: string }> }).files[0]?.type).toBe('email_assets');
    const visitor = await h.call('content', 'uploadEmailAssets', {
      token: tokens.ada,
      query: { event_code: 'DEMO' },
      payload: upload.payload,
      contentType: upload.contentType,
    });
    expect(visitor.status).toBe(403);
    expect(
      (
        await h.call('content', 'deleteFile', {
          token: tokens.erin,
          query: { type: 'slides_images', event_code: 'DEMO', filename: 'slide-1.png' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await h.call('content', 'deleteFile', {
          token: tokens.erin,
          query: { type: 'slides_images', event_code: 'DEMO', filename: 'slide-1.png' },
        })
      ).status,
    ).toBe(404);
  });

  it('registers media and answers the RTMPS ingest point of streams only', async () => {
    const media = await h.call('content', 'createMedia', {
      token: tokens.erin,
      body: {
        type: 'video',
        event_code: 'DEMO',
        external_link: 'https://media.showfloor.example/demo/new.mp4',
      },
    });
    expect(media.body).toMatchObject({
      type: 'video',
      video: [{ link: 'https://media.showfloor.example/demo/new.mp4' }],
    });
    expect(
      (
        await h.call('content', 'createMedia', {
          token: tokens.erin,
          body: { type: 'hologram', event_code: 'DEMO' },
        })
      ).status,
    ).toBe(400);
    const rtmps = await h.call('content', 'getRtmps', { token: tokens.erin, query: { media_id: 2 } });
    expect(rtmps.body).toMatchObject({ media_id: 2, rtmps_url: 'rtmps://ingest.showfloor.example:443/live' });
    const video = await h.call('content', 'getRtmps', { token: tokens.erin, query: { media_id: 1 } });
    expect(errorOf(video).message).toBe('Only stream media have an RTMPS ingest point.');
  });

  it('validates and exports the content of an event', async () => {
    const valid = await h.call('content', 'validateContent', { token: tokens.erin, params: { id: 'DEMO' } });
    expect(valid.body).toEqual({ valid: true, problems: [] });
    await h.call('content', 'createRoomContent', {
      token: tokens.erin,
      params: { id: 3 },
      body: { type: 'poster', file: 'missing.png' },
    });
    const invalid = (await h.call('content', 'validateContent', { token: tokens.erin, params: { id: 1 } }))
      .body as {
      valid: boolean;
      problems: Array<{ message: string }>;
    };
    expect(invalid.valid).toBe(false);
    expect(invalid.problems.map((p) => p.message)).toEqual(['File missing.png does not exist.']);
    expect(
      (await h.call('content', 'validateContent', { token: tokens.erin, params: { id: 'VIP' } })).status,
    ).toBe(403);
    const exported = (
      await h.call('content', 'exportContent', { token: tokens.erin, params: { id: 'DEMO' } })
    ).body as { event_code: string; rooms: Array<{ content: unknown[] }> };
    expect(exported.event_code).toBe('DEMO');
    expect(exported.rooms).toHaveLength(7);
    expect(
      (await h.call('content', 'exportContent', { token: tokens.erin, params: { id: 'NOPE' } })).status,
    ).toBe(404);
  });

  it('answers the mini-map with rect, circle and poly areas and manages areas', async () => {
    const map = MiniMapSchema.parse(
      (await h.call('content', 'getMiniMap', { token: tokens.ada, query: { event_code: 'DEMO' } })).body,
    );
    expect(map.room_coords_mapping.map((a) => a.shape).sort()).toEqual([
      'circle',
      'poly',
      'rect',
      'rect',
      'rect',
    ]);
    expect(
      (await h.call('content', 'getMiniMap', { token: tokens.vera, query: { event_code: 'VIP' } })).status,
    ).toBe(404);
    const created = await h.call('content', 'createMiniMapArea', {
      token: tokens.erin,
      body: { room_id: 2, shape: 'rect', coords: '1,2,3,4' },
    });
    expect(created.body).toMatchObject({
      room_id: 2,
      room_name: 'Partner Website',
      shape: 'rect',
      coords: '1,2,3,4',
    });
    const id = (created.body as { id: number }).id;
    const wrongCount = await h.call('content', 'createMiniMapArea', {
      token: tokens.erin,
      body: { room_id: 2, shape: 'circle', coords: '1,2,3,4' },
    });
    expect(errorOf(wrongCount).message).toBe('A circle needs 3 coordinates (x,y,r).');
    const none = await h.call('content', 'updateMiniMapArea', {
      token: tokens.erin,
      params: { id },
      body: {},
    });
    expect(errorOf(none).message).toBe(BACKEND_MESSAGES.MINI_MAP_NEEDS_ATTRIBUTE);
    const moved = await h.call('content', 'updateMiniMapArea', {
      token: tokens.erin,
      params: { id },
      body: { shape: 'circle', coords: '10,10,5' },
    });
    expect(moved.body).toMatchObject({ id, shape: 'circle', coords: '10,10,5' });
    expect(
      (await h.call('content', 'deleteMiniMapArea', { token: tokens.erin, params: { id } })).status,
    ).toBe(200);
    expect(
      (await h.call('content', 'deleteMiniMapArea', { token: tokens.erin, params: { id } })).status,
    ).toBe(404);
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('content')).toEqual([]);
  });
});
