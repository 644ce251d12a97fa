/** Events and their open hours (spec 01 §3, §4). */
import { z } from 'zod';
import { EpochMsSchema, EventCodeSchema, IdSchema, TextSchema } from './common.ts';

/** One opening window of an event, in milliseconds since the epoch; `from` before `to`. */
export const OpenHoursSchema = z
  .object({
    from_timestamp: EpochMsSchema,
    to_timestamp: EpochMsSchema,
  })
  .refine((w) => w.from_timestamp < w.to_timestamp, {
    message: 'from_timestamp must be before to_timestamp',
    path: ['to_timestamp'],
  });
export type OpenHours = z.infer<typeof OpenHoursSchema>;

/** The open hours of an event: an empty list means always open. */
export const EventOpenHoursSchema = z.object({ event_open_hours: z.array(OpenHoursSchema) });
export type EventOpenHours = z.infer<typeof EventOpenHoursSchema>;

/** An event. */
export const EventSchema = z.object({
  id: IdSchema,
  event_code: EventCodeSchema,
  name: z
    .string()
    .trim()
    .min(1, 'Event name is required')
    .max(200, 'Event name must be at most 200 characters'),
  /** Free text mode of the event, e.g. 'expo' (its values are not shown in the spec). */
  mode: z.string().max(100),
  description: TextSchema,
});
export type Event = z.infer<typeof EventSchema>;

/**
 * POST event/event body.
 * Not shown in the spec: `event_code` may be given; the provider derives one from the name otherwise.
 */
export const EventCreateSchema = EventSchema.pick({ name: true, mode: true, description: true }).extend({
  event_code: EventCodeSchema.optional(),
});
export type EventCreate = z.infer<typeof EventCreateSchema>;

/** PATCH event/event/{id} body: only the fields given change; none given changes nothing (spec 01 §5). */
export const EventUpdateSchema = EventSchema.pick({ name: true, mode: true, description: true }).partial();
export type EventUpdate = z.infer<typeof EventUpdateSchema>;
