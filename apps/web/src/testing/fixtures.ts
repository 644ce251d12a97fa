// Test data shaped by the contracts' schemas.
import {
  CurrentUserSchema,
  RoomSchema,
  type CurrentUser,
  type Preference,
  type Room,
} from '@showfloor/contracts';

export function makeUser(overrides: Partial<CurrentUser> = {}): CurrentUser {
  return CurrentUserSchema.parse({
    id: 7,
    username: 'ada@demo.test',
    event_code: 'DEMO',
    jwt_token: 'header.payload.signature',
    roles: [{ role: 'visitor' }],
    room_access: [1, 2],
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

/** The event's lobby (room 1), unless overridden. */
export const makeLobby = (overrides: Partial<Room> = {}): Room =>
  makeRoom({ id: 1, name: 'Main hall', link: 'https://rooms.example/lobby', type: 'lobby', ...overrides });
