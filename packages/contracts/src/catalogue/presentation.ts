/**
 * The presentation (agenda) service's calls (spec 01 §7 "Agenda").
 * Result shapes the spec does not list (spec 01 §7: "Result shapes not listed here are not shown") are
 * chosen here once; notable choices carry a "Not shown in the spec" comment.
 */
import { MessageSchema } from '../entities/provider-answer.ts';
import {
  AgendaEntryCreateSchema,
  AgendaEntrySchema,
  AgendaEntryUpdateSchema,
  AgendaListSchema,
  AgendaQuerySchema,
} from '../entities/index.ts';
import { IdParamsSchema, errorResponses } from './shared.ts';
import type { RestCall } from './types.ts';

/** Calls of the presentation service (the app's agenda). */
export const presentationCalls = {
  getAgenda: {
    service: 'presentation',
    method: 'GET',
    path: '/agenda',
    query: AgendaQuerySchema,
    responses: { 200: AgendaListSchema, ...errorResponses(400, 401) },
    auth: 'user',
    idempotent: true,
    summary: 'The agenda of an event, a room (id) or a presenter (id)',
  },
  createPresentation: {
    service: 'presentation',
    method: 'POST',
    path: '/agenda/rooms/:id',
    params: IdParamsSchema,
    body: AgendaEntryCreateSchema,
    responses: { 200: AgendaEntrySchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Add a presentation to a room’s agenda',
  },
  updatePresentation: {
    service: 'presentation',
    method: 'PATCH',
    path: '/agenda/presentation/:id',
    params: IdParamsSchema,
    body: AgendaEntryUpdateSchema,
    responses: { 200: AgendaEntrySchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    summary: 'Change a presentation',
  },
  deletePresentation: {
    service: 'presentation',
    method: 'DELETE',
    path: '/agenda/presentation/:id',
    params: IdParamsSchema,
    responses: { 200: MessageSchema, ...errorResponses(400, 401, 403, 404) },
    auth: 'manager',
    idempotent: true,
    summary: 'Remove a presentation',
  },
} as const satisfies Record<string, RestCall>;
