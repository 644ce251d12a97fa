import { describe, expect, it } from 'vitest';
import type { MenuPageEntry } from './menu.ts';
import { DEFAULT_SCENE, backgroundOf, hrefOf, menuEntryAt, sceneOf } from './scene.ts';

const entry = (page: MenuPageEntry['page'], path: string): MenuPageEntry => ({
  page,
  path,
  labelKey: 'x',
  placement: 'list',
  isVisible: () => true,
  load: async () => ({ default: () => null }),
});
const entries = [entry('Chat', '/chat'), entry('ProfileSetting', '/profile/settings')];
const isScene = (path: string): boolean => path === '/lobby' || /^\/room\/\d+$/.test(path);
const at = (pathname: string, state: unknown = null, search = '') => ({ pathname, search, hash: '', state });
const room = { pathname: '/room/5', search: '?x=1', hash: '' };

describe('menuEntryAt', () => {
  it('finds the page of its own path (with or without a trailing slash), as the routes do, and nothing else', () => {
    expect(menuEntryAt(entries, '/chat')?.page).toBe('Chat');
    expect(menuEntryAt(entries, '/chat/')?.page).toBe('Chat');
    expect(menuEntryAt(entries, '/chat/12')).toBeUndefined();
    expect(menuEntryAt(entries, '/profile/settings')?.page).toBe('ProfileSetting');
    expect(menuEntryAt(entries, '/chatter')).toBeUndefined();
    expect(menuEntryAt(entries, '/profile')).toBeUndefined();
    expect(menuEntryAt(entries, '/lobby')).toBeUndefined();
  });
});

describe('sceneOf', () => {
  it('is the location itself outside the menu pages', () => {
    expect(sceneOf(at('/room/5', null, '?x=1'), entries, undefined, isScene)).toEqual(room);
  });

  it('is the background a menu link carried', () => {
    expect(sceneOf(at('/chat', { background: room }), entries, undefined, isScene)).toEqual(room);
  });

  it('falls back to the last scene, then the lobby, for a menu page without a usable background', () => {
    expect(sceneOf(at('/chat'), entries, room, isScene)).toEqual(room);
    expect(sceneOf(at('/chat'), entries, undefined, isScene)).toEqual(DEFAULT_SCENE);
    // A background that is itself a menu page, or not a path of this app, is not a scene.
    const chat = { pathname: '/chat', search: '', hash: '' };
    expect(sceneOf(at('/profile/settings', { background: chat }), entries, undefined, isScene)).toEqual(
      DEFAULT_SCENE,
    );
    const elsewhere = { pathname: '//evil.example', search: '', hash: '' };
    expect(sceneOf(at('/chat', { background: elsewhere }), entries, undefined, isScene)).toEqual(
      DEFAULT_SCENE,
    );
    // A path of the app that is no scene (the info page) is not one either, nor a last "scene" that is not.
    const info = { pathname: '/info', search: '?event=DEMO', hash: '' };
    expect(sceneOf(at('/chat', { background: info }), entries, room, isScene)).toEqual(room);
    expect(sceneOf(at('/chat'), entries, info, isScene)).toEqual(DEFAULT_SCENE);
  });
});

describe('backgroundOf and hrefOf', () => {
  it('reads only a well-formed background and writes it back as a path', () => {
    expect(backgroundOf({ background: room })).toEqual(room);
    expect(backgroundOf({ background: { pathname: '/room/5' } })).toBeUndefined();
    expect(backgroundOf('nonsense')).toBeUndefined();
    expect(hrefOf(room)).toBe('/room/5?x=1');
  });
});
