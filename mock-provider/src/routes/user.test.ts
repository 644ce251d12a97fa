import { describe, expect, it } from 'vitest';
import {
  BACKEND_MESSAGES,
  PROFILE_ERROR_TEXTS,
  RecruitingUserDataSchema,
  UserListSchema,
  UserResponseSchema,
} from '@showfloor/contracts';
import { Raster } from '../files/png.ts';
import { demoHarness, errorOf, multipart } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

const profile = {
  firstname: 'Ada',
  lastname: 'King',
  email: 'ada@demo.test',
  job_title: 'Countess & Mathematician',
  company: 'Analytical Engines Ltd',
  phone_number: '+44 20 7946 0001',
  webpage: 'https://ada.demo.test',
  linkedin: 'linkedin.com/in/ada-king',
};

describe('user service', () => {
  const { h, tokens } = demoHarness({
    ada: 'ada@demo.test',
    grace: 'grace@demo.test',
    erin: 'erin@demo.test',
    root: 'root@demo.test',
  });

  it('reads a profile as data.user and hides users of other events', async () => {
    const r = UserResponseSchema.parse(
      (await h.call('user', 'getUser', { token: tokens.grace, params: { id: 1 } })).body,
    );
    expect(r.data.user).toMatchObject({
      id: 1,
      firstname: 'Ada',
      tags: [
        { tag_name: 'Mathematics', type: 'skill' },
        { tag_name: 'Computing', type: 'interest' },
      ],
    });
    expect((await h.call('user', 'getUser', { token: tokens.grace, params: { id: 6 } })).status).toBe(404);
    expect((await h.call('user', 'getUser', { token: tokens.root, params: { id: 6 } })).status).toBe(200);
  });

  it('updates only the own profile, with the profile field rules server-side', async () => {
    const ok = await h.call('user', 'updateUser', { token: tokens.ada, params: { id: 1 }, body: profile });
    expect(ok.status).toBe(200);
    expect((ok.body as { user: { lastname: string; job_title: string } }).user).toMatchObject({
      lastname: 'King',
      job_title: 'Countess & Mathematician',
    });
    const other = await h.call('user', 'updateUser', { token: tokens.ada, params: { id: 2 }, body: profile });
    expect(other.status).toBe(403);
    expect(errorOf(other).message).toBe('You may change only your own profile.');
    const cases: Array<[Record<string, string>, string]> = [
      [{ firstname: 'Ada<b>' }, PROFILE_ERROR_TEXTS.NAME_FORBIDDEN],
      [{ firstname: '' }, PROFILE_ERROR_TEXTS.NAME_INVALID],
      [{ lastname: 'K!ng' }, PROFILE_ERROR_TEXTS.LASTNAME_FORBIDDEN],
      [{ job_title: 'CEO;' }, PROFILE_ERROR_TEXTS.JOB_TITLE_FORBIDDEN],
      [{ company: 'Acme$' }, PROFILE_ERROR_TEXTS.COMPANY_FORBIDDEN],
      [{ phone_number: '+44 (0)' }, PROFILE_ERROR_TEXTS.PHONE_FORBIDDEN],
      [{ email: 'not-an-email' }, PROFILE_ERROR_TEXTS.EMAIL_INVALID],
      [{ webpage: 'not a page' }, PROFILE_ERROR_TEXTS.WEBPAGE_INVALID],
      [{ linkedin: 'linkedin.com/in/ada?x=1' }, PROFILE_ERROR_TEXTS.LINKEDIN_FORBIDDEN],
      [{ company: 'x'.repeat(101) }, 'Company must be at most 100 characters'],
    ];
    for (const [change, message] of cases) {
      const r = await h.call('user', 'updateUser', {
        token: tokens.ada,
        params: { id: 1 },
        body: { ...profile, ...change },
      });
      expect(r.status, message).toBe(400);
      expect(errorOf(r).message, message).toContain(message);
    }
    const clash = await h.call('user', 'updateUser', {
      token: tokens.ada,
      params: { id: 1 },
      body: { ...profile, email: 'grace@demo.test' },
    });
    expect(errorOf(clash).message).toBe('This e-mail address is used by another user of the event.');
  });

  it('adds and removes only the own skills and interests', async () => {
    const add = await h.call('user', 'createTags', {
      token: tokens.ada,
      body: {
        user_id: 1,
        tags: [
          { tag_name: 'C#', type: 'skill' },
          { tag_name: 'Poetry', type: 'interest' },
        ],
      },
    });
    expect(add.body).toEqual({ message: '2 tags added.' });
    const bad = await h.call('user', 'createTags', {
      token: tokens.ada,
      body: { user_id: 1, tags: [{ tag_name: 'rm -rf /', type: 'skill' }] },
    });
    expect(errorOf(bad).message).toContain(PROFILE_ERROR_TEXTS.SKILL_FORBIDDEN);
    const badInterest = await h.call('user', 'createTags', {
      token: tokens.ada,
      body: { user_id: 1, tags: [{ tag_name: '<3', type: 'interest' }] },
    });
    expect(errorOf(badInterest).message).toContain(PROFILE_ERROR_TEXTS.INTEREST_FORBIDDEN);
    expect(
      (
        await h.call('user', 'createTags', {
          token: tokens.ada,
          body: { user_id: 2, tags: [{ tag_name: 'x', type: 'skill' }] },
        })
      ).status,
    ).toBe(403);
    const del = await h.call('user', 'deleteTag', {
      token: tokens.ada,
      query: { user_id: 1, tag_name: 'C#', type: 'skill' },
    });
    expect(del.status).toBe(200);
    expect(
      (
        await h.call('user', 'deleteTag', {
          token: tokens.ada,
          query: { user_id: 1, tag_name: 'C#', type: 'skill' },
        })
      ).status,
    ).toBe(404);
    expect(h.state.users.get(1)?.tags.map((t) => t.tag_name)).toEqual(['Mathematics', 'Computing', 'Poetry']);
  });

  it('uploads, replaces, serves and removes the own profile picture', async () => {
    const png = new Raster(8, 8, [0, 128, 255]).toPng();
    const body = multipart([{ filename: 'me.png', contentType: 'image/png', data: png }]);
    const up = await h.call('user', 'uploadPicture', {
      token: tokens.ada,
      query: { user_id: 1 },
      payload: body.payload,
      contentType: body.contentType,
    });
    expect(up.status).toBe(200);
    const path = (up.body as { profile_picture: string }).profile_picture;
    expect(path).toMatch(/^pictures\/1-\d+\.png$/);
    const served = await h.call('user', 'getProfilePicture', { token: tokens.grace, query: { path } });
    expect(served.contentType).toBe('image/png');
    expect(served.raw.equals(png)).toBe(true);
    const other = await h.call('user', 'uploadPicture', {
      token: tokens.grace,
      query: { user_id: 1 },
      payload: body.payload,
      contentType: body.contentType,
    });
    expect(other.status).toBe(403);
    const text = multipart([{ filename: 'me.png', contentType: 'image/png', data: Buffer.from('hello') }]);
    const notImage = await h.call('user', 'replacePicture', {
      token: tokens.ada,
      query: { user_id: 1 },
      payload: text.payload,
      contentType: text.contentType,
    });
    expect(errorOf(notImage).message).toBe('The picture must be a PNG, JPEG, GIF or WebP image.');
    const replaced = await h.call('user', 'replacePicture', {
      token: tokens.ada,
      query: { user_id: 1 },
      payload: body.payload,
      contentType: body.contentType,
    });
    const newPath = (replaced.body as { profile_picture: string }).profile_picture;
    expect(newPath).not.toBe(path);
    expect((await h.call('user', 'getProfilePicture', { token: tokens.grace, query: { path } })).status).toBe(
      404,
    );
    expect(
      (await h.call('user', 'getProfilePicture', { token: tokens.grace, query: { path: '../etc/passwd' } }))
        .status,
    ).toBe(400);
    expect((await h.call('user', 'deletePicture', { token: tokens.ada, query: { user_id: 1 } })).status).toBe(
      200,
    );
    expect((await h.call('user', 'deletePicture', { token: tokens.ada, query: { user_id: 1 } })).status).toBe(
      404,
    );
  });

  it('deactivates the own account or, for managers, others; reactivation is for managers', async () => {
    expect((await h.call('user', 'deactivateUser', { token: tokens.ada, body: { user_id: 2 } })).status).toBe(
      403,
    );
    const self = await h.call('user', 'deactivateUser', { token: tokens.ada, body: { user_id: 1 } });
    expect(self.body).toEqual({ message: 'Your account was deleted.' });
    expect((await h.call('event', 'getPassport', { token: tokens.ada })).status).toBe(401);
    const list = UserListSchema.parse(
      (await h.call('user', 'listDeactivatedUsers', { token: tokens.erin })).body,
    );
    expect(list.users.map((u) => u.id)).toEqual([1]);
    expect((await h.call('user', 'listDeactivatedUsers', { token: tokens.grace })).status).toBe(403);
    expect((await h.call('user', 'activateUser', { token: tokens.grace, body: { user_id: 1 } })).status).toBe(
      403,
    );
    expect((await h.call('user', 'activateUser', { token: tokens.erin, body: { user_id: 1 } })).status).toBe(
      200,
    );
    expect(
      (await h.call('user', 'activateUser', { token: tokens.erin, body: { user_id: 999 } })).status,
    ).toBe(404);
    expect(
      (await h.call('user', 'deactivateUser', { token: tokens.erin, body: { user_id: 6 } })).status,
    ).toBe(403);
  });

  it('lists users of the event, logged in, in a room and matching, with search', async () => {
    const all = UserListSchema.parse((await h.call('user', 'listUsers', { token: tokens.ada })).body);
    expect(all.users.map((u) => u.id)).toEqual([1, 2, 3, 4, 5]);
    const search = UserListSchema.parse(
      (await h.call('user', 'listUsers', { token: tokens.ada, query: { search: 'hop' } })).body,
    );
    expect(search.users.map((u) => u.firstname)).toEqual(['Grace']);
    const exhibitors = UserListSchema.parse(
      (await h.call('user', 'listUsers', { token: tokens.ada, query: { role: 'exhibitor' } })).body,
    );
    expect(exhibitors.users.map((u) => u.id)).toEqual([3]);
    expect(
      (await h.call('user', 'listUsers', { token: tokens.ada, query: { event_code: 'VIP' } })).status,
    ).toBe(403);
    const logged = UserListSchema.parse(
      (
        await h.call('user', 'getLoggedUsers', {
          token: tokens.ada,
          query: { event_code: 'DEMO', role: 'visitor' },
        })
      ).body,
    );
    expect(logged.users.map((u) => u.id)).toEqual([1, 2]);
    expect(
      (await h.call('user', 'getLoggedUsers', { token: tokens.ada, query: { event_code: 'DEMO', limit: 0 } }))
        .status,
    ).toBe(400);
    const lobby = UserListSchema.parse(
      (await h.call('user', 'getRoomUsers', { token: tokens.ada, params: { id: 1 } })).body,
    );
    expect(lobby.users.map((u) => u.id)).toEqual([1, 2]);
    expect((await h.call('user', 'getRoomUsers', { token: tokens.ada, params: { id: 404 } })).status).toBe(
      404,
    );
    const matching = UserListSchema.parse(
      (await h.call('user', 'getMatchingUsers', { token: tokens.ada, params: { roomId: 1, userId: 1 } }))
        .body,
    );
    expect(matching.users.map((u) => u.id)).toEqual([2]);
    expect(
      (await h.call('user', 'getMatchingUsers', { token: tokens.ada, params: { roomId: 1, userId: 6 } }))
        .status,
    ).toBe(404);
    const event = UserListSchema.parse(
      (await h.call('user', 'getEventUsers', { token: tokens.ada, params: { id: 'DEMO' } })).body,
    );
    expect(event.users).toHaveLength(5);
    expect((await h.call('user', 'getEventUsers', { token: tokens.ada, params: { id: 3 } })).status).toBe(
      403,
    );
  });

  it('answers summaries by id', async () => {
    const one = await h.call('user', 'getSummary', { token: tokens.ada, params: { id: 3 } });
    expect(one.body).toMatchObject({ id: 3, firstname: 'Linus', company: 'Kernel Booth GmbH' });
    expect((await h.call('user', 'getSummary', { token: tokens.ada, params: { id: 0 } })).status).toBe(400);
    const many = UserListSchema.parse(
      (await h.call('user', 'getSummaries', { token: tokens.ada, body: { ids: [2, 3, 6, 999] } })).body,
    );
    expect(many.users.map((u) => u.id)).toEqual([2, 3]);
    expect((await h.call('user', 'getSummaries', { token: tokens.ada, body: { ids: [] } })).status).toBe(400);
  });

  it('records the tutorial visit as last login', async () => {
    const r = await h.call('user', 'updateTutorial', { token: tokens.ada, body: { user_id: 1 } });
    expect(r.body).toEqual({ message: 'Tutorial recorded.', last_login: h.now });
    expect((await h.call('user', 'updateTutorial', { token: tokens.ada, body: { user_id: 2 } })).status).toBe(
      403,
    );
  });

  it('takes user reports, stores an empty summary as absent, and lets managers accept or reject them', async () => {
    const r = await h.call('user', 'reportUser', {
      token: tokens.ada,
      body: { reportedId: 3, reporterId: 1 },
    });
    expect(r.status).toBe(200);
    const withSummary = await h.call('user', 'reportUser', {
      token: tokens.grace,
      body: { reportedId: 3, reporterId: 2, summary: 'Rude in chat' },
    });
    expect(withSummary.status).toBe(200);
    expect(
      (await h.call('user', 'reportUser', { token: tokens.ada, body: { reportedId: 3, reporterId: 2 } }))
        .status,
    ).toBe(403);
    expect(
      (await h.call('user', 'reportUser', { token: tokens.ada, body: { reportedId: 1, reporterId: 1 } }))
        .status,
    ).toBe(400);
    // Reported from a chat: the conversation is kept, and both must take part in it.
    const fromChat = await h.call('user', 'reportUser', {
      token: tokens.ada,
      body: { reportedId: 2, reporterId: 1, conversation_id: 'conv-1' },
    });
    expect(fromChat.status).toBe(200);
    const notTheirs = await h.call('user', 'reportUser', {
      token: tokens.ada,
      body: { reportedId: 3, reporterId: 1, conversation_id: 'conv-1' },
    });
    expect(notTheirs.status).toBe(404);
    const list = (await h.call('user', 'listReportedUsers', { token: tokens.erin })).body as {
      reports: Array<Record<string, unknown>>;
    };
    expect(list.reports).toHaveLength(4);
    expect(list.reports.find((x) => x.conversation_id === 'conv-1')).toMatchObject({
      reported_user_id: 2,
      reported_by_user_id: 1,
    });
    const adas = list.reports.find((x) => x.reported_by_user_id === 1);
    expect(adas).toBeDefined();
    expect(adas && 'summary' in adas).toBe(false);
    expect(list.reports.find((x) => x.reported_by_user_id === 2)?.summary).toBe('Rude in chat');
    expect((await h.call('user', 'listReportedUsers', { token: tokens.ada })).status).toBe(403);
    const accepted = await h.call('user', 'decideReport', {
      token: tokens.erin,
      params: { id: 1 },
      body: { action: 'accept', validationNotes: 'Warned.' },
    });
    expect(accepted.body).toMatchObject({ id: 1, status: 'accepted', validationNotes: 'Warned.' });
    const rejected = await h.call('user', 'decideReport', {
      token: tokens.erin,
      params: { id: Number(adas?.id) },
      body: { action: 'reject' },
    });
    expect(rejected.body).toMatchObject({ status: 'rejected' });
    expect(
      (
        await h.call('user', 'decideReport', {
          token: tokens.erin,
          params: { id: 1 },
          body: { action: 'reject' },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call('user', 'decideReport', {
          token: tokens.erin,
          params: { id: 99 },
          body: { action: 'reject' },
        })
      ).status,
    ).toBe(404);
  });

  it('imports users from CSV, reporting bad rows by line and keeping the good ones', async () => {
    const csv = [
      'email,firstname,lastname,company,role',
      'alan@demo.test,Alan,Turing,Bletchley,visitor',
      'not-an-email,Bad,Row,X,visitor',
      'ada@demo.test,Ada,Again,X,visitor',
      '"barbara@demo.test","Barbara","Liskov","MIT, CSAIL",exhibitor',
      'x@demo.test,too,few',
      'alan@demo.test,Alan,Twice,X,visitor',
      'eve@demo.test,Eve,Root,X,wizard',
      '',
    ].join('\n');
    const upload = multipart([{ filename: 'users.csv', contentType: 'text/csv', data: Buffer.from(csv) }]);
    const r = await h.call('user', 'importUsers', {
      token: tokens.erin,
      query: { event_code: 'DEMO' },
      payload: upload.payload,
      contentType: upload.contentType,
    });
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      message: 'Imported 2 user(s), skipped 5.',
      imported: 2,
      skipped: [
        { line: 3, reason: 'invalid e-mail address "not-an-email"' },
        { line: 4, reason: 'ada@demo.test is already registered' },
        { line: 6, reason: 'expected 5 fields, found 3' },
        { line: 7, reason: 'alan@demo.test is already registered' },
        { line: 8, reason: 'unknown role "wizard"' },
      ],
    });
    const barbara = h.state.userByEmail('DEMO', 'barbara@demo.test');
    expect(barbara).toMatchObject({ company: 'MIT, CSAIL', roles: [{ role: 'exhibitor' }] });
    const noHeader = multipart([
      { filename: 'users.csv', contentType: 'text/csv', data: Buffer.from('a,b\n1,2\n') },
    ]);
    const bad = await h.call('user', 'importUsers', {
      token: tokens.erin,
      query: { event_code: 'DEMO' },
      payload: noHeader.payload,
      contentType: noHeader.contentType,
    });
    expect(errorOf(bad).message).toBe('The CSV file needs a header row with an email column.');
    const visitor = await h.call('user', 'importUsers', {
      token: tokens.ada,
      query: { event_code: 'DEMO' },
      payload: upload.payload,
      contentType: upload.contentType,
    });
    expect(visitor.status).toBe(403);
    const exported = await h.call('user', 'exportUsers', {
      token: tokens.erin,
      query: { event_code: 'DEMO' },
    });
    const lines = String(exported.body).trim().split('\r\n');
    expect(lines[0]).toBe('id,email,firstname,lastname,company,job_title,role,active,last_login');
    expect(lines).toHaveLength(8);
    expect(lines.some((l) => l.includes('"MIT, CSAIL"'))).toBe(true);
    expect(
      (await h.call('user', 'exportUsers', { token: tokens.erin, query: { event_code: 'VIP' } })).status,
    ).toBe(403);
  });

  it('sets the recruiting status per candidate and answers the dashboard data', async () => {
    const set = await h.call('user', 'setRecruitingStatus', {
      token: tokens.erin,
      body: { user_id: 2, status_id: 3, event_code: 'DEMO' },
    });
    expect(set.body).toEqual({ message: 'Recruiting status set to Interview.' });
    const grace2 = RecruitingUserDataSchema.parse(
      (await h.call('user', 'getRecruitingUserData', { token: tokens.erin, params: { id: 2 } })).body,
    );
    expect(grace2).toMatchObject({
      firstname: 'Grace',
      recruiting_status_id: 3,
      skills: ['COBOL'],
      interests: ['Computing'],
      user_status: 'available',
    });
    const adaData = RecruitingUserDataSchema.parse(
      (await h.call('user', 'getRecruitingUserData', { token: tokens.erin, params: { id: 1 } })).body,
    );
    expect(adaData.recruiting_status_id).toBe(2);
    expect(adaData.recruiting_statuses.map((s) => s.name)).toEqual([
      'New',
      'Contacted',
      'Interview',
      'Offer',
      'Not a fit',
    ]);
    expect(adaData.badges.filter((b) => b.badge_complete)).toHaveLength(2);
    expect(
      (
        await h.call('user', 'setRecruitingStatus', {
          token: tokens.erin,
          body: { user_id: 2, status_id: 99, event_code: 'DEMO' },
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await h.call('user', 'setRecruitingStatus', {
          token: tokens.grace,
          body: { user_id: 2, status_id: 1, event_code: 'DEMO' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await h.call('user', 'getRecruitingUserData', { token: tokens.ada, params: { id: 2 } })).status,
    ).toBe(403);
  });

  it('keeps the recruiting calls to event-admins in mode Recruiting, not admins or visitors', async () => {
    const status = { user_id: 1, status_id: 3, event_code: 'DEMO' };
    for (const token of [tokens.root, tokens.ada]) {
      const refusals = [
        await h.call('user', 'setRecruitingStatus', { token, body: status }),
        await h.call('user', 'getRecruitingUserData', { token, params: { id: 1 } }),
        await h.call('user', 'updateRecruitingNotes', { token, params: { id: 1 }, body: { notes: 'x' } }),
      ];
      for (const r of refusals) {
        expect(r.status).toBe(403);
        expect(errorOf(r).message).toBe(BACKEND_MESSAGES.FORBIDDEN);
      }
    }
    expect(h.state.users.get(1)?.recruiting_status_id).toBe(2);
  });

  it("saves each recruiter's own notes on a candidate; empty keeps the previous note", async () => {
    const notes = (body: { notes: string }, id = 1) =>
      h.call('user', 'updateRecruitingNotes', { token: tokens.erin, params: { id }, body });
    const dashboard = async () =>
      RecruitingUserDataSchema.parse(
        (await h.call('user', 'getRecruitingUserData', { token: tokens.erin, params: { id: 1 } })).body,
      );
    expect((await dashboard()).notes).toBeNull();
    expect((await notes({ notes: 'Strong on algorithms; invite to the panel.' })).body).toEqual({
      notes: 'Strong on algorithms; invite to the panel.',
    });
    expect((await notes({ notes: '  ' })).body).toEqual({
      notes: 'Strong on algorithms; invite to the panel.',
    });
    expect((await dashboard()).notes).toBe('Strong on algorithms; invite to the panel.');
    const tooLong = await notes({ notes: 'x'.repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect((await notes({ notes: 'x' }, 6)).status).toBe(403);
    expect((await notes({ notes: 'x' }, 999)).status).toBe(404);
  });

  it("answers the caller's wallet tokens", async () => {
    const r = await h.call('user', 'getWallet', { token: tokens.ada });
    expect(r.body).toEqual({
      tokens: [
        { token_id: 'tok-1001', hotspot_label: 'Kernel Booth', access_code: 'BOOTH-A-7731' },
        { token_id: 'tok-1002', hotspot_label: 'Talk Stage', access_code: 'STAGE-4410' },
      ],
    });
    expect((await h.call('user', 'getWallet', { token: 'x' })).status).toBe(401);
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('user')).toEqual([]);
  });
});
