/**
 * The content service: rooms (lobby, access, activation), room content and content groups, content copy,
 * files by type/event/filename (real images and PDF), uploads, media and RTMPS, validation and export, and
 * the mini-map with its areas.
 */
import { createHash } from 'node:crypto';
import {
  BACKEND_MESSAGES,
  FileNameSchema,
  mayReadFile,
  type contentCalls,
  type FileType,
  type RoomContentItem,
} from '@showfloor/contracts';
import { sniffContentType, isImageType } from '../files/sniff.ts';
import { badRequest, notFound, ProviderHttpError } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { Caller, FileRecord, MiniMapAreaRecord, RoomRecord } from '../store/types.ts';
import {
  assertManages,
  assertSameEvent,
  isAdmin,
  requireEvent,
  requireEnterableRoom,
  requireRoom,
  toRoom,
} from './shared.ts';
import type { FileAnswer, HandlerTable, UploadedFile } from './types.ts';

/** Content a user sees: items of inactive groups are hidden from everyone but managers. */
function visibleContent(state: ProviderState, caller: Caller, roomId: number): RoomContentItem[] {
  return [...state.roomContent.values()]
    .filter((c) => c.room_id === roomId)
    .filter(
      (c) =>
        caller.isManager || c.group === null || state.contentGroups.get(`${roomId}:${c.group}`) !== false,
    )
    .sort((a, b) => a.id - b.id);
}

function requireManagedRoom(state: ProviderState, caller: Caller, roomId: number): RoomRecord {
  const room = requireRoom(state, caller, roomId);
  assertManages(caller, room.event_code);
  return room;
}

function requireMedia(state: ProviderState, eventCode: string, mediaId: number | null | undefined): void {
  if (mediaId === null || mediaId === undefined) return;
  if (state.media.get(mediaId)?.event_code !== eventCode) throw notFound(`Media ${mediaId}`);
}

function fileAnswer(file: FileRecord, disposition: FileAnswer['disposition'] = 'inline'): FileAnswer {
  return {
    kind: 'file',
    contentType: file.content_type,
    filename: file.filename,
    data: file.data,
    disposition,
  };
}

function requireFile(state: ProviderState, type: string, eventCode: string, filename: string): FileRecord {
  const event = state.eventByCode(eventCode);
  const file = event ? state.file(type, event.code, filename) : undefined;
  if (!file) throw notFound('File');
  return file;
}

/** Stores uploaded files of one type; images only for image types, PDF or images for the others. */
function storeUploads(state: ProviderState, type: FileType, eventCode: string, files: UploadedFile[]) {
  if (files.length === 0) throw badRequest('Attach at least one file (multipart field "file").');
  const stored: Array<{ type: FileType; event_code: string; filename: string }> = [];
  const imageOnly = !['user_manual', 'admin_portal_help'].includes(type);
  const checked = files.map((upload) => {
    const name = FileNameSchema.safeParse(upload.filename);
    if (!name.success) throw badRequest(`File name ${JSON.stringify(upload.filename)} is not allowed.`);
    const contentType = sniffContentType(upload.data);
    if (!contentType || (imageOnly && !isImageType(contentType)))
      throw badRequest(imageOnly ? 'Upload a PNG, JPEG, GIF or WebP image.' : 'Upload a PDF or an image.');
    return { filename: name.data, contentType, data: upload.data };
  });
  for (const file of checked) {
    state.putFile({
      type,
      event_code: eventCode,
      filename: file.filename,
      content_type: file.contentType,
      data: file.data,
    });
    stored.push({ type, event_code: eventCode, filename: file.filename });
  }
  return { message: `Uploaded ${stored.length} file(s).`, files: stored };
}

function parseCoords(coords: string): number[] {
  return coords.split(',').map((n) => Number(n.trim()));
}

/** Coordinates must fit the shape (HTML image-map conventions). */
function checkArea(shape: MiniMapAreaRecord['shape'], coords: string): void {
  const n = parseCoords(coords).length;
  if (shape === 'rect' && n !== 4) throw badRequest('A rect needs 4 coordinates (x1,y1,x2,y2).');
  if (shape === 'circle' && n !== 3) throw badRequest('A circle needs 3 coordinates (x,y,r).');
  if (shape === 'poly' && (n < 6 || n % 2 !== 0))
    throw badRequest('A poly needs at least 3 points (x,y pairs).');
}

function toArea(state: ProviderState, area: MiniMapAreaRecord) {
  return {
    id: area.id,
    room_id: area.room_id,
    room_name: state.rooms.get(area.room_id)?.name ?? `Room ${area.room_id}`,
    shape: area.shape,
    coords: area.coords,
  };
}

function requireArea(state: ProviderState, caller: Caller, id: number): MiniMapAreaRecord {
  const area = state.miniMapAreas.get(id);
  if (!area) throw notFound('Mini-map area');
  assertManages(caller, area.event_code);
  return area;
}

function requireAreaRoom(
  state: ProviderState,
  caller: Caller,
  roomId: number,
  eventCode?: string,
): RoomRecord {
  const room = state.rooms.get(roomId);
  if (!room || (eventCode !== undefined && room.event_code !== eventCode)) throw notFound('Room');
  assertManages(caller, room.event_code);
  return room;
}

export const contentHandlers: HandlerTable<typeof contentCalls> = {
  listRooms({ query, caller, state }) {
    const eventCode = query.event_code ?? caller.user.event_code;
    const event = state.eventByCode(eventCode);
    if (!event) return { event_rooms: [] };
    assertSameEvent(caller, event.code);
    const name = query.name?.toLowerCase();
    const rooms = [...state.rooms.values()]
      .filter((r) => r.event_code === event.code)
      .filter((r) => query.type === undefined || r.type === query.type)
      .filter((r) => (query.active === undefined ? r.active || caller.isManager : r.active === query.active))
      .filter((r) => name === undefined || r.name.toLowerCase().includes(name))
      .sort((a, b) => a.id - b.id);
    return { event_rooms: [{ event: event.code, rooms: rooms.map(toRoom) }] };
  },

  createRoom({ body, caller, state }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    if (
      body.type === 'lobby' &&
      [...state.rooms.values()].some((r) => r.event_code === event.code && r.type === 'lobby' && r.active)
    )
      throw badRequest('The event has a lobby already.');
    const room: RoomRecord = {
      ...body,
      event_code: event.code,
      id: state.nextId('rooms'),
      restricted: false,
    };
    state.rooms.set(room.id, room);
    return toRoom(room);
  },

  getLobby({ query, caller, state }) {
    const eventCode = query.event_code ?? caller.user.event_code;
    const event = state.eventByCode(eventCode);
    if (!event) throw notFound('Event');
    assertSameEvent(caller, event.code);
    const lobby = [...state.rooms.values()].find(
      (r) => r.event_code === event.code && r.type === 'lobby' && r.active,
    );
    if (!lobby) throw notFound('Lobby');
    return toRoom(lobby);
  },

  getRoom({ params, caller, state }) {
    // Room reads by a user without access answer 401: the app shows its restricted-room notice.
    const room = requireEnterableRoom(state, caller, params.id, 401);
    // A read moves nobody (the mini-map, the access toasts and a slow read landing after an entry read rooms
    // too): only an entry does (enterRoom, the relay's enter_room; spec 01 §9 'once per entry').
    return toRoom(room);
  },

  enterRoom({ params, caller, state }) {
    // The relay records each enter_room it passes on (with the user's token): only a room the user may enter.
    const room = requireEnterableRoom(state, caller, params.id, 401);
    const user_id = caller.user.id;
    state.roomEntries.push({ user_id, room_id: room.id, at: state.now() });
    // The one call that moves a user: the room's user list follows.
    if (room.event_code === caller.user.event_code) caller.user.current_room_id = room.id;
    const entries = state.roomEntries.filter((e) => e.user_id === user_id && e.room_id === room.id).length;
    return { room_id: room.id, user_id, entries };
  },

  updateRoom({ params, body, caller, state }) {
    const room = requireManagedRoom(state, caller, params.id);
    Object.assign(room, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
    return toRoom(room);
  },

  deleteRoom({ params, caller, state }) {
    const room = requireManagedRoom(state, caller, params.id);
    room.active = false;
    return { message: `Room ${room.name} deactivated.` };
  },

  getRoomContent({ params, caller, state }) {
    const room = requireEnterableRoom(state, caller, params.id, 401);
    return { content: visibleContent(state, caller, room.id) };
  },

  createRoomContent({ params, body, caller, state }) {
    const room = requireManagedRoom(state, caller, params.id);
    requireMedia(state, room.event_code, body.media_id);
    const item: RoomContentItem = { ...body, id: state.nextId('content'), room_id: room.id };
    state.roomContent.set(item.id, item);
    if (item.group !== null && !state.contentGroups.has(`${room.id}:${item.group}`))
      state.contentGroups.set(`${room.id}:${item.group}`, true);
    return item;
  },

  updateRoomContent({ params, body, caller, state }) {
    const room = requireManagedRoom(state, caller, params.id);
    const item = state.roomContent.get(params.contentId);
    if (!item || item.room_id !== room.id) throw notFound('Content item');
    requireMedia(state, room.event_code, body.media_id);
    Object.assign(item, Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)));
    if (item.group !== null && !state.contentGroups.has(`${room.id}:${item.group}`))
      state.contentGroups.set(`${room.id}:${item.group}`, true);
    return item;
  },

  deleteRoomContent({ params, caller, state }) {
    const room = requireManagedRoom(state, caller, params.id);
    const item = state.roomContent.get(params.contentId);
    if (!item || item.room_id !== room.id) throw notFound('Content item');
    state.roomContent.delete(item.id);
    return { message: 'Content item removed.' };
  },

  copyRoomContent({ body, caller, state }) {
    const source = requireManagedRoom(state, caller, body.sourceRoomId);
    const target = requireManagedRoom(state, caller, body.targetRoomId);
    if (source.event_code !== target.event_code)
      throw badRequest('Content is copied only between rooms of one event.');
    const items = [...state.roomContent.values()].filter((c) => c.room_id === source.id);
    for (const item of items) {
      const copy: RoomContentItem = {
        ...structuredClone(item),
        id: state.nextId('content'),
        room_id: target.id,
      };
      state.roomContent.set(copy.id, copy);
      if (copy.group !== null && !state.contentGroups.has(`${target.id}:${copy.group}`))
        state.contentGroups.set(
          `${target.id}:${copy.group}`,
          state.contentGroups.get(`${source.id}:${copy.group}`) ?? true,
        );
    }
    return {
      message: `Copied ${items.length} content item(s) from ${source.name} to ${target.name}.`,
      copied: items.length,
    };
  },

  updateContentGroup({ body, caller, state }) {
    const room = requireManagedRoom(state, caller, body.room_id);
    const key = `${room.id}:${body.name}`;
    if (!state.contentGroups.has(key)) throw notFound('Content group');
    const active = body.active ?? state.contentGroups.get(key) ?? true;
    let name = body.name;
    if (body.new_name !== undefined && body.new_name !== body.name) {
      if (state.contentGroups.has(`${room.id}:${body.new_name}`))
        throw badRequest(`Group ${body.new_name} exists already.`);
      for (const item of state.roomContent.values())
        if (item.room_id === room.id && item.group === body.name) item.group = body.new_name;
      state.contentGroups.delete(key);
      name = body.new_name;
    }
    state.contentGroups.set(`${room.id}:${name}`, active);
    return { name, room_id: room.id, active };
  },

  getFile({ query, caller, state }) {
    const file = requireFile(state, query.type, query.event_code, query.filename);
    // Public call, but only the public file types are for everyone (contracts' `mayReadFile`).
    if (!mayReadFile(caller?.user, file.type, file.event_code)) {
      if (!caller) throw new ProviderHttpError(401, BACKEND_MESSAGES.SIGN_IN_FOR_FILE);
      throw notFound('File');
    }
    return fileAnswer(file);
  },

  uploadFile({ query, files, caller, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    return storeUploads(state, query.type, event.code, files);
  },

  deleteFile({ query, caller, state }) {
    const file = requireFile(state, query.type, query.event_code, query.filename);
    assertManages(caller, file.event_code);
    state.files.delete(`${file.type}/${file.event_code}/${file.filename}`);
    return { message: 'File deleted.' };
  },

  download({ query, caller, state }) {
    const file = requireFile(state, query.type, query.event_code, query.filename);
    assertSameEvent(caller, file.event_code);
    return fileAnswer(file, 'attachment');
  },

  getMedia({ params, caller, state }) {
    const media = state.media.get(params.id);
    if (!media || (media.event_code !== caller.user.event_code && !isAdmin(caller))) throw notFound('Media');
    return media;
  },

  createMedia({ body, caller, state }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    const media = { ...body, event_code: event.code, id: state.nextId('media') };
    if (media.video.length === 0 && media.external_link !== null)
      media.video = [{ link: media.external_link }];
    state.media.set(media.id, media);
    return media;
  },

  getRtmps({ query, caller, state }) {
    const media = state.media.get(query.media_id);
    if (!media) throw notFound('Media');
    assertManages(caller, media.event_code);
    if (media.type !== 'stream') throw badRequest('Only stream media have an RTMPS ingest point.');
    const key = createHash('sha256')
      .update(`${media.event_code}:${media.id}`)
      .digest('base64url')
      .slice(0, 24);
    return { media_id: media.id, rtmps_url: 'rtmps://ingest.showfloor.example:443/live', stream_key: key };
  },

  getPoster({ query, state }) {
    return fileAnswer(requireFile(state, 'poster', query.event_code, 'poster.png'));
  },

  getBanner({ query, caller, state }) {
    const file = requireFile(state, 'banner', query.event_code, 'banner.png');
    assertSameEvent(caller, file.event_code);
    return fileAnswer(file);
  },

  uploadEmailAssets({ query, files, caller, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    return storeUploads(state, 'email_assets', event.code, files);
  },

  listDeactivatedRooms({ query, caller, state }) {
    const eventCode = query.event_code ?? caller.user.event_code;
    const event = state.eventByCode(eventCode);
    if (event) assertManages(caller, event.code);
    return {
      rooms: [...state.rooms.values()].filter((r) => r.event_code === event?.code && !r.active).map(toRoom),
    };
  },

  activateRoom({ body, caller, state }) {
    const room = requireManagedRoom(state, caller, body.room_id);
    room.active = true;
    return toRoom(room);
  },

  validateContent({ params, caller, state }) {
    const event = requireEvent(state, params.id);
    assertManages(caller, event.code);
    const problems: Array<{ room_id: number; content_id: number | null; message: string }> = [];
    const rooms = [...state.rooms.values()].filter((r) => r.event_code === event.code);
    if (!rooms.some((r) => r.type === 'lobby' && r.active)) {
      const first = rooms[0];
      if (first)
        problems.push({ room_id: first.id, content_id: null, message: 'The event has no active lobby.' });
    }
    for (const room of rooms) {
      for (const item of state.roomContent.values()) {
        if (item.room_id !== room.id) continue;
        if (item.media_id !== null && state.media.get(item.media_id)?.event_code !== event.code)
          problems.push({
            room_id: room.id,
            content_id: item.id,
            message: `Media ${item.media_id} does not exist.`,
          });
        if (
          item.file !== null &&
          ![...state.files.values()].some((f) => f.event_code === event.code && f.filename === item.file)
        )
          problems.push({
            room_id: room.id,
            content_id: item.id,
            message: `File ${item.file} does not exist.`,
          });
      }
    }
    return { valid: problems.length === 0, problems };
  },

  exportContent({ params, caller, state }) {
    const event = requireEvent(state, params.id);
    assertManages(caller, event.code);
    const rooms = [...state.rooms.values()]
      .filter((r) => r.event_code === event.code)
      .map((room) => ({
        room: toRoom(room),
        content: [...state.roomContent.values()].filter((c) => c.room_id === room.id),
      }));
    return { event_code: event.code, rooms };
  },

  getMiniMap({ query, caller, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    assertSameEvent(caller, event.code);
    const map = state.miniMaps.get(event.code);
    if (!map) throw notFound('Mini-map');
    const areas = [...state.miniMapAreas.values()]
      .filter((a) => a.event_code === event.code && state.rooms.get(a.room_id)?.active === true)
      .map((a) => toArea(state, a));
    return { width: map.width, height: map.height, room_coords_mapping: areas };
  },

  createMiniMapArea({ body, caller, state }) {
    const room = requireAreaRoom(state, caller, body.room_id);
    if (!state.miniMaps.has(room.event_code)) throw notFound('Mini-map');
    checkArea(body.shape, body.coords);
    const area: MiniMapAreaRecord = {
      id: state.nextId('miniMapAreas'),
      event_code: room.event_code,
      room_id: room.id,
      shape: body.shape,
      coords: body.coords.replace(/\s+/g, ''),
    };
    state.miniMapAreas.set(area.id, area);
    return toArea(state, area);
  },

  updateMiniMapArea({ params, body, caller, state }) {
    const area = requireArea(state, caller, params.id);
    if (body.room_id !== undefined) requireAreaRoom(state, caller, body.room_id, area.event_code);
    const shape = body.shape ?? area.shape;
    const coords = body.coords?.replace(/\s+/g, '') ?? area.coords;
    checkArea(shape, coords);
    Object.assign(area, { room_id: body.room_id ?? area.room_id, shape, coords });
    return toArea(state, area);
  },

  deleteMiniMapArea({ params, caller, state }) {
    const area = requireArea(state, caller, params.id);
    state.miniMapAreas.delete(area.id);
    return { message: 'Mini-map area removed.' };
  },
};
