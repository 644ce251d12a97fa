/** The recruiting dashboard's data (spec 01 §3, spec 02 §3, §4.10). */
import { z } from 'zod';
import { MAX_NOTES_LENGTH } from '../constants.ts';
import { EpochMsSchema, EventCodeSchema, IdSchema } from './common.ts';
import { BusinessCardSchema } from './business-card.ts';
import { BadgeSchema } from './passport.ts';
import { UserStatusSchema } from './user-status.ts';

/** A recruiting status an event offers, e.g. 'Invited'. */
export const RecruitingStatusOptionSchema = z.object({ id: IdSchema, name: z.string().min(1).max(200) });
export type RecruitingStatusOption = z.infer<typeof RecruitingStatusOptionSchema>;

/** PATCH user/recruitingstatus body: set a candidate's status (spec 01 §3: status_id, event_code). */
export const RecruitingStatusSchema = z.object({
  user_id: IdSchema,
  status_id: IdSchema,
  event_code: EventCodeSchema,
});
export type RecruitingStatus = z.infer<typeof RecruitingStatusSchema>;

/**
 * PATCH user/dashboard/{id} body and answer: the recruiter's notes on a candidate, at most 2000 characters
 * (spec 02 §5, §9). Sending '' keeps the previous note; the answer is the note kept.
 */
export const RecruitingNotesSchema = z.object({
  notes: z.string().max(MAX_NOTES_LENGTH, `Notes must be at most ${MAX_NOTES_LENGTH} characters`),
});
export type RecruitingNotes = z.infer<typeof RecruitingNotesSchema>;

/** A candidate as the dashboard shows them. */
export const RecruitingUserDataSchema = BusinessCardSchema.pick({
  firstname: true,
  lastname: true,
  job_title: true,
  company: true,
  personal_quote: true,
  phone_number: true,
  email: true,
  webpage: true,
  linkedin: true,
  notes: true,
}).extend({
  skills: z.array(z.string().max(2000)),
  interests: z.array(z.string().max(2000)),
  badges: z.array(BadgeSchema),
  last_login: EpochMsSchema.nullable(),
  user_status: UserStatusSchema,
  recruiting_status_id: IdSchema.nullable(),
  recruiting_statuses: z.array(RecruitingStatusOptionSchema),
});
export type RecruitingUserData = z.infer<typeof RecruitingUserDataSchema>;
