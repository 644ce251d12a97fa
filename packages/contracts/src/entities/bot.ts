/** Chat bots of an event (spec 01 §7 event/bot). Not shown in the spec: fields chosen as what a bot needs. */
import { z } from 'zod';
import { EventCodeSchema, IdSchema, NameSchema, TextSchema } from './common.ts';

/** A bot users can chat with. */
export const BotSchema = z.object({
  id: IdSchema,
  name: NameSchema,
  event_code: EventCodeSchema,
  description: TextSchema,
  /** First message the bot sends in a new conversation. */
  greeting: TextSchema,
  active: z.boolean(),
});
export type Bot = z.infer<typeof BotSchema>;

/** POST event/bot body. */
export const BotCreateSchema = BotSchema.omit({ id: true }).extend({
  description: TextSchema.default(''),
  greeting: TextSchema.default(''),
  active: z.boolean().default(true),
});
export type BotCreate = z.infer<typeof BotCreateSchema>;

/** PATCH event/bot body: the bot's id and the fields to change (at least one). */
export const BotUpdateSchema = BotSchema.omit({ event_code: true })
  .partial()
  .required({ id: true })
  .refine((u) => Object.keys(u).some((k) => k !== 'id' && u[k as keyof typeof u] !== undefined), {
    message: 'one field must be specified',
  });
export type BotUpdate = z.infer<typeof BotUpdateSchema>;
