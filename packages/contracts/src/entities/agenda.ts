/** Agenda entries of the presentation service (spec 01 §4, §7). */
import { z } from 'zod';
import { EpochMsSchema, EventCodeSchema, IdParamSchema, IdSchema, TextSchema } from './common.ts';

/** Agenda query types: the whole event, one room, or one presenter. */
export const AGENDA_TYPES = ['event', 'room', 'presenter'] as const;
/** An agenda query type. */
export const AgendaTypeSchema = z.enum(AGENDA_TYPES, { error: 'type must be event, room or presenter' });
export type AgendaType = z.infer<typeof AgendaTypeSchema>;

// Not shown in the spec: the entry fields below are chosen as what an agenda needs.
/** A presentation on the agenda, in milliseconds since the epoch. */
export const AgendaEntrySchema = z.object({
  id: IdSchema,
  room_id: IdSchema,
  event_code: EventCodeSchema,
  title: z.string().trim().min(1, 'Title is required').max(200, 'Title must be at most 200 characters'),
  description: TextSchema,
  presenter_ids: z.array(IdSchema),
  start_timestamp: EpochMsSchema,
  end_timestamp: EpochMsSchema,
});
export type AgendaEntry = z.infer<typeof AgendaEntrySchema>;

const startsBeforeEnd = {
  check: (e: { start_timestamp?: number; end_timestamp?: number }) =>
    e.start_timestamp === undefined || e.end_timestamp === undefined || e.start_timestamp < e.end_timestamp,
  issue: { message: 'start_timestamp must be before end_timestamp', path: ['end_timestamp'] },
};

/** POST presentation/agenda/rooms/{id} body. */
export const AgendaEntryCreateSchema = AgendaEntrySchema.omit({
  id: true,
  room_id: true,
  event_code: true,
}).refine(startsBeforeEnd.check, startsBeforeEnd.issue);
export type AgendaEntryCreate = z.infer<typeof AgendaEntryCreateSchema>;

/** PATCH presentation/agenda/presentation/{id} body: at least one field. */
export const AgendaEntryUpdateSchema = AgendaEntrySchema.omit({ id: true, event_code: true })
  .partial()
  .refine((u) => Object.values(u).some((v) => v !== undefined), { message: 'one field must be specified' })
  .refine(startsBeforeEnd.check, startsBeforeEnd.issue);
export type AgendaEntryUpdate = z.infer<typeof AgendaEntryUpdateSchema>;

/** GET presentation/agenda query: `id` is the room or presenter id for those types. */
export const AgendaQuerySchema = z.object({
  type: AgendaTypeSchema,
  event_code: EventCodeSchema,
  id: IdParamSchema.optional(),
});

/** GET presentation/agenda answer. */
export const AgendaListSchema = z.object({ agenda: z.array(AgendaEntrySchema) });
export type AgendaList = z.infer<typeof AgendaListSchema>;
