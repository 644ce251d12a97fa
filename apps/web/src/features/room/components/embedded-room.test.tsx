import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { useState } from 'react';
import { act, screen, waitFor } from '@testing-library/react';
import {
  RELAY_ERRORS,
  roomMessage,
  ROOM_MESSAGE_MAX_BYTES,
  roomMessageBytes,
  STORAGE_KEYS,
  type AppToRoomMessage,
  type CurrentUser,
  type RoomToAppMessage,
  type Unenveloped,
} from '@showfloor/contracts';
import { writeFlag } from '../../../lib/shell/stored-flags.ts';
import { setSocket } from '../../../lib/socket/registry.ts';
import { createFakeSocket, type Emitted } from '../../../testing/fake-socket.ts';
import { makeRoom, makeUser } from '../../../testing/fixtures.ts';
import { testI18n } from '../../../testing/i18n.ts';
import { renderWithProviders } from '../../../testing/render.tsx';
import { mockTrpc } from '../../../testing/trpc-mock.ts';
import { EmbeddedRoom } from './embedded-room.tsx';

const ROOM = makeRoom({ link: 'https://rooms.example/5' });
const ROOM_ORIGIN = 'https://rooms.example';

let posted: MockInstance<(message: unknown, targetOrigin: string) => void>;
let socket: ReturnType<typeof createFakeSocket>;

/** Renders the room and spies on what is posted into its frame (the relay answers `answer`, 200 by default). */
async function openRoom(answer?: (emitted: Emitted) => unknown) {
  mockTrpc({ 'content.getRoomContent': () => ({ content: [] }) });
  socket = createFakeSocket(answer);
  socket.install();
  renderWithProviders(<EmbeddedRoom room={ROOM} instance={null} user={makeUser()} preferences={[]} />);
  const frame = await screen.findByTitle('Hall 5');
  const target = (frame as HTMLIFrameElement).contentWindow;
  if (!target) throw new Error('the room frame has no window');
  posted = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
  return target;
}

/** The room's own frame answers `ready` (from its origin and window). */
function roomAnswersReady(source: Window): void {
  act(() => {
    window.dispatchEvent(
      new MessageEvent('message', { origin: ROOM_ORIGIN, source, data: roomMessage({ type: 'ready' }) }),
    );
  });
}

/** Every `settings` message posted to the room, in order, with the origin it was posted to. */
const settingsPosted = () =>
  posted.mock.calls
    .filter(([message]) => (message as AppToRoomMessage).type === 'settings')
    .map(([message, origin]) => ({
      origin,
      settings: (message as Extract<AppToRoomMessage, { type: 'settings' }>).settings,
    }));

beforeEach(() => {
  window.localStorage.clear();
});

afterEach(async () => {
  setSocket(null);
  window.localStorage.clear();
  await testI18n.changeLanguage('en');
});

describe('EmbeddedRoom settings', () => {
  it('sends the settings with the session once the room is ready, in the UI language', async () => {
    writeFlag(STORAGE_KEYS.ROOM_CHAT_FEED, true);
    await act(() => testI18n.changeLanguage('de'));
    const frame = await openRoom();
    roomAnswersReady(frame);
    expect(settingsPosted()).toEqual([
      { origin: ROOM_ORIGIN, settings: { thirdPersonView: false, newsfeed: true, language: 'de' } },
    ]);
  });

  it('sends the third-person, newsfeed and language settings again each time one changes', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    act(() => writeFlag(STORAGE_KEYS.THIRD_PERSON_VIEW, true));
    act(() => writeFlag(STORAGE_KEYS.ROOM_CHAT_FEED, true));
    await act(() => testI18n.changeLanguage('de'));
    // Writing a flag to the value it has is no change.
    act(() => writeFlag(STORAGE_KEYS.ROOM_CHAT_FEED, true));
    expect(settingsPosted().map((p) => p.settings)).toEqual([
      { thirdPersonView: false, newsfeed: false, language: 'en' },
      { thirdPersonView: true, newsfeed: false, language: 'en' },
      { thirdPersonView: true, newsfeed: true, language: 'en' },
      { thirdPersonView: true, newsfeed: true, language: 'de' },
    ]);
    expect(new Set(settingsPosted().map((p) => p.origin))).toEqual(new Set([ROOM_ORIGIN]));
  });

  it('hears another tab change a setting (the storage event)', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    act(() => {
      window.localStorage.setItem(STORAGE_KEYS.THIRD_PERSON_VIEW, 'true');
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.THIRD_PERSON_VIEW }));
    });
    expect(settingsPosted().at(-1)?.settings.thirdPersonView).toBe(true);
  });

  it('posts nothing before the room is ready; the session then carries the latest values', async () => {
    const frame = await openRoom();
    act(() => writeFlag(STORAGE_KEYS.THIRD_PERSON_VIEW, true));
    expect(settingsPosted()).toEqual([]);
    roomAnswersReady(frame);
    expect(settingsPosted().map((p) => p.settings)).toEqual([
      { thirdPersonView: true, newsfeed: false, language: 'en' },
    ]);
  });
});

describe('EmbeddedRoom user', () => {
  /** Every `user` message's room_access posted to the room, in order. */
  const accessPosted = () =>
    posted.mock.calls
      .filter(([message]) => (message as AppToRoomMessage).type === 'user')
      .map(([message]) => (message as Extract<AppToRoomMessage, { type: 'user' }>).user.room_access);

  it('tells the room which rooms the user may enter, and again when the access-change event changes them', async () => {
    let setUser: (user: CurrentUser) => void = () => undefined;
    function Harness() {
      const [user, set] = useState(makeUser({ room_access: [1, 2] }));
      setUser = set;
      return <EmbeddedRoom room={ROOM} instance={null} user={user} preferences={[]} />;
    }
    mockTrpc({ 'content.getRoomContent': () => ({ content: [] }) });
    createFakeSocket().install();
    renderWithProviders(<Harness />);
    const frame = (await screen.findByTitle('Hall 5')) as HTMLIFrameElement;
    const target = frame.contentWindow;
    if (!target) throw new Error('the room frame has no window');
    posted = vi.spyOn(target, 'postMessage').mockImplementation(() => undefined);
    roomAnswersReady(target);
    expect(accessPosted()).toEqual([[1, 2]]);
    act(() => setUser(makeUser({ room_access: [1, 2, 5] })));
    // A new user object with the same rooms is no change.
    act(() => setUser(makeUser({ room_access: [1, 2, 5] })));
    expect(accessPosted()).toEqual([
      [1, 2],
      [1, 2, 5],
    ]);
  });
});

describe('EmbeddedRoom mute', () => {
  const ERIN = 9;
  /** A moderator's mute of ada (user 7) in this room, as the relay passes it on. */
  const muteAda = () =>
    act(() =>
      socket.fire('user_player_events', {
        user_id: ERIN,
        room_id: ROOM.id,
        event: 'mute',
        data: { target: 7, by: 'Erin Meyer' },
        timestamp: Date.now(),
      }),
    );
  const typesPosted = () => posted.mock.calls.map(([message]) => (message as AppToRoomMessage).type);
  const microphoneReports = () =>
    socket.emitted.filter(
      (e) => e.topic === 'user_player_events' && (e.payload as { event: string }).event === 'microphone',
    );

  /** The room reports its microphone (from its origin and window). */
  const roomReportsMicrophone = (source: Window, isMuted: boolean) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', {
          origin: ROOM_ORIGIN,
          source,
          data: roomMessage({ type: 'microphone', muted: isMuted }),
        }),
      );
    });
  /** A moderator's mute as this build's relay passes it on: recorded, with its version. */
  const recordedMute = (target: number | 'all') =>
    act(() =>
      socket.fire('user_player_events', {
        user_id: ERIN,
        room_id: ROOM.id,
        event: 'mute',
        data: { target, by: 'Erin Meyer', version: 5_000 },
        timestamp: Date.now(),
      }),
    );

  it('reports nothing on a mute-all the relay recorded, nor the room’s muted microphone answering it', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    roomReportsMicrophone(frame, false);
    expect(microphoneReports()).toHaveLength(1);
    posted.mockClear();
    recordedMute('all');
    // The room is told; the relay holds ada's state muted already (it had one: her report).
    expect(posted.mock.calls).toEqual([[roomMessage({ type: 'mute', by: 'Erin Meyer' }), ROOM_ORIGIN]]);
    roomReportsMicrophone(frame, true);
    expect(microphoneReports()).toHaveLength(1);
    // Her own change afterwards is reported, as any (with the mute's version: she heard it).
    roomReportsMicrophone(frame, false);
    expect(microphoneReports().map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { muted: false },
      { muted: false, heard: 5_000 },
    ]);
  });

  it('sends with a report the newest version it heard of its own state (`heard`), for the relay to go above', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    const state = (userId: number, roomId: number, version: number) =>
      act(() =>
        socket.fire('user_player_events', {
          user_id: userId,
          room_id: roomId,
          event: 'microphone',
          data: { muted: false, version },
        }),
      );
    const mute = (by: number, roomId: number, target: number | 'all', version: number) =>
      act(() =>
        socket.fire('user_player_events', {
          user_id: by,
          room_id: roomId,
          event: 'mute',
          data: { target, by: 'Erin Meyer', version },
        }),
      );
    // Nothing heard yet: a report as before.
    roomReportsMicrophone(frame, false);
    // Her state told on entering, then a moderator's mute-all: the newest is the mute's.
    state(7, ROOM.id, 4_000);
    recordedMute('all');
    // Not hers: another's state, a mute in another room or of someone else, her own mute-all (mutes not her).
    state(8, ROOM.id, 9_000);
    mute(ERIN, ROOM.id + 1, 7, 9_000);
    mute(ERIN, ROOM.id, 8, 9_000);
    mute(7, ROOM.id, 'all', 9_000);
    // The room answers the mute (not reported), then she unmutes.
    roomReportsMicrophone(frame, true);
    roomReportsMicrophone(frame, false);
    // Her report back (stamped above the mute), then an older state told late: the newest stays.
    state(7, ROOM.id, 6_000);
    state(7, ROOM.id, 5_500);
    roomReportsMicrophone(frame, true);
    expect(microphoneReports().map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { muted: false },
      { muted: false, heard: 5_000 },
      { muted: true, heard: 6_000 },
    ]);
  });

  it('reports nothing on a recorded mute of this user, though the tab never reported', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    recordedMute(7);
    roomReportsMicrophone(frame, true);
    expect(microphoneReports()).toHaveLength(0);
    expect(typesPosted()).toContain('mute');
  });

  it('reports a recorded mute-all once when the tab never reported (the relay held no state of it)', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    recordedMute('all');
    roomReportsMicrophone(frame, true);
    expect(microphoneReports().map((e) => (e.payload as { data: unknown }).data)).toEqual([
      { muted: true, heard: 5_000 },
    ]);
  });

  it('passes a mute to a ready room at once and reports the microphone muted (a relay of an earlier build)', async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    posted.mockClear();
    muteAda();
    expect(posted.mock.calls).toEqual([[roomMessage({ type: 'mute', by: 'Erin Meyer' }), ROOM_ORIGIN]]);
    expect(microphoneReports().map((e) => e.payload)).toEqual([
      expect.objectContaining({ user_id: 7, room_id: ROOM.id, data: { muted: true } }),
    ]);
  });

  it('keeps a mute heard while the room still loads and sends it right after the session', async () => {
    const frame = await openRoom();
    muteAda();
    // Not ready yet: a message posted now would be lost; the others hear the muted microphone at once.
    expect(typesPosted()).toEqual([]);
    expect(microphoneReports()).toHaveLength(1);
    roomAnswersReady(frame);
    const types = typesPosted();
    expect(types.at(-1)).toBe('mute');
    expect(types.indexOf('settings')).toBeLessThan(types.indexOf('mute'));
    expect(posted.mock.calls.at(-1)).toEqual([roomMessage({ type: 'mute', by: 'Erin Meyer' }), ROOM_ORIGIN]);
    // Once: a later `ready` (the room reloaded itself) starts a new session without it.
    posted.mockClear();
    roomAnswersReady(frame);
    expect(typesPosted()).not.toContain('mute');
  });

  it("ignores another participant's mute", async () => {
    const frame = await openRoom();
    roomAnswersReady(frame);
    posted.mockClear();
    act(() =>
      socket.fire('user_player_events', {
        user_id: ERIN,
        room_id: ROOM.id,
        event: 'mute',
        data: { target: 8, by: 'Erin Meyer' },
        timestamp: Date.now(),
      }),
    );
    expect(typesPosted()).toEqual([]);
    expect(microphoneReports()).toHaveLength(0);
  });
});

describe('EmbeddedRoom relayed messages and their refusals', () => {
  /** The room posts a message (from its origin and window). */
  const roomSays = (source: Window, body: Unenveloped<RoomToAppMessage>) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { origin: ROOM_ORIGIN, source, data: roomMessage(body) }),
      );
    });
  const emittedOn = (topic: string) => socket.emitted.filter((e) => e.topic === topic).map((e) => e.payload);
  let warn: MockInstance<typeof console.warn>;
  beforeEach(() => {
    warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('answers a scene message over the size bound with `refused` and emits nothing; one within it goes out', async () => {
    // The relay passes every scene event on but content 99's (the marker below).
    const frame = await openRoom((emitted) =>
      (emitted.payload as { content_id?: unknown }).content_id === 99
        ? { statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED }
        : { statusCode: 200 },
    );
    roomAnswersReady(frame);
    posted.mockClear();
    const tooLarge = {
      type: 'scene',
      event: 'poster_clicked',
      content_id: 3,
      object: { blob: 'x'.repeat(ROOM_MESSAGE_MAX_BYTES) },
    } as const;
    roomSays(frame, tooLarge);
    expect(emittedOn('user_scene_events')).toEqual([]);
    expect(posted.mock.calls).toEqual([
      [
        roomMessage({
          type: 'refused',
          refused: { type: 'scene', event: 'poster_clicked', content_id: 3 },
          reason: 'too_large',
          detail: `The message is ${roomMessageBytes(roomMessage(tooLarge))} bytes as JSON; at most ${ROOM_MESSAGE_MAX_BYTES} are passed on.`,
        }),
        ROOM_ORIGIN,
      ],
    ]);
    expect(warn).toHaveBeenCalledWith(
      'room: refused a scene message',
      expect.stringContaining('bytes as JSON'),
    );
    // The same event with a small object is relayed, and the room hears nothing back.
    posted.mockClear();
    roomSays(frame, { type: 'scene', event: 'poster_clicked', content_id: 3, object: { seconds: 4 } });
    expect(emittedOn('user_scene_events')).toEqual([
      expect.objectContaining({
        user_id: 7,
        room_id: ROOM.id,
        event: 'poster_clicked',
        object: { seconds: 4 },
      }),
    ]);
    // Its 200 answer goes the way any answer goes (emitWithAck's lazy ack module, then the refusal check), which
    // may take more than one turn of microtasks. A marker sent after it on the same topic, whose answer takes the
    // same way, is refused: once that refusal is posted, the 200 has been handled, and it posted nothing.
    roomSays(frame, { type: 'scene', event: 'poster_clicked', content_id: 99, object: { seconds: 5 } });
    await waitFor(() => expect(posted).toHaveBeenCalled());
    expect(posted.mock.calls).toEqual([
      [
        roomMessage({
          type: 'refused',
          refused: { type: 'scene', event: 'poster_clicked', content_id: 99 },
          reason: 'rate_limited',
          detail: RELAY_ERRORS.RATE_LIMITED,
        }),
        ROOM_ORIGIN,
      ],
    ]);
  });

  it("answers a message whose event the relay refused with `refused`, the relay's reason and text", async () => {
    const frame = await openRoom((emitted) =>
      emitted.topic === 'view_content'
        ? { statusCode: 400, message: RELAY_ERRORS.RATE_LIMITED }
        : emitted.topic === 'user_achievement_events'
          ? { statusCode: 400, message: RELAY_ERRORS.ROOM_FORBIDDEN }
          : { statusCode: 200 },
    );
    roomAnswersReady(frame);
    posted.mockClear();
    roomSays(frame, { type: 'view_content', event: 'video_played', content_id: 'booth-video' });
    roomSays(frame, { type: 'achievement', achievement_attribute: 'visit_booth_a' });
    expect(emittedOn('view_content')).toHaveLength(1);
    expect(emittedOn('user_achievement_events')).toHaveLength(1);
    await waitFor(() => expect(posted).toHaveBeenCalledTimes(2));
    expect(posted.mock.calls).toEqual([
      [
        roomMessage({
          type: 'refused',
          refused: { type: 'view_content', event: 'video_played', content_id: 'booth-video' },
          reason: 'rate_limited',
          detail: RELAY_ERRORS.RATE_LIMITED,
        }),
        ROOM_ORIGIN,
      ],
      [
        roomMessage({
          type: 'refused',
          refused: { type: 'achievement', achievement_attribute: 'visit_booth_a' },
          reason: 'refused',
          detail: RELAY_ERRORS.ROOM_FORBIDDEN,
        }),
        ROOM_ORIGIN,
      ],
    ]);
  });
});
