/**
 * The user service: profiles (only one's own, with the spec's field rules), tags, pictures, activation,
 * user lists (event, room, logged, matching), reports and their moderation, CSV import/export, recruiting
 * status and dashboard data, and the token wallet.
 */
import { randomBytes } from 'node:crypto';
import { EmailSchema, MIN_PASSWORD_LENGTH, RoleNameSchema, type userCalls } from '@showfloor/contracts';
import { hashPassword } from '../auth/password.ts';
import { parseCsv } from '../files/csv.ts';
import { isImageType, sniffContentType } from '../files/sniff.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { Caller, ReportRecord, UserRecord } from '../store/types.ts';
import {
  assertManages,
  assertSameEvent,
  assertSelf,
  createUser,
  csvLine,
  isAdmin,
  passportOf,
  requireEvent,
  requireEnterableRoom,
  requireVisibleUser,
  seesContactOf,
  summariesFor,
  toProfile,
} from './shared.ts';
import type { HandlerTable, UploadedFile } from './types.ts';

/** Users with a live session now. */
function isLoggedIn(state: ProviderState, user: UserRecord): boolean {
  return user.active && state.liveSessions(user.id).length > 0;
}

/** A report as the moderation calls answer it: the optional texts only when given. */
function toReport(report: ReportRecord) {
  return {
    id: report.id,
    reported_user_id: report.reported_user_id,
    reported_by_user_id: report.reported_by_user_id,
    ...(report.summary ? { summary: report.summary } : {}),
    ...(report.conversation_id ? { conversation_id: report.conversation_id } : {}),
    ...(report.validationNotes ? { validationNotes: report.validationNotes } : {}),
    status: report.status,
    timestamp: String(report.created_at),
  };
}

function storePicture(state: ProviderState, caller: Caller, userId: number, files: UploadedFile[]) {
  assertSelf(caller, userId, 'your own picture');
  const file = files.find((f) => f.field === 'file') ?? files[0];
  if (!file) throw badRequest('Attach the picture as multipart field "file".');
  const contentType = sniffContentType(file.data);
  if (!isImageType(contentType)) throw badRequest('The picture must be a PNG, JPEG, GIF or WebP image.');
  const extension = (contentType ?? 'image/png').split('/')[1] ?? 'png';
  const path = `pictures/${userId}-${state.nextId('pictures')}.${extension}`;
  state.putFile({
    type: 'profile_picture',
    event_code: '_',
    filename: path,
    content_type: contentType ?? 'image/png',
    data: file.data,
  });
  const previous = caller.user.profile_picture;
  if (previous) state.files.delete(`profile_picture/_/${previous}`);
  caller.user.profile_picture = path;
  return { message: 'Profile picture saved.', profile_picture: path };
}

function eventUsers(state: ProviderState, caller: Caller, eventCode: string | undefined): UserRecord[] {
  const code = eventCode ?? caller.user.event_code;
  const event = state.eventByCode(code);
  if (!event) throw notFound('Event');
  assertSameEvent(caller, event.code);
  return state.usersOfEvent(event.code);
}

const IMPORT_COLUMNS = [
  'email',
  'firstname',
  'lastname',
  'company',
  'job_title',
  'role',
  'password',
] as const;

export const userHandlers: HandlerTable<typeof userCalls> = {
  getMatchingUsers({ params, caller, state }) {
    const room = requireEnterableRoom(state, caller, params.roomId);
    const user = requireVisibleUser(state, caller, params.userId);
    const mine = new Set(user.tags.map((t) => `${t.type}:${t.tag_name.toLowerCase()}`));
    const matches = state
      .usersOfEvent(room.event_code)
      .filter((u) => u.id !== user.id && u.active && u.current_room_id === room.id)
      .map((u) => ({
        u,
        score: u.tags.filter((t) => mine.has(`${t.type}:${t.tag_name.toLowerCase()}`)).length,
      }))
      .filter((m) => m.score > 0)
      .sort((a, b) => b.score - a.score || a.u.id - b.u.id);
    const view = summariesFor(state, caller.user);
    return { users: matches.map((m) => view(m.u)) };
  },

  updateUser({ params, body, caller, state }) {
    assertSelf(caller, params.id, 'your own profile');
    const me = caller.user;
    const clash = state
      .usersOfEvent(me.event_code)
      .find((u) => u.id !== me.id && u.email.toLowerCase() === body.email.toLowerCase());
    if (clash) throw badRequest('This e-mail address is used by another user of the event.');
    me.firstname = body.firstname;
    me.lastname = body.lastname;
    me.email = body.email;
    for (const key of ['job_title', 'company', 'phone_number', 'webpage', 'linkedin'] as const) {
      const value = body[key];
      if (value !== undefined) me[key] = value;
    }
    return { message: 'Profile updated.', user: toProfile(me) };
  },

  activateUser({ body, caller, state }) {
    const user = state.users.get(body.user_id);
    if (!user) throw notFound('User');
    assertManages(caller, user.event_code);
    user.active = true;
    return { message: `User ${user.id} activated.` };
  },

  deactivateUser({ body, caller, state }) {
    const user = state.users.get(body.user_id);
    if (!user) throw notFound('User');
    if (user.id !== caller.user.id) {
      if (!caller.isManager) throw forbidden('You may deactivate only your own account.');
      assertManages(caller, user.event_code);
    }
    user.active = false;
    user.status = 'offline';
    state.revokeSessions((s) => s.user_id === user.id, 'deactivated');
    return {
      message: user.id === caller.user.id ? 'Your account was deleted.' : `User ${user.id} deactivated.`,
    };
  },

  listDeactivatedUsers({ query, caller, state }) {
    const event = state.eventByCode(query.event_code ?? caller.user.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    return {
      users: state
        .usersOfEvent(event.code)
        .filter((u) => !u.active)
        .map(summariesFor(state, caller.user)),
    };
  },

  createTags({ body, caller }) {
    assertSelf(caller, body.user_id, 'your own skills and interests');
    const me = caller.user;
    let added = 0;
    for (const tag of body.tags) {
      if (me.tags.some((t) => t.type === tag.type && t.tag_name.toLowerCase() === tag.tag_name.toLowerCase()))
        continue;
      me.tags.push({ tag_name: tag.tag_name, type: tag.type });
      added += 1;
    }
    return { message: added === 1 ? 'Tag added.' : `${added} tags added.` };
  },

  deleteTag({ query, caller }) {
    assertSelf(caller, query.user_id, 'your own skills and interests');
    const me = caller.user;
    const index = me.tags.findIndex(
      (t) => t.type === query.type && t.tag_name.toLowerCase() === query.tag_name.trim().toLowerCase(),
    );
    if (index < 0) throw notFound('Tag');
    me.tags.splice(index, 1);
    return { message: 'Tag removed.' };
  },

  getUser({ params, caller, state }) {
    const user = requireVisibleUser(state, caller, params.id);
    return { data: { user: toProfile(user, seesContactOf(state, caller.user, user)) } };
  },

  listUsers({ query, caller, state }) {
    let users = eventUsers(state, caller, query.event_code).filter((u) => u.active);
    if (query.room_id !== undefined) {
      // Who is in a room is the room's: the filter needs the right to enter it.
      const room = requireEnterableRoom(state, caller, query.room_id);
      users = users.filter((u) => u.current_room_id === room.id);
    }
    if (query.role !== undefined) users = users.filter((u) => u.roles.some((r) => r.role === query.role));
    const search = query.search?.trim().toLowerCase();
    if (search) {
      // The login name (an e-mail address) is matched only where the caller may see it.
      users = users.filter((u) =>
        [
          u.firstname,
          u.lastname,
          `${u.firstname} ${u.lastname}`,
          u.company,
          u.job_title,
          seesContactOf(state, caller.user, u) ? u.username : '',
        ].some((f) => f.toLowerCase().includes(search)),
      );
    }
    return { users: users.map(summariesFor(state, caller.user)) };
  },

  getSummary({ params, caller, state }) {
    return summariesFor(state, caller.user)(requireVisibleUser(state, caller, params.id));
  },

  getSummaries({ body, caller, state }) {
    const users = body.ids
      .map((id) => state.users.get(id))
      .filter(
        (u): u is UserRecord =>
          u !== undefined && (u.event_code === caller.user.event_code || isAdmin(caller)),
      );
    return { users: users.map(summariesFor(state, caller.user)) };
  },

  getEventUsers({ params, caller, state }) {
    const event = requireEvent(state, params.id);
    assertSameEvent(caller, event.code);
    return {
      users: state
        .usersOfEvent(event.code)
        .filter((u) => u.active)
        .map(summariesFor(state, caller.user)),
    };
  },

  getLoggedUsers({ query, caller, state }) {
    let users = eventUsers(state, caller, query.event_code).filter((u) => isLoggedIn(state, u));
    if (query.role !== undefined) users = users.filter((u) => u.roles.some((r) => r.role === query.role));
    if (query.limit !== undefined) users = users.slice(0, query.limit);
    return { users: users.map(summariesFor(state, caller.user)) };
  },

  getRoomUsers({ params, caller, state }) {
    const room = requireEnterableRoom(state, caller, params.id);
    const users = state
      .usersOfEvent(room.event_code)
      .filter((u) => u.active && u.current_room_id === room.id);
    return { users: users.map(summariesFor(state, caller.user)) };
  },

  uploadPicture({ query, files, caller, state }) {
    return storePicture(state, caller, query.user_id, files);
  },

  replacePicture({ query, files, caller, state }) {
    return storePicture(state, caller, query.user_id, files);
  },

  deletePicture({ query, caller, state }) {
    assertSelf(caller, query.user_id, 'your own picture');
    const path = caller.user.profile_picture;
    if (!path) throw notFound('Profile picture');
    state.files.delete(`profile_picture/_/${path}`);
    caller.user.profile_picture = null;
    return { message: 'Profile picture removed.' };
  },

  getProfilePicture({ query, caller, state }) {
    const file = state.file('profile_picture', '_', query.path);
    const owner = [...state.users.values()].find((u) => u.profile_picture === query.path);
    if (!file || !owner || (owner.event_code !== caller.user.event_code && !isAdmin(caller)))
      throw notFound('Profile picture');
    return {
      kind: 'file',
      contentType: file.content_type,
      filename: query.path.split('/').at(-1) ?? 'picture',
      data: file.data,
    };
  },

  updateTutorial({ body, caller, state }) {
    assertSelf(caller, body.user_id);
    caller.user.tutorial_done = true;
    caller.user.last_login = state.now();
    return { message: 'Tutorial recorded.', last_login: caller.user.last_login };
  },

  reportUser({ body, caller, state }) {
    if (body.reporterId !== caller.user.id) throw forbidden('You may report only in your own name.');
    const reported = requireVisibleUser(state, caller, body.reportedId);
    if (reported.event_code !== caller.user.event_code) throw notFound('User');
    // Reported from a chat: both take part in it.
    const conversationId = body.conversation_id ?? null;
    if (conversationId !== null) {
      const conversation = state.conversations.get(conversationId);
      if (
        !conversation ||
        conversation.kind === 'room' ||
        !conversation.participants.includes(caller.user.id) ||
        !conversation.participants.includes(reported.id)
      )
        throw notFound('Conversation');
    }
    const id = state.nextId('reports');
    // An empty summary is stored as absent (spec 01 §5).
    const summary = body.summary?.trim() ? body.summary.trim() : null;
    state.reports.set(id, {
      id,
      event_code: reported.event_code,
      reported_user_id: reported.id,
      reported_by_user_id: caller.user.id,
      summary,
      conversation_id: conversationId,
      status: 'open',
      validationNotes: null,
      created_at: state.now(),
    });
    return { message: 'Thank you. The user was reported to the moderators.' };
  },

  decideReport({ params, body, caller, state }) {
    const report = state.reports.get(params.id);
    if (!report) throw notFound('Report');
    assertManages(caller, report.event_code);
    if (report.status !== 'open') throw badRequest(`The report was already ${report.status}.`);
    report.status = body.action === 'accept' ? 'accepted' : 'rejected';
    if (body.validationNotes?.trim()) report.validationNotes = body.validationNotes.trim();
    return toReport(report);
  },

  listReportedUsers({ caller, state }) {
    const reports = [...state.reports.values()]
      .filter((r) => isAdmin(caller) || r.event_code === caller.user.event_code)
      .map(toReport);
    return { reports };
  },

  importUsers({ query, files, caller, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    const file = files[0];
    if (!file) throw badRequest('Attach the CSV file (multipart field "file").');
    let records;
    try {
      records = parseCsv(file.data.toString('utf8'));
    } catch (error) {
      throw badRequest(`The CSV file cannot be read: ${(error as Error).message}.`);
    }
    const [header, ...rows] = records;
    const columns = header?.fields.map((f) => f.trim().toLowerCase()) ?? [];
    if (!columns.includes('email')) throw badRequest('The CSV file needs a header row with an email column.');
    const unknown = columns.filter((c) => !(IMPORT_COLUMNS as readonly string[]).includes(c));
    if (unknown.length > 0) throw badRequest(`Unknown column(s): ${unknown.join(', ')}.`);
    const skipped: Array<{ line: number; reason: string }> = [];
    const seen = new Set<string>();
    let imported = 0;
    for (const row of rows) {
      if (row.fields.length !== columns.length) {
        skipped.push({
          line: row.line,
          reason: `expected ${columns.length} fields, found ${row.fields.length}`,
        });
        continue;
      }
      const value = (name: string) => (row.fields[columns.indexOf(name)] ?? '').trim();
      const email = EmailSchema.safeParse(value('email'));
      if (!email.success) {
        skipped.push({ line: row.line, reason: `invalid e-mail address ${JSON.stringify(value('email'))}` });
        continue;
      }
      const address = email.data.toLowerCase();
      if (seen.has(address) || state.userByEmail(event.code, address)) {
        skipped.push({ line: row.line, reason: `${address} is already registered` });
        continue;
      }
      const role = RoleNameSchema.safeParse(value('role') || 'visitor');
      if (!role.success || role.data === 'presenter') {
        skipped.push({ line: row.line, reason: `unknown role ${JSON.stringify(value('role'))}` });
        continue;
      }
      if ((role.data === 'admin' || role.data === 'event-admin') && !isAdmin(caller)) {
        skipped.push({ line: row.line, reason: `only admins import the role ${role.data}` });
        continue;
      }
      const password = value('password');
      if (password !== '' && password.length < MIN_PASSWORD_LENGTH) {
        skipped.push({ line: row.line, reason: `password shorter than ${MIN_PASSWORD_LENGTH} characters` });
        continue;
      }
      const tooLong = ['firstname', 'lastname', 'company', 'job_title'].find((c) => value(c).length > 100);
      if (tooLong) {
        skipped.push({ line: row.line, reason: `${tooLong} longer than 100 characters` });
        continue;
      }
      seen.add(address);
      createUser(state, {
        event_code: event.code,
        email: address,
        // Without a password column the account is reached by a password reset.
        passwordHash: hashPassword(password || randomBytes(24).toString('base64url')),
        firstname: value('firstname'),
        lastname: value('lastname'),
        company: value('company'),
        job_title: value('job_title'),
        roles: [{ role: role.data }],
      });
      imported += 1;
    }
    return { message: `Imported ${imported} user(s), skipped ${skipped.length}.`, imported, skipped };
  },

  exportUsers({ query, caller, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw badRequest(`Unknown event code ${query.event_code}.`);
    assertManages(caller, event.code);
    const lines = [
      csvLine([
        'id',
        'email',
        'firstname',
        'lastname',
        'company',
        'job_title',
        'role',
        'active',
        'last_login',
      ]),
    ];
    for (const u of state.usersOfEvent(event.code))
      lines.push(
        csvLine([
          u.id,
          u.email,
          u.firstname,
          u.lastname,
          u.company,
          u.job_title,
          u.roles.map((r) => r.role).join(' '),
          u.active,
          u.last_login === null ? '' : new Date(u.last_login).toISOString(),
        ]),
      );
    return { kind: 'csv', filename: `users_${event.code}.csv`, text: `${lines.join('\r\n')}\r\n` };
  },

  setRecruitingStatus({ body, caller, state }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw notFound('Event');
    // Recruiters only (the call's auth); a recruiter of this event.
    assertManages(caller, event.code);
    const candidate = state.users.get(body.user_id);
    if (!candidate || candidate.event_code !== event.code) throw notFound('User');
    const status = state.recruitingStatuses.find((s) => s.id === body.status_id);
    if (!status) throw notFound('Recruiting status');
    candidate.recruiting_status_id = status.id;
    return { message: `Recruiting status set to ${status.name}.` };
  },

  getRecruitingUserData({ params, caller, state }) {
    const candidate = state.users.get(params.id);
    if (!candidate) throw notFound('User');
    assertManages(caller, candidate.event_code);
    const orNull = (v: string) => (v === '' ? null : v);
    return {
      firstname: candidate.firstname,
      lastname: candidate.lastname,
      job_title: orNull(candidate.job_title),
      company: orNull(candidate.company),
      personal_quote: orNull(candidate.personal_quote),
      phone_number: orNull(candidate.phone_number),
      email: orNull(candidate.email),
      webpage: orNull(candidate.webpage),
      linkedin: orNull(candidate.linkedin),
      notes: candidate.recruiting_notes[String(caller.user.id)] || null,
      skills: candidate.tags.filter((t) => t.type === 'skill').map((t) => t.tag_name),
      interests: candidate.tags.filter((t) => t.type === 'interest').map((t) => t.tag_name),
      badges: passportOf(state, candidate).badges,
      last_login: candidate.last_login,
      user_status: isLoggedIn(state, candidate) ? candidate.status : 'offline',
      recruiting_status_id: candidate.recruiting_status_id,
      recruiting_statuses: state.recruitingStatuses.map((s) => ({ ...s })),
    };
  },

  updateRecruitingNotes({ params, body, caller, state }) {
    const candidate = state.users.get(params.id);
    if (!candidate) throw notFound('User');
    assertManages(caller, candidate.event_code);
    const key = String(caller.user.id);
    // Spec 02 §5: emptying keeps the previous note.
    if (body.notes.trim() !== '') candidate.recruiting_notes[key] = body.notes;
    return { notes: candidate.recruiting_notes[key] ?? '' };
  },

  getWallet({ caller, state }) {
    return {
      tokens: state.walletTokens
        .filter((t) => t.user_id === caller.user.id)
        .map((t) => ({ token_id: t.token_id, hotspot_label: t.hotspot_label, access_code: t.access_code })),
    };
  },
};
