// Test data shaped by the contracts' schemas.
import { CurrentUserSchema, type CurrentUser, type Preference } from '@showfloor/contracts';

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
