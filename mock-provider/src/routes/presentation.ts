/** The presentation (agenda) service: the agenda by event, room or presenter, and its management. */
import type { presentationCalls } from '@showfloor/contracts';
import { badRequest, notFound } from '../http/errors.ts';
import type { ProviderState } from '../store/state.ts';
import type { AgendaRecord, Caller } from '../store/types.ts';
import { assertManages, assertSameEvent, requireRoom } from './shared.ts';
import type { HandlerTable } from './types.ts';

function requireEntry(state: ProviderState, caller: Caller, id: number): AgendaRecord {
  const entry = state.agenda.get(id);
  if (!entry) throw notFound('Presentation');
  assertManages(caller, entry.event_code);
  return entry;
}

function checkPresenters(state: ProviderState, eventCode: string, ids: readonly number[]): void {
  for (const id of ids) if (state.users.get(id)?.event_code !== eventCode) throw notFound(`Presenter ${id}`);
}

export const presentationHandlers: HandlerTable<typeof presentationCalls> = {
  getAgenda({ query, caller, state }) {
    const event = state.eventByCode(query.event_code);
    if (!event) throw notFound('Event');
    assertSameEvent(caller, event.code);
    if (query.type !== 'event' && query.id === undefined)
      throw badRequest(`id is required for type ${query.type}.`);
    const agenda = [...state.agenda.values()]
      .filter((e) => e.event_code === event.code)
      .filter((e) => query.type !== 'room' || e.room_id === query.id)
      .filter(
        (e) => query.type !== 'presenter' || (query.id !== undefined && e.presenter_ids.includes(query.id)),
      )
      .sort((a, b) => a.start_timestamp - b.start_timestamp);
    return { agenda };
  },

  createPresentation({ params, body, caller, state }) {
    const room = requireRoom(state, caller, params.id);
    assertManages(caller, room.event_code);
    checkPresenters(state, room.event_code, body.presenter_ids);
    const entry: AgendaRecord = {
      ...body,
      id: state.nextId('agenda'),
      room_id: room.id,
      event_code: room.event_code,
    };
    state.agenda.set(entry.id, entry);
    return entry;
  },

  updatePresentation({ params, body, caller, state }) {
    const entry = requireEntry(state, caller, params.id);
    if (body.room_id !== undefined) {
      const room = state.rooms.get(body.room_id);
      if (!room || room.event_code !== entry.event_code) throw notFound('Room');
    }
    if (body.presenter_ids !== undefined) checkPresenters(state, entry.event_code, body.presenter_ids);
    const next = { ...entry, ...Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined)) };
    if (next.start_timestamp >= next.end_timestamp)
      throw badRequest('start_timestamp must be before end_timestamp');
    Object.assign(entry, next);
    return entry;
  },

  deletePresentation({ params, caller, state }) {
    const entry = requireEntry(state, caller, params.id);
    state.agenda.delete(entry.id);
    return { message: 'Presentation removed.' };
  },
};
