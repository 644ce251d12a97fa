/**
 * The event service: events and open hours, FAQs, help desk, preferences (event-level for managers, a user's
 * own for the user), bots, content e-mails, passport and the goodies store.
 */
import {
  BACKEND_MESSAGES,
  CONTENT_EMAIL_LIMIT,
  PREFERENCE_VALUE_SCHEMAS,
  describeIssues,
  formatMessage,
  type eventCalls,
  type Event,
  type PreferenceName,
} from '@showfloor/contracts';
import { badRequest, conflict, forbidden, notFound, ProviderHttpError } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { BotRecord, Caller, EventRecord, PreferenceRecord } from '../store/types.ts';
import {
  assertManages,
  assertSameEvent,
  isAdmin,
  passportOf,
  requireEnterableRoom,
  requireEvent,
} from './shared.ts';
import type { HandlerTable } from './types.ts';

const toEvent = (event: EventRecord): Event => ({
  id: event.id,
  event_code: event.code,
  name: event.name,
  mode: event.mode,
  description: event.description,
});

const toPreferenceRecord = (pref: PreferenceRecord) => ({
  id: pref.id,
  name: pref.name,
  value: pref.value,
  event_code: pref.event_code,
  ...(pref.category !== null ? { category: pref.category } : {}),
  ...(pref.user_id !== null ? { user_id: pref.user_id } : {}),
});

const toBot = (bot: BotRecord) => ({
  id: bot.id,
  name: bot.name,
  event_code: bot.event_code,
  description: bot.description,
  greeting: bot.greeting,
  active: bot.active,
});

/** An event code derived from a name: letters and digits, upper case, unique. */
function deriveCode(state: ProviderState, name: string): string {
  const base = (
    name
      .toUpperCase()
      .replace(/[^A-Z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'EVENT'
  ).slice(0, 40);
  let code = base;
  for (let n = 2; state.eventByCode(code); n += 1) code = `${base}-${n}`;
  return code;
}

function setOpenHours(state: ProviderState, eventCode: string, value: PreferenceRecord['value']): void {
  const existing = state.preference(eventCode, 'login');
  if (existing) existing.value = value;
  else {
    const id = state.nextId('preferences');
    state.preferences.set(id, {
      id,
      event_code: eventCode,
      name: 'login',
      value,
      category: null,
      user_id: null,
      room_id: null,
    });
  }
}

function requireBotOf(state: ProviderState, caller: Caller, id: number): BotRecord {
  const bot = state.bots.get(id);
  if (!bot) throw notFound('Bot');
  assertManages(caller, bot.event_code);
  return bot;
}

function faqsOf(state: ProviderState, eventCode: string) {
  return {
    faqs: [...state.faqs.values()]
      .filter((f) => f.event_code === eventCode)
      .sort((a, b) => a.faq_order - b.faq_order)
      .map(({ event_code: _e, ...faq }) => faq),
  };
}

export const eventHandlers: HandlerTable<typeof eventCalls> = {
  createEvent({ body, caller, state }) {
    if (!isAdmin(caller)) throw forbidden('Only admins create events.');
    if (body.event_code !== undefined && state.eventByCode(body.event_code))
      throw conflict(`Event code ${body.event_code} is taken.`);
    const id = state.nextId('events');
    const event: EventRecord = {
      id,
      code: body.event_code ?? deriveCode(state, body.name),
      name: body.name,
      mode: body.mode,
      description: body.description,
      access_code: null,
      providers: [],
      user_pass_login: true,
    };
    state.events.set(id, event);
    setOpenHours(state, event.code, { event_open_hours: [] });
    return toEvent(event);
  },

  updateEvent({ params, body, caller, state }) {
    const event = requireEvent(state, params.id);
    assertManages(caller, event.code);
    // Only the fields given change; none given changes nothing (spec 01 §5).
    if (body.name !== undefined) event.name = body.name;
    if (body.mode !== undefined) event.mode = body.mode;
    if (body.description !== undefined) event.description = body.description;
    return toEvent(event);
  },

  listEvents({ caller, state }) {
    const events = [...state.events.values()].filter(
      (e) => isAdmin(caller) || e.code === caller.user.event_code,
    );
    return { events: events.map(toEvent) };
  },

  getEvent({ params, state }) {
    const event = state.eventByKey(params.id);
    if (!event) throw new ProviderHttpError(404, BACKEND_MESSAGES.EVENT_UNKNOWN);
    return toEvent(event);
  },

  setOpenHours({ params, body, caller, state }) {
    const event = requireEvent(state, params.id);
    assertManages(caller, event.code);
    const windows = [...body.event_open_hours].sort((a, b) => a.from_timestamp - b.from_timestamp);
    setOpenHours(state, event.code, { event_open_hours: windows });
    return { event_open_hours: windows };
  },

  getOpenHours({ params, state }) {
    const event = requireEvent(state, params.id);
    return { event_open_hours: state.openHours(event.code) };
  },

  loginFaqs({ query, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    return faqsOf(state, event.code);
  },

  getEventFaqs({ params, caller, state }) {
    const event = requireEvent(state, params.id);
    assertSameEvent(caller, event.code);
    return faqsOf(state, event.code);
  },

  getFaq({ params, caller, state }) {
    const faq = state.faqs.get(params.id);
    if (!faq || (faq.event_code !== caller.user.event_code && !isAdmin(caller))) throw notFound('FAQ');
    const { event_code: _e, ...rest } = faq;
    return rest;
  },

  contactHelpDesk({ body, caller, state }) {
    state.helpRequests.push({
      id: state.nextId('help'),
      user_id: caller.user.id,
      phoneNumber: body.phoneNumber,
      email: body.email,
      message: body.message,
      at: state.now(),
    });
    return { message: 'Your question was sent to the help desk. We will get back to you soon.' };
  },

  createPreference({ body, caller, state }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw notFound('Event');
    if (body.user_id !== undefined) {
      // A user's own entry (exit survey answer, avatar choice): only for themselves, in their own event.
      if (body.user_id !== caller.user.id) throw forbidden('You may set only your own preferences.');
      if (caller.user.event_code !== event.code) throw forbidden('That belongs to another event.');
    } else {
      assertManages(caller, event.code);
    }
    if (body.name === 'login' && body.user_id === undefined) {
      setOpenHours(state, event.code, body.value);
      const stored = state.preference(event.code, 'login');
      if (stored) return toPreferenceRecord(stored);
    }
    const userId = body.user_id ?? null;
    let pref = [...state.preferences.values()].find(
      (p) =>
        p.event_code === event.code && p.name === body.name && p.user_id === userId && p.room_id === null,
    );
    if (pref) {
      pref.value = body.value;
      if (body.category !== undefined) pref.category = body.category;
    } else {
      const id = state.nextId('preferences');
      pref = {
        id,
        event_code: event.code,
        name: body.name,
        value: body.value,
        category: body.category ?? null,
        user_id: userId,
        room_id: null,
      };
      state.preferences.set(id, pref);
    }
    if (
      body.name === 'user_selected_avatar' &&
      userId !== null &&
      typeof body.value === 'string' &&
      /^\d+$/.test(body.value)
    )
      caller.user.avatar_id = Number(body.value);
    return toPreferenceRecord(pref);
  },

  updatePreference({ params, body, caller, state }) {
    const pref = state.preferences.get(params.id);
    if (!pref) throw notFound('Preference');
    assertManages(caller, pref.event_code);
    const checked = PREFERENCE_VALUE_SCHEMAS[pref.name].safeParse(body.value);
    if (!checked.success) throw badRequest(`${pref.name}: ${describeIssues(checked.error.issues)}`);
    pref.value = body.value;
    if (body.category !== undefined) pref.category = body.category;
    return toPreferenceRecord(pref);
  },

  deletePreference({ params, caller, state }) {
    const pref = state.preferences.get(params.id);
    if (!pref) throw notFound('Preference');
    assertManages(caller, pref.event_code);
    state.preferences.delete(pref.id);
    return { message: 'Preference deleted.' };
  },

  getPreferences({ query, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    let names: Set<string> | undefined;
    if (query.type === 'specific') {
      const wanted = (query.name ?? '')
        .split(',')
        .map((n) => n.trim())
        .filter(Boolean);
      if (wanted.length === 0) throw badRequest('name is required when type is specific.');
      names = new Set(wanted);
    }
    const chosen = new Map<string, PreferenceRecord>();
    for (const pref of state.preferences.values()) {
      if (pref.event_code !== event.code || pref.user_id !== null) continue;
      if (names && !names.has(pref.name)) continue;
      if (query.category !== undefined && pref.category !== query.category) continue;
      if (pref.room_id !== null && pref.room_id !== query.room) continue;
      const current = chosen.get(pref.name);
      // A room's own value overrides the event's.
      if (!current || (current.room_id === null && pref.room_id !== null)) chosen.set(pref.name, pref);
    }
    return [...chosen.values()].map((p) => ({ name: p.name as PreferenceName, value: p.value }));
  },

  createBot({ body, caller, state }) {
    const event = state.eventByCode(body.event_code);
    if (!event) throw notFound('Event');
    assertManages(caller, event.code);
    if ([...state.bots.values()].some((b) => b.event_code === event.code && b.name === body.name))
      throw conflict(`A bot named ${body.name} exists already.`);
    const id = state.nextId('bots');
    const bot: BotRecord = {
      id,
      name: body.name,
      event_code: event.code,
      description: body.description,
      greeting: body.greeting,
      active: body.active,
      rules: [],
      fallback: `${body.name} has no answer for that yet.`,
    };
    state.bots.set(id, bot);
    return toBot(bot);
  },

  updateBot({ body, caller, state }) {
    const bot = requireBotOf(state, caller, body.id);
    if (body.name !== undefined && body.name !== bot.name) {
      if ([...state.bots.values()].some((b) => b.event_code === bot.event_code && b.name === body.name))
        throw badRequest(`A bot named ${body.name} exists already.`);
      bot.name = body.name;
    }
    if (body.description !== undefined) bot.description = body.description;
    if (body.greeting !== undefined) bot.greeting = body.greeting;
    if (body.active !== undefined) bot.active = body.active;
    return toBot(bot);
  },

  deleteBot({ query, caller, state }) {
    const bot = requireBotOf(state, caller, query.id);
    state.bots.delete(bot.id);
    return { message: 'Bot deleted.' };
  },

  sendEmail({ body, caller, state }) {
    // Only the item's own e-mail, only to the caller, only from a room they may enter, only so often.
    const room = requireEnterableRoom(state, caller, body.room_id);
    const item = state.roomContent.get(body.content_id);
    const isShown =
      item?.room_id === room.id &&
      (item.group === null ||
        caller.isManager ||
        state.contentGroups.get(`${room.id}:${item.group}`) !== false);
    const email = isShown ? item.attributes?.onClickSendEmail : undefined;
    if (!item || !email) throw notFound('Content item');
    const since = state.now() - CONTENT_EMAIL_LIMIT.windowMs;
    const recent = state.emails.filter((e) => e.user_id === caller.user.id && e.at > since).length;
    if (recent >= CONTENT_EMAIL_LIMIT.perWindow)
      throw new ProviderHttpError(429, BACKEND_MESSAGES.EMAILS_RATE_LIMITED);
    state.emails.push({
      id: state.nextId('emails'),
      user_id: caller.user.id,
      to: caller.user.email,
      subject: email.subject,
      body: email.body,
      content_id: item.id,
      at: state.now(),
    });
    return { message: `The e-mail is on its way to ${caller.user.email}.` };
  },

  getPassport({ caller, state }) {
    return passportOf(state, caller.user);
  },

  recordAchievement({ body, caller, state }) {
    const { user } = caller;
    // Only in a room the user may enter (contracts' mayEnterRoom); 0 is no room.
    if (body.room_id > 0) requireEnterableRoom(state, caller, body.room_id);
    // Synchronous from the read to the write: two records of the same achievement at once credit it once.
    const badge = [...state.badges.values()].find(
      (b) =>
        b.event_code === user.event_code &&
        b.achievement_attributes.includes(body.achievement_attribute) &&
        !user.completed_badges.includes(b.id),
    );
    if (badge) user.completed_badges.push(badge.id);
    const passport = passportOf(state, user);
    return {
      badge: badge ? (passport.badges.find((b) => b.id === badge.id) ?? null) : null,
      coins_credited: badge?.coin_value ?? 0,
      coin_balance: passport.coin_balance,
    };
  },

  claimPassport({ caller, state }) {
    const passport = passportOf(state, caller.user);
    if (passport.badges.length === 0 || passport.badges.some((b) => !b.badge_complete))
      throw badRequest('Complete every badge before claiming the passport.');
    const already = caller.user.passport_claimed;
    caller.user.passport_claimed = true;
    return {
      passport_claimed: true,
      message: already ? 'Passport already claimed.' : 'Passport claimed. Congratulations!',
    };
  },

  getStoreItems({ caller, state }) {
    const items = [...state.storeItems.values()]
      .filter((i) => i.event_code === caller.user.event_code)
      .map(({ event_code: _e, ...item }) => item);
    return { items };
  },

  // Synchronous from the balance read to the debit (no await in between): two purchases sent at once are
  // served one after the other, so they can never spend the same coins and the balance never goes below 0.
  purchase({ body, caller, state }) {
    const item = state.storeItems.get(body.item_id);
    if (!item || item.event_code !== caller.user.event_code) throw notFound('Store item');
    if (state.preferenceText(item.event_code, 'achievement_store') === 'no')
      throw forbidden('The goodies store is closed.');
    if (body.coin_price !== item.coin_price)
      throw badRequest(`The price of ${item.name} is ${item.coin_price} coins, not ${body.coin_price}.`);
    const balance = passportOf(state, caller.user).coin_balance;
    if (balance < item.coin_price)
      throw badRequest(formatMessage(BACKEND_MESSAGES.INSUFFICIENT_BALANCE, { item: item.name }));
    caller.user.coins_spent += item.coin_price;
    state.purchases.push({
      id: state.nextId('purchases'),
      user_id: caller.user.id,
      item_id: item.id,
      coin_price: item.coin_price,
      at: state.now(),
    });
    return { message: `You bought ${item.name}.`, coin_balance: balance - item.coin_price };
  },
};
