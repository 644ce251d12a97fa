/** The recruiting dashboard's data (spec 01 §3, spec 02 §3, §4.10). */
import { z } from 'zod';
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
