import { describe, expect, it } from 'vitest';
import {
  BACKEND_MESSAGES,
  CONTENT_EMAIL_LIMIT,
  PassportSchema,
  PreferenceListSchema,
  formatMessage,
} from '@showfloor/contracts';
import { demoHarness, errorOf } from '../../test/harness.ts';
import { checkRecordings } from '../../test/openapi-check.ts';

describe('event service', () => {
  const { h, tokens } = demoHarness({
    ada: 'ada@demo.test',
    linus: 'linus@demo.test',
    erin: 'erin@demo.test',
    root: 'root@demo.test',
  });

  it('creates events for admins only, deriving a unique code', async () => {
    const body = { name: 'Spring Fair', mode: 'expo', description: 'Flowers.' };
    const r = await h.call('event', 'createEvent', { token: tokens.root, body });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ event_code: 'SPRING-FAIR', name: 'Spring Fair' });
    const again = await h.call('event', 'createEvent', { token: tokens.root, body });
    expect((again.body as { event_code: string }).event_code).toBe('SPRING-FAIR-2');
    const taken = await h.call('event', 'createEvent', {
      token: tokens.root,
      body: { ...body, event_code: 'DEMO' },
    });
    expect(taken.status).toBe(409);
    const eventAdmin = await h.call('event', 'createEvent', { token: tokens.erin, body });
    expect(eventAdmin.status).toBe(403);
    const visitor = await h.call('event', 'createEvent', { token: tokens.ada, body });
    expect(errorOf(visitor).message).toBe(BACKEND_MESSAGES.FORBIDDEN);
  });

  it('updates only the given event fields and nothing when none is given', async () => {
    const before = (await h.call('event', 'listEvents', { token: tokens.erin })).body as {
      events: Array<Record<string, unknown>>;
    };
    expect(before.events.map((e) => e.event_code)).toEqual(['DEMO']);
    const r = await h.call('event', 'updateEvent', {
      token: tokens.erin,
      params: { id: 'DEMO' },
      body: { mode: 'hybrid' },
    });
    expect(r.body).toEqual({ ...before.events[0], mode: 'hybrid' });
    const none = await h.call('event', 'updateEvent', { token: tokens.erin, params: { id: 1 }, body: {} });
    expect(none.body).toEqual({ ...before.events[0], mode: 'hybrid' });
    const other = await h.call('event', 'updateEvent', {
      token: tokens.erin,
      params: { id: 'VIP' },
      body: { name: 'Mine now' },
    });
    expect(other.status).toBe(403);
    const missing = await h.call('event', 'updateEvent', {
      token: tokens.root,
      params: { id: 'NOPE' },
      body: { name: 'x' },
    });
    expect(missing.status).toBe(404);
    const all = (await h.call('event', 'listEvents', { token: tokens.root })).body as { events: unknown[] };
    expect(all.events).toHaveLength(3);
    expect((await h.call('event', 'listEvents', { token: tokens.ada })).status).toBe(403);
  });

  it('replaces open hours and the login preference follows them', async () => {
    const windows = [{ from_timestamp: h.now + 1000, to_timestamp: h.now + 2000 }];
    const r = await h.call('event', 'setOpenHours', {
      token: tokens.erin,
      params: { id: 'DEMO' },
      body: { event_open_hours: windows },
    });
    expect(r.body).toEqual({ event_open_hours: windows });
    const read = await h.call('event', 'getOpenHours', { params: { id: 1 } });
    expect(read.body).toEqual({ event_open_hours: windows });
    const pref = PreferenceListSchema.parse(
      (
        await h.call('event', 'getPreferences', {
          query: { type: 'specific', name: 'login', event_code: 'DEMO' },
        })
      ).body,
    );
    expect(pref).toEqual([{ name: 'login', value: { event_open_hours: windows } }]);
    const closed = await h.call('auth', 'signin', {
      body: { email: 'grace@demo.test', password: 'Showfloor2026', event_code: 'DEMO', frontend: 'visitor' },
    });
    expect(errorOf(closed).message).toBe(BACKEND_MESSAGES.EVENT_CLOSED);
    const backwards = await h.call('event', 'setOpenHours', {
      token: tokens.erin,
      params: { id: 'DEMO' },
      body: { event_open_hours: [{ from_timestamp: 5, to_timestamp: 1 }] },
    });
    expect(errorOf(backwards).message).toContain('from_timestamp must be before to_timestamp');
    expect((await h.call('event', 'getOpenHours', { params: { id: 'NOPE' } })).status).toBe(404);
  });

  it('names an event to anyone, by code or id, and says when there is no such event', async () => {
    const byCode = await h.call('event', 'getEvent', { params: { id: 'DEMO' } });
    expect(byCode.status).toBe(200);
    expect(byCode.body).toMatchObject({ event_code: 'DEMO', name: 'Showfloor Demo Expo' });
    const byId = await h.call('event', 'getEvent', { params: { id: (byCode.body as { id: number }).id } });
    expect(byId.body).toEqual(byCode.body);
    const unknown = await h.call('event', 'getEvent', { params: { id: 'NOPE' } });
    expect(unknown.status).toBe(404);
    expect(errorOf(unknown).message).toBe(BACKEND_MESSAGES.EVENT_UNKNOWN);
  });

  it('answers FAQs for the login page, the event and one by id', async () => {
    const login = await h.call('event', 'loginFaqs', { query: { frontend: 'visitor', event_code: 'DEMO' } });
    const faqs = (login.body as { faqs: Array<{ id: number; faq_order: number }> }).faqs;
    expect(faqs.map((f) => f.faq_order)).toEqual([1, 2, 3]);
    expect(
      (await h.call('event', 'loginFaqs', { query: { frontend: 'visitor', event_code: 'NOPE' } })).status,
    ).toBe(404);
    const event = await h.call('event', 'getEventFaqs', {
      token: tokens.ada,
      params: { id: 'DEMO' },
      query: { csv: false, frontend: 'visitor' },
    });
    expect(event.body).toEqual(login.body);
    expect((await h.call('event', 'getEventFaqs', { token: tokens.ada, params: { id: 'VIP' } })).status).toBe(
      403,
    );
    const one = await h.call('event', 'getFaq', { token: tokens.ada, params: { id: 3 } });
    expect(one.body).toMatchObject({ question: 'How long are private chats kept?' });
    expect((await h.call('event', 'getFaq', { token: tokens.ada, params: { id: 99 } })).status).toBe(404);
  });

  it('takes help desk questions with the form rules', async () => {
    const ok = await h.call('event', 'contactHelpDesk', {
      token: tokens.ada,
      body: { phoneNumber: '+49 30 1234567', email: 'ada@demo.test', message: 'I cannot hear the keynote.' },
    });
    expect(ok.status).toBe(200);
    expect(h.state.helpRequests).toEqual([
      expect.objectContaining({
        user_id: 1,
        phoneNumber: '+49 30 1234567',
        email: 'ada@demo.test',
        message: 'I cannot hear the keynote.',
      }),
    ]);
    const short = await h.call('event', 'contactHelpDesk', {
      token: tokens.ada,
      body: { phoneNumber: '+49 30 1234567', email: 'ada@demo.test', message: 'Help' },
    });
    expect(errorOf(short).message).toContain(
      '*Please explain your problems or question to us in more detail.',
    );
  });

  it('reads preferences: all, specific, by category and with room overrides', async () => {
    const all = PreferenceListSchema.parse(
      (await h.call('event', 'getPreferences', { query: { type: 'all', event_code: 'DEMO' } })).body,
    );
    const value = (name: string) => all.find((p) => p.name === name)?.value;
    for (const flag of [
      'room_chat',
      'private_chat',
      'business_cards',
      'calls',
      'mini_map',
      'passport_badges',
      'enable_token_wallet',
      'achievement_store',
      'exit_survey',
    ])
      expect(value(flag), flag).toBe('yes');
    expect(value('exit_survey_url')).toMatch(/^https:\/\//);
    const specific = (
      await h.call('event', 'getPreferences', {
        query: { type: 'specific', name: 'room_chat,calls', event_code: 'DEMO', room: 2 },
      })
    ).body;
    expect(specific).toEqual([
      { name: 'room_chat', value: 'no' },
      { name: 'calls', value: 'yes' },
    ]);
    const noName = await h.call('event', 'getPreferences', {
      query: { type: 'specific', event_code: 'DEMO' },
    });
    expect(errorOf(noName).message).toBe('name is required when type is specific.');
    expect(
      (await h.call('event', 'getPreferences', { query: { type: 'all', event_code: 'NOPE' } })).status,
    ).toBe(404);
  });

  it("posts a user's own preference, and event preferences only for managers", async () => {
    const own = await h.call('event', 'createPreference', {
      token: tokens.ada,
      body: { name: 'exit_survey', value: 'no', user_id: 1, event_code: 'DEMO' },
    });
    expect(own.status).toBe(200);
    expect(own.body).toMatchObject({ name: 'exit_survey', value: 'no', user_id: 1, event_code: 'DEMO' });
    const avatar = await h.call('event', 'createPreference', {
      token: tokens.ada,
      body: { name: 'user_selected_avatar', value: '4', user_id: 1, event_code: 'DEMO' },
    });
    expect(avatar.status).toBe(200);
    expect(h.state.users.get(1)?.avatar_id).toBe(4);
    const eventValue = (
      await h.call('event', 'getPreferences', {
        query: { type: 'specific', name: 'exit_survey', event_code: 'DEMO' },
      })
    ).body;
    expect(eventValue).toEqual([{ name: 'exit_survey', value: 'yes' }]);
    const forOther = await h.call('event', 'createPreference', {
      token: tokens.ada,
      body: { name: 'exit_survey', value: 'no', user_id: 2, event_code: 'DEMO' },
    });
    expect(forOther.status).toBe(403);
    const eventLevel = await h.call('event', 'createPreference', {
      token: tokens.ada,
      body: { name: 'calls', value: 'no', event_code: 'DEMO' },
    });
    expect(eventLevel.status).toBe(403);
    const byAdmin = await h.call('event', 'createPreference', {
      token: tokens.erin,
      body: { name: 'calls', value: 'no', event_code: 'DEMO', category: 'features' },
    });
    expect(byAdmin.status).toBe(200);
    const badValue = await h.call('event', 'createPreference', {
      token: tokens.erin,
      body: { name: 'calls', value: 'maybe', event_code: 'DEMO' },
    });
    expect(errorOf(badValue).message).toContain('calls: Value must be yes, no or auto');
    const id = (byAdmin.body as { id: number }).id;
    const patched = await h.call('event', 'updatePreference', {
      token: tokens.erin,
      params: { id },
      body: { value: 'auto' },
    });
    expect(patched.body).toMatchObject({ id, value: 'auto', category: 'features' });
    const patchBad = await h.call('event', 'updatePreference', {
      token: tokens.erin,
      params: { id },
      body: { value: 'sometimes' },
    });
    expect(patchBad.status).toBe(400);
    const deleted = await h.call('event', 'deletePreference', { token: tokens.erin, params: { id } });
    expect(deleted.status).toBe(200);
    expect((await h.call('event', 'deletePreference', { token: tokens.erin, params: { id } })).status).toBe(
      404,
    );
  });

  it('creates, updates and deletes bots', async () => {
    const created = await h.call('event', 'createBot', {
      token: tokens.erin,
      body: { name: 'faqbot', event_code: 'DEMO', greeting: 'Ask me.' },
    });
    expect(created.body).toMatchObject({ name: 'faqbot', active: true, description: '' });
    const dup = await h.call('event', 'createBot', {
      token: tokens.erin,
      body: { name: 'helpbot', event_code: 'DEMO' },
    });
    expect(dup.status).toBe(409);
    const id = (created.body as { id: number }).id;
    const updated = await h.call('event', 'updateBot', { token: tokens.erin, body: { id, active: false } });
    expect(updated.body).toMatchObject({ id, active: false });
    const nothing = await h.call('event', 'updateBot', { token: tokens.erin, body: { id } });
    expect(errorOf(nothing).message).toBe('one field must be specified');
    const deleted = await h.call('event', 'deleteBot', { token: tokens.erin, query: { id } });
    expect(deleted.status).toBe(200);
    expect((await h.call('event', 'deleteBot', { token: tokens.erin, query: { id } })).status).toBe(404);
    expect(
      (await h.call('event', 'createBot', { token: tokens.ada, body: { name: 'x', event_code: 'DEMO' } }))
        .status,
    ).toBe(403);
  });

  it("sends a content item's own e-mail to the signed-in user, and nothing else", async () => {
    const ok = await h.call('event', 'sendEmail', {
      token: tokens.ada,
      // Recipient, subject and body from the client are not part of the call: they are ignored.
      body: { room_id: 4, content_id: 4, to: 'eve@evil.test', subject: 'Win', body: 'Click here' },
    });
    expect(ok.status).toBe(200);
    expect(h.state.emails).toEqual([
      expect.objectContaining({
        user_id: 1,
        to: 'ada@demo.test',
        subject: 'More about Kernel Booth',
        body: 'Please send me more information about your products.',
        content_id: 4,
      }),
    ]);
    // An item without onClickSendEmail, an item of another room, a room the caller may not enter.
    const noEmail = await h.call('event', 'sendEmail', {
      token: tokens.ada,
      body: { room_id: 1, content_id: 1 },
    });
    expect(noEmail.status).toBe(404);
    const otherRoom = await h.call('event', 'sendEmail', {
      token: tokens.ada,
      body: { room_id: 1, content_id: 4 },
    });
    expect(otherRoom.status).toBe(404);
    const restricted = await h.call('event', 'sendEmail', {
      token: tokens.ada,
      body: { room_id: 5, content_id: 4 },
    });
    expect(restricted.status).toBe(403);
    expect(h.state.emails).toHaveLength(1);
    const bad = await h.call('event', 'sendEmail', { token: tokens.ada, body: { room_id: 4 } });
    expect(bad.status).toBe(400);
  });

  it('sends at most CONTENT_EMAIL_LIMIT content e-mails per user per window', async () => {
    const send = () =>
      h.call('event', 'sendEmail', { token: tokens.ada, body: { room_id: 4, content_id: 4 } });
    for (let n = 0; n < CONTENT_EMAIL_LIMIT.perWindow; n += 1) expect((await send()).status).toBe(200);
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(errorOf(refused).message).toBe(BACKEND_MESSAGES.EMAILS_RATE_LIMITED);
    // Another user has a window of their own; the first user's opens again once it has passed.
    expect(
      (await h.call('event', 'sendEmail', { token: tokens.linus, body: { room_id: 4, content_id: 4 } }))
        .status,
    ).toBe(200);
    h.now += CONTENT_EMAIL_LIMIT.windowMs + 1;
    expect((await send()).status).toBe(200);
    expect(h.state.emails).toHaveLength(CONTENT_EMAIL_LIMIT.perWindow + 2);
  });

  it('answers the passport with four badges, two complete, and the coin balance', async () => {
    const r = PassportSchema.parse((await h.call('event', 'getPassport', { token: tokens.ada })).body);
    expect(r.badges).toHaveLength(4);
    expect(r.badges.filter((b) => b.badge_complete)).toHaveLength(2);
    expect(r.coin_balance).toBe(80);
    expect(r.passport_claimed).toBe(false);
    expect((await h.call('event', 'getPassport')).status).toBe(401);
  });

  it('claims the passport only when every badge is complete', async () => {
    const refused = await h.call('event', 'claimPassport', { token: tokens.ada });
    expect(refused.status).toBe(400);
    expect(errorOf(refused).message).toBe('Complete every badge before claiming the passport.');
    const claimed = await h.call('event', 'claimPassport', { token: tokens.linus });
    expect(claimed.body).toEqual({ passport_claimed: true, message: 'Passport claimed. Congratulations!' });
    expect(
      PassportSchema.parse((await h.call('event', 'getPassport', { token: tokens.linus })).body)
        .passport_claimed,
    ).toBe(true);
  });

  it('sells store items for coins or answers the insufficient-balance message', async () => {
    const items = (await h.call('event', 'getStoreItems', { token: tokens.ada })).body as {
      items: Array<{ id: number; name: string; coin_price: number; filename: string }>;
    };
    expect(items.items.map((i) => [i.name, i.coin_price])).toEqual([
      ['Showfloor Mug', 60],
      ['Sticker Pack', 20],
      ['Showfloor Hoodie', 150],
    ]);
    expect((await h.call('event', 'getStoreItems')).status).toBe(401);
    const hoodie = await h.call('event', 'purchase', {
      token: tokens.ada,
      body: { item_id: 3, coin_price: 150 },
    });
    expect(hoodie.status).toBe(400);
    expect(errorOf(hoodie).message).toBe(
      formatMessage(BACKEND_MESSAGES.INSUFFICIENT_BALANCE, { item: 'Showfloor Hoodie' }),
    );
    expect(errorOf(hoodie).message).toBe(
      'Insufficient balance to buy Showfloor Hoodie. Please collect achievements to get more coins.',
    );
    const mug = await h.call('event', 'purchase', {
      token: tokens.ada,
      body: { item_id: 1, coin_price: 60 },
    });
    expect(mug.body).toEqual({ message: 'You bought Showfloor Mug.', coin_balance: 20 });
    const stickers = await h.call('event', 'purchase', {
      token: tokens.ada,
      body: { item_id: 2, coin_price: 20 },
    });
    expect((stickers.body as { coin_balance: number }).coin_balance).toBe(0);
    const broke = await h.call('event', 'purchase', {
      token: tokens.ada,
      body: { item_id: 2, coin_price: 20 },
    });
    expect(errorOf(broke).message).toBe(
      'Insufficient balance to buy Sticker Pack. Please collect achievements to get more coins.',
    );
    const wrongPrice = await h.call('event', 'purchase', {
      token: tokens.ada,
      body: { item_id: 1, coin_price: 1 },
    });
    expect(wrongPrice.status).toBe(400);
    const missing = await h.call('event', 'purchase', {
      token: tokens.ada,
      body: { item_id: 99, coin_price: 1 },
    });
    expect(missing.status).toBe(404);
  });

  it('records an achievement: completes the badge that asks for it and credits its coins once', async () => {
    const record = (body: Record<string, unknown>, token = tokens.ada) =>
      h.call('event', 'recordAchievement', { token, body });
    const first = await record({ achievement_attribute: 'visit_booth_a', room_id: 4, content_id: 3 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      badge: { id: 3, title: 'Explorer', badge_complete: true, coin_value: 20 },
      coins_credited: 20,
      coin_balance: 100,
    });
    // The same achievement again, or another attribute of the same badge, credits nothing.
    for (const attribute of ['visit_booth_a', 'explore_hall']) {
      const again = await record({ achievement_attribute: attribute, room_id: 4 });
      expect(again.body).toEqual({ badge: null, coins_credited: 0, coin_balance: 100 });
    }
    // An attribute no badge asks for completes nothing.
    const unknown = await record({ achievement_attribute: 'dance_on_stage', room_id: 0 });
    expect(unknown.body).toEqual({ badge: null, coins_credited: 0, coin_balance: 100 });
    const passport = PassportSchema.parse((await h.call('event', 'getPassport', { token: tokens.ada })).body);
    expect(passport.badges.filter((b) => b.badge_complete).map((b) => b.id)).toEqual([1, 2, 3]);
    expect(passport.coin_balance).toBe(100);
    // A badge without coins completes with 0 coins credited.
    const listener = await record({ achievement_attribute: 'watch_keynote', room_id: 3 });
    expect(listener.body).toMatchObject({ badge: { id: 4, coin_value: null }, coins_credited: 0 });
  });

  it('credits a repeated achievement once even when the records arrive at once', async () => {
    const body = { achievement_attribute: 'explore_hall', room_id: 4 };
    const answers = await Promise.all(
      [1, 2, 3].map(() => h.call('event', 'recordAchievement', { token: tokens.ada, body })),
    );
    expect(answers.map((a) => (a.body as { coins_credited: number }).coins_credited).sort()).toEqual([
      0, 0, 20,
    ]);
    expect(h.state.users.get(1)?.completed_badges).toEqual([1, 2, 3]);
  });

  it("refuses an achievement in another event's room or without a token", async () => {
    const foreign = await h.call('event', 'recordAchievement', {
      token: tokens.ada,
      body: { achievement_attribute: 'visit_booth_a', room_id: 7 },
    });
    expect(foreign.status).toBe(404);
    const bad = await h.call('event', 'recordAchievement', {
      token: tokens.ada,
      body: { achievement_attribute: '', room_id: 4 },
    });
    expect(bad.status).toBe(400);
    const anonymous = await h.call('event', 'recordAchievement', {
      body: { achievement_attribute: 'visit_booth_a', room_id: 4 },
    });
    expect(anonymous.status).toBe(401);
    expect(h.state.users.get(1)?.completed_badges).toEqual([1, 2]);
  });

  it('sells once when two purchases for the same coins arrive at once; the balance never goes below 0', async () => {
    // ada has 80 coins: one mug (60) fits, two do not.
    const body = { item_id: 1, coin_price: 60 };
    const answers = await Promise.all(
      [1, 2].map(() => h.call('event', 'purchase', { token: tokens.ada, body })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400]);
    const refused = answers.find((a) => a.status === 400);
    expect(refused && errorOf(refused).message).toBe(
      'Insufficient balance to buy Showfloor Mug. Please collect achievements to get more coins.',
    );
    expect(h.state.purchases.filter((p) => p.user_id === 1)).toHaveLength(1);
    const passport = PassportSchema.parse((await h.call('event', 'getPassport', { token: tokens.ada })).body);
    expect(passport.coin_balance).toBe(20);
  });

  it('answers every call as the OpenAPI document describes and covers each call both ways', async () => {
    expect(await checkRecordings(h.recordings)).toEqual([]);
    expect(h.uncovered('event')).toEqual([]);
  });
});
