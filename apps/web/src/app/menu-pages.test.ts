import { describe, expect, it } from 'vitest';
import { makeUser, prefs } from '../testing/fixtures.ts';
import { MENU_PAGE_ORDER, visibleMenuPages, type MenuContext, type RoomKind } from '../lib/shell/menu.ts';
import { MENU_PAGES } from './menu-pages.ts';

const ALL_ON = prefs({
  room_chat: 'yes',
  private_chat: 'auto',
  business_cards: 'yes',
  passport_badges: 'auto',
  enable_token_wallet: 'yes',
});

function ctx(overrides: Partial<MenuContext> = {}): MenuContext {
  return { user: makeUser(), preferences: ALL_ON, roomKind: 'none' as RoomKind, ...overrides };
}

const listed = (c: MenuContext) => visibleMenuPages(MENU_PAGES, c, 'list').map((e) => e.page);
const bottom = (c: MenuContext) => visibleMenuPages(MENU_PAGES, c, 'bottom').map((e) => e.page);

describe('side menu visibility', () => {
  it('registers one entry per menu page of the spec except the menu itself, each with its own route', () => {
    const pages = MENU_PAGES.map((e) => e.page).sort();
    expect(pages).toEqual(MENU_PAGE_ORDER.filter((p) => p !== 'Menu').sort());
    expect(new Set(MENU_PAGES.map((e) => e.path)).size).toBe(MENU_PAGES.length);
  });

  it('flags exactly the pages that are still placeholders, so the side menu does not advertise them', async () => {
    for (const entry of MENU_PAGES) {
      const page = (await entry.load()).default;
      const isPlaceholderPage = page.toString().includes('PlaceholderPage');
      expect(entry.isPlaceholder ?? false, entry.page).toBe(isPlaceholderPage);
    }
    // Every page's code is loaded: slow on a busy machine.
  }, 120_000);

  it('lists the visible pages in the order of the spec', () => {
    const user = makeUser({
      roles: [{ role: 'event-admin', mode: 'Recruiting' }],
      screen_access_rights: [{ frontend_name: '/profile' }, { frontend_name: '/announcement' }],
    });
    expect(listed(ctx({ user, roomKind: 'multiplayer' }))).toEqual([
      'ProfileSetting',
      'RoomChat',
      'UserList',
      'Chat',
      'BusinessCards',
      'Passport',
      'RecruitingDashboard',
      'EventNotification',
      'TokenWallet',
    ]);
  });

  it('shows the agenda only when the event has sessions on it, after the spec’s pages', () => {
    expect(listed(ctx())).not.toContain('Agenda');
    expect(listed(ctx({ hasAgenda: false }))).not.toContain('Agenda');
    expect(listed(ctx({ hasAgenda: true })).at(-1)).toBe('Agenda');
  });

  it.each([
    ['room_chat', 'RoomChat'],
    ['private_chat', 'Chat'],
    ['business_cards', 'BusinessCards'],
    ['passport_badges', 'Passport'],
    ['enable_token_wallet', 'TokenWallet'],
  ])('shows the page of %s for yes and auto, hides it for no or unset', (name, page) => {
    const others = ALL_ON.filter((p) => p.name !== name);
    for (const value of ['yes', 'auto']) {
      expect(listed(ctx({ preferences: [...others, ...prefs({ [name]: value })] }))).toContain(page);
    }
    expect(listed(ctx({ preferences: [...others, ...prefs({ [name]: 'no' })] }))).not.toContain(page);
    expect(listed(ctx({ preferences: others }))).not.toContain(page);
  });

  it.each([
    ['/profile', 'ProfileSetting', 'list'],
    ['/announcement', 'EventNotification', 'list'],
    ['/settings', 'Settings', 'bottom'],
  ] as const)('needs the screen access right %s for %s', (right, page, placement) => {
    const pick = placement === 'list' ? listed : bottom;
    const withRight = makeUser({ screen_access_rights: [{ frontend_name: right }] });
    const without = makeUser({ screen_access_rights: [{ frontend_name: '/lobby' }] });
    expect(pick(ctx({ user: withRight }))).toContain(page);
    expect(pick(ctx({ user: without }))).not.toContain(page);
  });

  it('shows the user list only in multiplayer rooms', () => {
    expect(listed(ctx({ roomKind: 'multiplayer' }))).toContain('UserList');
    for (const roomKind of ['none', 'lobby', 'single'] as const)
      expect(listed(ctx({ roomKind }))).not.toContain('UserList');
  });

  it('shows the recruiting dashboard only to an event-admin in mode Recruiting', () => {
    const recruiter = makeUser({ roles: [{ role: 'event-admin', mode: 'Recruiting' }] });
    const eventAdmin = makeUser({ roles: [{ role: 'event-admin' }] });
    const admin = makeUser({ roles: [{ role: 'admin', mode: 'Recruiting' }] });
    expect(listed(ctx({ user: recruiter }))).toContain('RecruitingDashboard');
    expect(listed(ctx({ user: eventAdmin }))).not.toContain('RecruitingDashboard');
    expect(listed(ctx({ user: admin }))).not.toContain('RecruitingDashboard');
    expect(listed(ctx())).not.toContain('RecruitingDashboard');
  });

  it('always offers help as a bottom button, and settings only with access', () => {
    const noRights = makeUser({ screen_access_rights: [] });
    expect(bottom(ctx({ user: noRights, preferences: [] }))).toEqual(['Help']);
    expect(bottom(ctx())).toEqual(['Settings', 'Help']);
    expect(listed(ctx({ user: noRights, preferences: [] }))).toEqual([]);
  });
});
