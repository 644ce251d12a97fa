/**
 * What a new account starts with besides who it is: a visitor, active, no tags, no picture, the default
 * screens (profile, lobby, settings). The demo fixture and sign-up both build users from it.
 */
import type { UserRecord } from './types.ts';

/** The fields that name the account; everything else has a default. */
type Identity = 'id' | 'event_code' | 'username' | 'email' | 'passwordHash' | 'firstname' | 'lastname';

/** Fresh defaults (new arrays each call, so users never share them). */
export function newUserDefaults(): Omit<UserRecord, Identity> {
  return {
    company: '',
    job_title: '',
    phone_number: '',
    webpage: '',
    linkedin: '',
    personal_quote: '',
    profile_picture: null,
    roles: [{ role: 'visitor' }],
    active: true,
    tags: [],
    status: 'available',
    last_login: null,
    breakout_group: null,
    room_access: [],
    // The event notification page (/announcement) is granted by screen rules to event-admins and admins only.
    screen_access_rights: ['/profile', '/lobby', '/settings'],
    avatar_id: null,
    tutorial_done: false,
    recruiting_status_id: null,
    recruiting_notes: {},
    current_room_id: null,
    completed_badges: [],
    coins_spent: 0,
    passport_claimed: false,
  };
}
