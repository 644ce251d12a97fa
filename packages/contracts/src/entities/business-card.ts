/** Business cards and the card info between two users (spec 02 §3, §4.2, §5). */
import { z } from 'zod';
import { MAX_NOTES_LENGTH } from '../constants.ts';
import { BACKEND_MESSAGES } from '../errors.ts';
import { IdSchema } from './common.ts';
import { UserProfileSchema } from './user-profile.ts';

/** Notes on a card: at most 2000 characters. */
export const CardNotesSchema = z
  .string()
  .max(MAX_NOTES_LENGTH, `Notes must be at most ${MAX_NOTES_LENGTH} characters`);

/** Whether user A's card is shown to user B: `approved` true (allowed), false (denied) or null (pending/none). */
export const BusinessCardInfoSchema = z.object({
  approved: z.boolean().nullable(),
  card_id: IdSchema.nullable(),
  user_id: IdSchema,
});
export type BusinessCardInfo = z.infer<typeof BusinessCardInfoSchema>;

/** A business card as its holder sees it. */
export const BusinessCardSchema = UserProfileSchema.pick({
  firstname: true,
  lastname: true,
  job_title: true,
  company: true,
  phone_number: true,
  webpage: true,
  linkedin: true,
}).extend({
  card_id: IdSchema,
  user_id: IdSchema,
  email: z.string().max(254).nullable(),
  personal_quote: z.string().max(2000).nullable(),
  skill: z.array(z.string().max(2000)),
  interest: z.array(z.string().max(2000)),
  notes: CardNotesSchema.nullable(),
  profile_picture_path: z.string().max(500).nullable(),
});
export type BusinessCard = z.infer<typeof BusinessCardSchema>;

/** A list of cards. */
export const BusinessCardListSchema = z.object({ cards: z.array(BusinessCardSchema) });
export type BusinessCardList = z.infer<typeof BusinessCardListSchema>;

/** POST businesscard/businesscard body: `requester_id` asks for `user_id`'s card. */
export const BusinessCardRequestSchema = z
  .object({ user_id: IdSchema, requester_id: IdSchema })
  .refine((r) => r.user_id !== r.requester_id, {
    message: 'You cannot request your own card',
    path: ['user_id'],
  });
export type BusinessCardRequest = z.infer<typeof BusinessCardRequestSchema>;

/** PATCH businesscard/businesscard/{id} body: approve, deny or annotate; one of the two is needed. */
export const BusinessCardUpdateSchema = z
  .object({ approved: z.boolean().optional(), notes: CardNotesSchema.optional() })
  .refine((u) => u.approved !== undefined || u.notes !== undefined, {
    message: BACKEND_MESSAGES.CARD_UPDATE_NEEDS_FIELD,
  });
export type BusinessCardUpdate = z.infer<typeof BusinessCardUpdateSchema>;

/** PATCH businesscard/businesscard/of/{id} body: the holder edits their own card's fields. */
export const OwnCardUpdateSchema = BusinessCardSchema.pick({
  personal_quote: true,
  phone_number: true,
  email: true,
  webpage: true,
  linkedin: true,
  job_title: true,
  company: true,
})
  .partial()
  .refine((u) => Object.values(u).some((v) => v !== undefined), {
    message: BACKEND_MESSAGES.ROOM_UPDATE_NEEDS_FIELD,
  });
export type OwnCardUpdate = z.infer<typeof OwnCardUpdateSchema>;
