/**
 * The business card service: request, approve/deny (the card's owner), notes (the holder; an empty note keeps
 * the previous one), delete, lists and the CSV export. A card record is "owner's card shown to requester".
 */
import { CARD_NOTES, type businesscardCalls } from '@showfloor/contracts';
import { conflict, forbidden, notFound } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { Caller, CardRecord } from '../store/types.ts';
import { csvLine, isAdmin, requireVisibleUser, toBusinessCard } from './shared.ts';
import type { HandlerTable } from './types.ts';

function cardBetween(state: ProviderState, ownerId: number, requesterId: number): CardRecord | undefined {
  for (const card of state.cards.values())
    if (card.owner_id === ownerId && card.requester_id === requesterId) return card;
  return undefined;
}

function requireCard(state: ProviderState, caller: Caller, id: number): CardRecord {
  const card = state.cards.get(id);
  if (!card || (card.owner_id !== caller.user.id && card.requester_id !== caller.user.id))
    throw notFound('Business card');
  return card;
}

/** The approved cards a user holds. */
function heldCards(state: ProviderState, holderId: number) {
  return [...state.cards.values()]
    .filter((c) => c.requester_id === holderId && c.approved === true)
    .flatMap((c) => {
      const owner = state.users.get(c.owner_id);
      return owner ? [toBusinessCard(owner, c)] : [];
    });
}

export const businesscardHandlers: HandlerTable<typeof businesscardCalls> = {
  requestCard({ body, caller, state }) {
    if (body.requester_id !== caller.user.id) throw forbidden('You may request cards only for yourself.');
    const owner = requireVisibleUser(state, caller, body.user_id);
    if (owner.event_code !== caller.user.event_code) throw notFound('User');
    if (state.preferenceText(owner.event_code, 'business_cards') === 'no')
      throw forbidden('Business cards are switched off for this event.');
    const existing = cardBetween(state, owner.id, caller.user.id);
    if (existing?.approved === true) throw conflict('You already have this business card.');
    if (existing?.approved === null) throw conflict('The business card request was already sent.');
    let card = existing;
    if (card) {
      card.approved = null; // a denied request may be asked again
    } else {
      card = {
        card_id: state.nextId('cards'),
        owner_id: owner.id,
        requester_id: caller.user.id,
        approved: null,
        notes: '',
        created_at: state.now(),
      };
      state.cards.set(card.card_id, card);
    }
    return { approved: card.approved, card_id: card.card_id, user_id: owner.id };
  },

  getCardInfo({ params, caller, state }) {
    // The two parties, and the managers of both users' event (admins: any); not a manager of another event.
    if (caller.user.id !== params.ofId && caller.user.id !== params.toId) {
      const events = [params.ofId, params.toId].map((id) => state.users.get(id)?.event_code);
      const manages = (eventCode: string | undefined) =>
        eventCode !== undefined &&
        (isAdmin(caller) || (caller.isManager && caller.user.event_code === eventCode));
      if (!events.every(manages)) throw forbidden('You may check only cards you give or receive.');
    }
    const card = cardBetween(state, params.ofId, params.toId);
    return { approved: card?.approved ?? null, card_id: card?.card_id ?? null, user_id: params.ofId };
  },

  updateCard({ params, body, caller, state }) {
    const card = requireCard(state, caller, params.id);
    if (body.approved !== undefined) {
      if (card.owner_id !== caller.user.id) throw forbidden('Only the card owner approves or denies it.');
      card.approved = body.approved;
    }
    // Emptying the notes keeps the previous note (spec 02 §5).
    if (body.notes !== undefined && body.notes.trim() !== '') card.notes = body.notes;
    else if (body.approved !== undefined && body.notes === undefined && card.notes === '')
      card.notes = body.approved ? CARD_NOTES.ALLOW : CARD_NOTES.DENY;
    const label = body.approved === undefined ? 'updated' : body.approved ? 'approved' : 'denied';
    return { message: `Business card ${label}.` };
  },

  updateOwnCard({ params, body, caller }) {
    if (params.id !== caller.user.id) throw forbidden('You may edit only your own business card.');
    const me = caller.user;
    for (const key of [
      'personal_quote',
      'phone_number',
      'email',
      'webpage',
      'linkedin',
      'job_title',
      'company',
    ] as const) {
      const value = body[key];
      if (value !== undefined) me[key] = value ?? '';
    }
    // Not a card of another user: the own card is named by the user's id.
    return toBusinessCard(me, { card_id: me.id, notes: '' });
  },

  deleteCard({ params, caller, state }) {
    const card = requireCard(state, caller, params.id);
    state.cards.delete(card.card_id);
    return { message: 'Business card deleted.' };
  },

  getUserCards({ params, caller, state }) {
    if (params.id !== caller.user.id) throw forbidden('You may read only your own business cards.');
    return { cards: heldCards(state, params.id) };
  },

  exportCards({ params, caller, state }) {
    if (params.id !== caller.user.id) throw forbidden('You may export only your own business cards.');
    const header = [
      'firstname',
      'lastname',
      'company',
      'job_title',
      'email',
      'phone_number',
      'webpage',
      'linkedin',
      'notes',
    ] as const;
    const lines = [csvLine(header)];
    for (const card of heldCards(state, params.id)) lines.push(csvLine(header.map((h) => card[h])));
    return { kind: 'csv', filename: 'business_cards.csv', text: `${lines.join('\r\n')}\r\n` };
  },
};
