/** The passport: achievement badges and coins (spec 02 §3, §4.9). */
import { z } from 'zod';
import { IdSchema } from './common.ts';

/** One achievement badge; `coin_value` may be null (no coins). */
export const BadgeSchema = z.object({
  id: IdSchema,
  title: z.string().min(1).max(200),
  description: z.string().max(2000),
  badge_complete: z.boolean(),
  coin_value: z.number().int().nonnegative().nullable(),
});
export type Badge = z.infer<typeof BadgeSchema>;

/** A user's passport. */
export const PassportSchema = z.object({
  badges: z.array(BadgeSchema),
  coin_balance: z.number().int().nonnegative(),
  passport_claimed: z.boolean(),
});
export type Passport = z.infer<typeof PassportSchema>;

/** PATCH event/passport (claim) answer. */
export const PassportClaimResultSchema = PassportSchema.pick({ passport_claimed: true }).extend({
  message: z.string(),
});
export type PassportClaimResult = z.infer<typeof PassportClaimResultSchema>;
