// Test data shaped by the contracts' schemas.
import {
  CurrentUserSchema,
  RoomContentItemSchema,
  RoomSchema,
  UserProfileSchema,
  type CurrentUser,
  type Preference,
  type Room,
  type RoomContentItem,
  type UserProfile,
} from '@showfloor/contracts';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return CurrentUserSchema.parse({
    id: 7,
    username: 'ada@demo.test',
    event_code: 'DEMO',
    jwt_token: 'header.payload.signature',
    roles: [{ role: 'visitor' }],
    room_access: [1, 2, 5],
    screen_access_rights: [
      { frontend_name: '/profile' },
      { frontend_name: '/lobby' },
      { frontend_name: '/settings' },
    ],
    breakout_group: null,
    firstname: 'Ada',
    lastname: 'Lovelace',
    company: 'Analytical Engines',
    job_title: 'Programmer',
    profile_picture: null,
    ...overrides,
  });
}

/** Ada's stored profile (user.getUser), the same person as makeUser(). */
export function makeProfile(overrides: Partial<UserProfile> = {}): UserProfile {
  return UserProfileSchema.parse({
    id: 7,
    username: 'ada@demo.test',
    event_code: 'DEMO',
    firstname: 'Ada',
    lastname: 'Lovelace',
    company: 'Analytical Engines',
    job_title: 'Programmer',
    phone_number: '+44 20 7946 0001',
    email: 'ada@demo.test',
    webpage: 'https://ada.demo.test',
    linkedin: 'linkedin.com/in/ada',
    tags: [
      { tag_name: 'Mathematics', type: 'skill' },
      { tag_name: 'Computing', type: 'interest' },
    ],
    profile_picture: null,
    avatar_id: null,
    ...overrides,
  });
}

export function prefs(values: Record<string, string>): Preference[] {
  return Object.entries(values).map(([name, value]) => ({ name, value }) as Preference);
}

/** Room 5, a single-user 3D hall, unless overridden. */
export function makeRoom(overrides: Partial<Room> = {}): Room {
  return RoomSchema.parse({
    id: 5,
    name: 'Hall 5',
    link: 'https://rooms.example/5',
    type: '3d',
    event_code: 'DEMO',
    active: true,
    multiplayer: false,
    ...overrides,
  });
}

/** Content item `id` of room 1: a popup without media, file, group or attributes, unless overridden. */
export function makeContentItem(
  overrides: Partial<RoomContentItem> & Pick<RoomContentItem, 'id'>,
): RoomContentItem {
  return RoomContentItemSchema.parse({
    room_id: 1,
    type: 'popup',
    media_id: null,
    file: null,
    render_in_3d: false,
    group: null,
    attributes: {},
    ...overrides,
  });
}

/** The event's lobby (room 1), unless overridden. */
export const makeLobby = (overrides: Partial<Room> = {}): Room =>
  makeRoom({ id: 1, name: 'Main hall', link: 'https://rooms.example/lobby', type: 'lobby', ...overrides });
