// The access rules of access.ts: the predicates, the completeness of CALL_ACCESS over the catalogue, and the
// id and url checks that keep hostile input out of paths and redirects.
import { describe, expect, it } from 'vitest';
import {
  CALL_ACCESS,
  SessionsTriggerSchema,
  callInputKeys,
  callInputSchema,
  idKeysOf,
  isSitePath,
  listCalls,
  mayEnterRoom,
  mayReadFile,
  mayViewContact,
  meetingIdOfLink,
  roomConversationId,
  roomOfConversation,
  type AccessViewer,
  type CallAccess,
} from '../src/index.ts';

const visitor: AccessViewer = { id: 1, event_code: 'DEMO', roles: [{ role: 'visitor' }], room_access: [] };
const granted: AccessViewer = { ...visitor, id: 3, room_access: [5] };
const presenter: AccessViewer = { ...visitor, id: 7, roles: [{ role: 'presenter', room_id: 5 }] };
const eventAdmin: AccessViewer = { ...visitor, id: 4, roles: [{ role: 'event-admin' }] };
const otherEventAdmin: AccessViewer = { ...eventAdmin, id: 8, event_code: 'VIP' };
const admin: AccessViewer = { ...visitor, id: 5, event_code: 'VIP', roles: [{ role: 'admin' }] };
const foreign: AccessViewer = { ...visitor, id: 6, event_code: 'VIP' };

const lounge = { id: 5, event_code: 'DEMO', active: true, restricted: true };
const lobby = { id: 1, event_code: 'DEMO', active: true, restricted: false };
const closedHall = { id: 9, event_code: 'DEMO', active: false, restricted: false };

describe('access rules', () => {
  it('lets into a room whoever is granted it, the event managers, and nobody from elsewhere', () => {
    const table: Array<[AccessViewer, typeof lounge, boolean]> = [
      [visitor, lobby, true],
      [visitor, lounge, false],
      [granted, lounge, true],
      [presenter, lounge, true],
      [eventAdmin, lounge, true],
      [eventAdmin, closedHall, true],
      [visitor, closedHall, false],
      [otherEventAdmin, lobby, false],
      [foreign, lobby, false],
      [admin, lounge, true],
    ];
    for (const [viewer, room, expected] of table) expect(mayEnterRoom(viewer, room)).toBe(expected);
  });

  it('shows contact details to the user, their event managers and holders of their allowed card only', () => {
    const subject = { id: 1, event_code: 'DEMO' };
    expect(mayViewContact(visitor, subject, false)).toBe(true);
    expect(mayViewContact(granted, subject, false)).toBe(false);
    expect(mayViewContact(granted, subject, true)).toBe(true);
    expect(mayViewContact(eventAdmin, subject, false)).toBe(true);
    expect(mayViewContact(otherEventAdmin, subject, false)).toBe(false);
    expect(mayViewContact(admin, subject, false)).toBe(true);
  });

  it('serves public file types to anyone and the others to their event only', () => {
    expect(mayReadFile(undefined, 'sso_button', 'VIP')).toBe(true);
    expect(mayReadFile(undefined, 'poster', 'VIP')).toBe(true);
    expect(mayReadFile(undefined, 'user_manual', 'VIP')).toBe(false);
    expect(mayReadFile(visitor, 'user_manual', 'VIP')).toBe(false);
    expect(mayReadFile(foreign, 'user_manual', 'VIP')).toBe(true);
    expect(mayReadFile(admin, 'store_thumbnail', 'DEMO')).toBe(true);
  });

  it("names a room's chat room-<id> and reads the room back from exactly that form", () => {
    expect(roomConversationId(5)).toBe('room-5');
    expect(roomOfConversation(roomConversationId(5))).toBe(5);
    for (const other of [
      'room-',
      'room-05',
      'room-5x',
      'xroom-5',
      'room-5-1',
      'temp-room-5',
      'bot-1-5',
      'room--5',
    ])
      expect(roomOfConversation(other), other).toBeUndefined();
  });

  it("reads a room's meeting from the last segment of its link", () => {
    expect(meetingIdOfLink('https://meet.showfloor.example/meeting/talk-stage')).toBe('talk-stage');
    expect(meetingIdOfLink('https://world.showfloor.example/')).toBeUndefined();
    expect(meetingIdOfLink('not a url')).toBeUndefined();
    expect(meetingIdOfLink('https://x.example/%E0%A4%A')).toBeUndefined();
  });

  it('accepts only paths on the site as a refresh url, whatever a browser would make of the rest', () => {
    for (const ok of ['/lobby', '/room/3?x=1#top', '/help', '/a/b/../c', '/%2F%2Fevil.test'])
      expect(isSitePath(ok), ok).toBe(true);
    const offSite = [
      '/\t/evil.test/owned',
      '/\n/evil.test',
      '/\r/evil.test',
      '\t//evil.test',
      ' /lobby',
      '//evil.test',
      '/\\evil.test',
      '\\/evil.test',
      '/\u0000/evil.test',
      '/\u00a0/evil.test',
      'https://evil.test/',
      'javascript:alert(1)',
      'lobby',
      '',
    ];
    for (const bad of offSite) {
      expect(isSitePath(bad), JSON.stringify(bad)).toBe(false);
      expect(
        SessionsTriggerSchema.safeParse({ action: 'refresh', url: bad }).success,
        JSON.stringify(bad),
      ).toBe(false);
    }
  });

  it('has a rule for every id-bearing input key of every call, and none for keys a call lacks', () => {
    const table = CALL_ACCESS as Record<string, Record<string, CallAccess>>;
    const problems: string[] = [];
    for (const { service, name, call } of listCalls()) {
      const rules = table[service]?.[name];
      if (!rules) {
        problems.push(`${service}.${name}: no row`);
        continue;
      }
      for (const key of idKeysOf(call))
        if (!(key in rules)) problems.push(`${service}.${name}.${key}: no rule`);
      const keys = Object.values(callInputKeys(call)).flat();
      for (const key of Object.keys(rules))
        if (!keys.includes(key)) problems.push(`${service}.${name}.${key}: not an input key`);
    }
    expect(problems).toEqual([]);
  });

  it('refuses a lone surrogate in every text path parameter of the catalogue (it cannot go into a URL)', () => {
    const accepted: string[] = [];
    for (const { service, name, call } of listCalls()) {
      for (const key of callInputKeys(call).params) {
        const result = callInputSchema(call).safeParse({ [key]: 'x\ud800' });
        const issue = result.success ? undefined : result.error.issues.find((i) => i.path[0] === key);
        if (!issue) accepted.push(`${service}.${name}.${key}`);
      }
    }
    expect(accepted).toEqual([]);
  });
});
